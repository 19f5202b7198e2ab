// d500-studio: the desktop workbench. Options:
//   --project FILE     open this project (also accepted as the only positional argument)
//   --store FILE       use this result store instead of the project's (not saved unless asked)
//   --lang CODE        en, de or zh_CN (default: the language chosen in the settings)
//   --screenshot FILE  render the main window once the project and the plugin list are loaded,
//                      save it as PNG and exit (works offscreen: QT_QPA_PLATFORM=offscreen)
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QPixmap>

#include <cstdio>

#include "d500/build_info.h"
#include "main_window/language.h"
#include "main_window/main_window.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("d500"));
  QApplication::setApplicationName(QStringLiteral("d500-studio"));
  QApplication::setApplicationVersion(QStringLiteral(D500_VERSION_STRING));
  QApplication::setDesktopFileName(QStringLiteral("d500-studio"));

  QCommandLineParser cli;
  cli.setApplicationDescription(QStringLiteral("d500 Studio: benchmarking workbench for deep learning"));
  cli.addHelpOption();
  cli.addVersionOption();
  const QCommandLineOption project(QStringLiteral("project"), QStringLiteral("Open the project FILE."), QStringLiteral("FILE"));
  const QCommandLineOption store(QStringLiteral("store"), QStringLiteral("Use the result store FILE instead of the project's."),
                                 QStringLiteral("FILE"));
  const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("Language: en, de or zh_CN."), QStringLiteral("CODE"));
  const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                      QStringLiteral("Save the loaded main window as PNG to FILE and exit."),
                                      QStringLiteral("FILE"));
  cli.addOptions({project, store, lang, screenshot});
  cli.addPositionalArgument(QStringLiteral("project"), QStringLiteral("A project file (*.d500proj)."), QStringLiteral("[project]"));
  cli.process(app);

  const QString code = cli.isSet(lang) ? cli.value(lang) : d500::studio::Language::fromSettings();
  if (!d500::studio::Language::install(&app, code)) {
    std::fprintf(stderr, "d500-studio: unknown language \"%s\" (use en, de or zh_CN)\n", qPrintable(code));
    return 2;
  }

  const bool headless = cli.isSet(screenshot);
  d500::studio::MainWindow window(!headless);
  QString projectFile = cli.value(project);
  if (projectFile.isEmpty() && !cli.positionalArguments().isEmpty()) projectFile = cli.positionalArguments().first();
  if (!projectFile.isEmpty() && !window.openProject(projectFile, cli.value(store)) && headless) {
    std::fprintf(stderr, "d500-studio: cannot open %s\n", qPrintable(projectFile));
    return 3;
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
