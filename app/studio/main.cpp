// d500-studio: the desktop workbench. Options:
//   --project FILE     open this project (also accepted as the only positional argument)
//   --store FILE       use this result store instead of the project's (not saved unless asked);
//                      without a project, open the store's runs in an untitled project (also
//                      for a positional argument ending in .d500db, as a file manager passes it)
//   --lang CODE        en, de or zh_CN (default: the language chosen in the settings)
//   --screenshot FILE  render the main window once the project and the plugin list are loaded,
//                      save it as PNG and exit (works offscreen: QT_QPA_PLATFORM=offscreen)
//   --report RUN[,RUN...] -o FILE.html|FILE.pdf    headless report (headless/headless_export.h)
//   --dashboard RUN -o FILE.png|FILE.svg [--size WxH]   headless dashboard
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QPixmap>
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "d500/build_info.h"
#include "headless/headless_export.h"
#include "main_window/language.h"
#include "main_window/main_window.h"
#include "project/open_target.h"

namespace {

struct Options {
  QCommandLineOption project{QStringLiteral("project"), QStringLiteral("Open the project FILE."),
                             QStringLiteral("FILE")};
  QCommandLineOption store{
      QStringLiteral("store"),
      QStringLiteral("Use the result store FILE instead of the project's; "
                     "without a project, show its runs in an untitled project."),
      QStringLiteral("FILE")};
  QCommandLineOption lang{QStringLiteral("lang"), QStringLiteral("Language: en, de or zh_CN."),
                          QStringLiteral("CODE")};
  QCommandLineOption screenshot{
      QStringLiteral("screenshot"),
      QStringLiteral("Save the loaded main window as PNG to FILE and exit (needs no display)."),
      QStringLiteral("FILE")};
  QCommandLineOption report{
      QStringLiteral("report"),
      QStringLiteral("Write the report on the runs RUNS (ids, comma-separated, the first the "
                     "baseline; or latest) of --store to -o FILE.html or FILE.pdf and exit "
                     "(needs no display)."),
      QStringLiteral("RUNS")};
  QCommandLineOption dashboard{
      QStringLiteral("dashboard"),
      QStringLiteral("Draw the dashboard of the run RUN of --store into -o FILE.png or FILE.svg "
                     "and exit (needs no display)."),
      QStringLiteral("RUN")};
  QCommandLineOption output{{QStringLiteral("o"), QStringLiteral("output")},
                            QStringLiteral("The file --report or --dashboard writes."),
                            QStringLiteral("FILE")};
  QCommandLineOption size{QStringLiteral("size"),
                          QStringLiteral("The dashboard's size in pixels (default 1600x1000)."),
                          QStringLiteral("WxH")};

  void addTo(QCommandLineParser& cli) const {
    cli.setApplicationDescription(
        QStringLiteral("d500 Studio: benchmarking workbench for deep learning"));
    cli.addHelpOption();
    cli.addVersionOption();
    cli.addOptions({project, store, lang, screenshot, report, dashboard, output, size});
    cli.addPositionalArgument(
        QStringLiteral("file"),
        QStringLiteral("A project (*.d500proj) or a result store (*.d500db) to open."),
        QStringLiteral("[file]"));
  }
};

bool hasArgument(int argc, char** argv, std::initializer_list<const char*> names) {
  for (int i = 1; i < argc; ++i)
    for (const char* n : names)
      if (std::strcmp(argv[i], n) == 0) return true;
  return false;
}

// --help and --version answer without a display: parsed by a QCoreApplication, which needs no
// platform plugin (QApplication aborts without one before any option is read).
void answerWithoutDisplay(int argc, char** argv, const Options& o) {
  if (!hasArgument(argc, argv, {"--help", "-h", "-?", "--help-all", "--version", "-v"})) return;
  QCoreApplication core(argc, argv);
  QCoreApplication::setApplicationName(QStringLiteral("d500-studio"));
  QCoreApplication::setApplicationVersion(QStringLiteral(D500_VERSION_STRING));
  QCommandLineParser cli;
  o.addTo(cli);
  cli.process(core);  // prints and exits
}

// Without a display, a headless export runs offscreen; anything else says what is missing
// instead of Qt's abort. A report or a dashboard export never uses the display.
bool chooseDisplay(int argc, char** argv) {
  if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") &&
      d500::studio::HeadlessExport::requested(argc, argv)) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    return true;
  }
  if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM") || qEnvironmentVariableIsSet("DISPLAY") ||
      qEnvironmentVariableIsSet("WAYLAND_DISPLAY"))
    return true;
  if (hasArgument(argc, argv, {"--screenshot"})) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    return true;
  }
  std::fprintf(stderr,
               "d500-studio: no display (neither DISPLAY nor WAYLAND_DISPLAY is set). Run it on "
               "a desktop, or export headless: d500-studio --store DB --report RUN -o OUT.pdf, "
               "--store DB --dashboard RUN -o OUT.png, --project P --screenshot OUT.png, or set "
               "QT_QPA_PLATFORM=offscreen\n");
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o;
  answerWithoutDisplay(argc, argv, o);
  if (!chooseDisplay(argc, argv)) return 2;
  if (d500::studio::HeadlessExport::requested(argc, argv)) d500::studio::HeadlessExport::quietQt();
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("d500"));
  QApplication::setApplicationName(QStringLiteral("d500-studio"));
  QApplication::setApplicationVersion(QStringLiteral(D500_VERSION_STRING));
  QApplication::setDesktopFileName(QStringLiteral("d500-studio"));

  QCommandLineParser cli;
  o.addTo(cli);
  if (!cli.parse(QCoreApplication::arguments())) {
    std::fprintf(stderr, "d500-studio: %s (see d500-studio --help)\n", qPrintable(cli.errorText()));
    return 2;
  }
  const auto& project = o.project;
  const auto& store = o.store;
  const auto& lang = o.lang;
  const auto& screenshot = o.screenshot;

  const QString code = cli.isSet(lang) ? cli.value(lang) : d500::studio::Language::fromSettings();
  if (!d500::studio::Language::install(&app, code)) {
    std::fprintf(stderr, "d500-studio: unknown language \"%s\" (use en, de or zh_CN)\n",
                 qPrintable(code));
    return 2;
  }

  if (cli.isSet(o.report) || cli.isSet(o.dashboard))
    return d500::studio::HeadlessExport::run({cli.value(store), cli.value(o.report),
                                              cli.value(o.dashboard), cli.value(o.output),
                                              cli.value(o.size)});
  if (cli.isSet(o.output) || cli.isSet(o.size)) {
    std::fprintf(stderr, "d500-studio: -o and --size go with --report or --dashboard\n");
    return 2;
  }

  d500::studio::OpenTarget target;
  QString error;
  if (!d500::studio::OpenTarget::fromArguments(cli.value(project), cli.value(store),
                                               cli.positionalArguments(), &target, &error)) {
    std::fprintf(stderr, "d500-studio: %s (see d500-studio --help)\n", qPrintable(error));
    return 2;
  }
  const bool headless = cli.isSet(screenshot);
  d500::studio::MainWindow window(!headless);
  if (!target.project.isEmpty()) {
    if (!window.openProject(target.project, target.store) && headless) {
      std::fprintf(stderr, "d500-studio: cannot open %s\n", qPrintable(target.project));
      return 3;
    }
  } else if (!target.store.isEmpty()) {
    window.openStore(target.store);
  }
  window.show();
  if (!headless) return app.exec();

  // A usable window: the plugin list has arrived (the palette and plugins dock are filled) and
  // the charts have read the store (waitUntilReady asks them to).
  window.waitUntilReady(10000);
  const QString out = cli.value(screenshot);
  if (!window.grab().save(out, "PNG")) {
    std::fprintf(stderr, "d500-studio: cannot write the screenshot %s\n", qPrintable(out));
    return 4;
  }
  return 0;
}
