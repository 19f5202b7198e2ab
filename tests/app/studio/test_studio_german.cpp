// Issue 35, item 21: the studio in German, as Language::install("de") sets it up at start. Run
// states, stop reasons and verdict sentences core writes in English are shown in German; numbers
// and dates follow the German locale (1.234,5 and 05.12.2026); the canvas names its components
// in German; the runner's problem messages that follow a known template are German, others stay
// as written; and nothing is cut short: axis titles wrap (long words hyphenated), the editor's
// form fits its pane, the canvas toolbar shows each action or offers it in its extension menu.
// Screenshots (editor_de.png, canvas_de.png) go to the build tree and D500_SCREENSHOT_DIR.
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFontMetricsF>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>

#include "canvas/canvas_names.h"
#include "canvas/canvas_palette.h"
#include "canvas/experiment_canvas.h"
#include "charts/axis_titles.h"
#include "charts/units.h"
#include "common/core_text.h"
#include "common/display_names.h"
#include "common/locale_format.h"
#include "d500/distributed/scheme_registry.h"
#include "d500/training/time_to_accuracy.h"
#include "dashboards/summary_format.h"
#include "editor/experiment_editor.h"
#include "main_window/experiment_actions.h"
#include "main_window/language.h"
#include "main_window/main_window.h"
#include "studio_test_support.h"

using namespace d500::studio;

namespace {

void saveScreenshot(QWidget* w, const QString& name) {
  const QImage image = w->grab().toImage();
  QVERIFY(image.save(QStringLiteral(D500_TEST_BINARY_DIR "/tests/app/studio/") + name));
  const QString dir = qEnvironmentVariable("D500_SCREENSHOT_DIR");
  if (!dir.isEmpty()) QVERIFY(image.save(dir + QLatin1Char('/') + name));
}

}  // namespace

class GermanTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(Language::install(QCoreApplication::instance(), QStringLiteral("de")));
  }

  void runStatesStopReasonsAndVerdicts() {
    QCOMPARE(DisplayNames::runStatus(d500::store::RunStatus::Succeeded),
             QStringLiteral("erfolgreich"));
    QCOMPARE(DisplayNames::runStatus(QStringLiteral("cancelled")), QStringLiteral("abgebrochen"));
    QCOMPARE(CoreText::stopReason(QStringLiteral("converged")), QStringLiteral("konvergiert"));
    QCOMPARE(CoreText::stopReason(QStringLiteral("max_samples")),
             QStringLiteral("Stichprobenhöchstzahl"));
    QCOMPARE(CoreText::stopReason(QStringLiteral("error: boom")), QStringLiteral("Fehler: boom"));
    QCOMPARE(CoreText::verdict(QStringLiteral("faster")), QStringLiteral("schneller"));
    QCOMPARE(CoreText::sentence(QStringLiteral("stopped: target reached; 120 steps in 3.52 s")),
             QStringLiteral("angehalten: Ziel erreicht; 120 Schritte in 3,52 s"));
    QCOMPARE(CoreText::sentence(QStringLiteral("one rank: nothing to compare")),
             QStringLiteral("ein Rang: nichts zu vergleichen"));
    d500::training::TtaSummary s;
    s.reached = 3;
    s.median = 2.31;
    s.ci_valid = true;
    s.ci_lo = 2.1;
    s.ci_hi = 2.6;
    QCOMPARE(CoreText::ttaSummary(s), QStringLiteral("Median 2,31 s [2,1; 2,6] bei 3 von 3 Seeds"));
    // Every built-in distributed scheme's summary (the Distributed form's tooltips) is German.
    for (const auto* scheme : d500::distributed::schemes().all()) {
      if (scheme->origin != "built-in") continue;
      const QString english = QString::fromStdString(scheme->summary);
      QVERIFY2(CoreText::sentence(english) != english, qPrintable(english));
    }
    QCOMPARE(
        CoreText::sentence(
            QStringLiteral("synchronous SGD: gradients averaged over all ranks before every step")),
        QStringLiteral("synchrones SGD: Gradienten vor jedem Schritt über alle Ränge gemittelt"));
    // What core writes and no template knows stays as written.
    QCOMPARE(CoreText::sentence(QStringLiteral("something new")), QStringLiteral("something new"));
  }

  void numbersAndDatesInTheGermanLocale() {
    QCOMPARE(formatNumber(1234.5, 5), QStringLiteral("1.234,5"));
    QCOMPARE(formatNumber(2.5), QStringLiteral("2,5"));
    QCOMPARE(formatPercent(2.5), QStringLiteral("2,5"));
    QCOMPARE(percentText(0.125), QStringLiteral("12,5%"));
    QCOMPARE(LocaleFormat::integer(1234567), QStringLiteral("1.234.567"));
    const QDateTime t(QDate(2026, 12, 5), QTime(14, 25));
    const double seconds = static_cast<double>(t.toSecsSinceEpoch());
    QCOMPARE(LocaleFormat::dateTime(seconds), QStringLiteral("05.12.2026 14:25"));
    QCOMPARE(DisplayNames::time(seconds), QStringLiteral("05.12.2026 14:25"));
  }

  void canvasNamesItsComponentsInGerman() {
    QCOMPARE(CanvasNames::kind("Stop conditions"), QStringLiteral("Abbruchbedingungen"));
    QCOMPARE(CanvasNames::kind("Optimizer"), QStringLiteral("Optimierer"));
    QCOMPARE(CanvasNames::port(QStringLiteral("batch sizes")), QStringLiteral("Batchgrößen"));
    QCOMPARE(CanvasNames::type(QStringLiteral("Timings")), QStringLiteral("Zeitmessungen"));
    CanvasPalette palette;
    palette.showFor(Json{{"d500", 1}, {"level", "training"}});
    QStringList groups;
    for (int i = 0; i < palette.topLevelItemCount(); ++i)
      groups << palette.topLevelItem(i)->text(0);
    QVERIFY2(groups.contains(QStringLiteral("Optimierer")),
             qPrintable(groups.join(QLatin1String(", "))));
    QVERIFY2(!groups.contains(QStringLiteral("Optimizer")),
             qPrintable(groups.join(QLatin1String(", "))));
  }

  void problemsFollowingATemplateAreGerman() {
    QCOMPARE(CoreText::problem(QStringLiteral("missing (required)")),
             QStringLiteral("fehlt (erforderlich)"));
    QCOMPARE(CoreText::problem(QStringLiteral("expected a string, got number 3")),
             QStringLiteral("erwartet wird eine Zeichenkette, gefunden: Zahl 3"));
    QCOMPARE(CoreText::problem(QStringLiteral("level \"quantum\" is not part of this build")),
             QStringLiteral("Ebene „quantum“ ist nicht Teil dieses Builds"));
    QCOMPARE(CoreText::problem(QStringLiteral("the reactor is too hot")),
             QStringLiteral("the reactor is too hot"));
  }

  void axisTitlesWrapLongGermanWords() {
    QFont font;
    const QFontMetricsF m(font);
    const double width = m.horizontalAdvance(QStringLiteral("Kommunikations")) + 16;
    const QString wrapped =
        AxisTitles::wrapped(QStringLiteral("Kommunikationsanteil (%)"), font, width);
    for (const QString& line : wrapped.split(QStringLiteral("<br>")))
      QVERIFY2(m.horizontalAdvance(line) + 16 <= width, qPrintable(wrapped));
    QVERIFY2(wrapped.contains(QStringLiteral("-<br>")), qPrintable(wrapped));
  }

  void editorFormFitsItsPaneAndToolbarCutsNothing() {
    QTemporaryDir dir;
    MainWindow w(false);
    QVERIFY(w.openProject(d500::test::copyExampleProject(dir)));
    w.show();  // the default size
    ExperimentEditor* editor = w.experimentActions()->open(0);
    QVERIFY(editor);
    QTest::qWait(50);
    auto* scroll = editor->findChild<QScrollArea*>();
    QVERIFY(scroll && scroll->widget());
    QVERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
             qPrintable(QStringLiteral("form %1 px, pane %2 px")
                            .arg(scroll->widget()->minimumSizeHint().width())
                            .arg(scroll->viewport()->width())));
    QCOMPARE(scroll->horizontalScrollBar()->maximum(), 0);
    saveScreenshot(&w, QStringLiteral("editor_de.png"));

    editor->showView(1);
    auto* canvas = editor->findChild<ExperimentCanvas*>();
    QVERIFY(canvas && canvas->isVisible());
    QTest::qWait(50);
    auto* tools = canvas->findChild<QToolBar*>();
    QVERIFY(tools);
    auto* extension = tools->findChild<QToolButton*>(QStringLiteral("qt_toolbar_ext_button"));
    for (QAction* a : tools->actions()) {
      if (a->isSeparator()) continue;
      QWidget* b = tools->widgetForAction(a);
      const bool whole = b && b->isVisible() && tools->rect().contains(b->geometry());
      QVERIFY2(whole || (extension && extension->isVisible()), qPrintable(a->text()));
    }
    QVERIFY2(canvas->width() <= editor->width(), "the canvas is wider than its tab");
    saveScreenshot(&w, QStringLiteral("canvas_de.png"));
  }
};

QTEST_MAIN(GermanTest)
#include "test_studio_german.moc"
