// Issue 13, item 5: everyday friction. The mouse wheel never changes a combo box or spin box
// that has no focus (it scrolls the form instead); what the studio has to say at start-up is one
// non-modal banner, not a stack of dialogs; file dialogs open in the project's folder; Help
// lists every shortcut from the actions themselves, none bound twice; and run states, levels and
// dates are shown in the user's language.
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QVBoxLayout>
#include <QWheelEvent>

#include "common/dialog_folder.h"
#include "common/display_names.h"
#include "dialogs/help_dialogs.h"
#include "main_window/main_window.h"
#include "main_window/studio_actions.h"
#include "views/notice_banner.h"
#include "views/wheel_guard.h"

using namespace d500::studio;

namespace {

void wheel(QWidget* w, int steps) {
  const QPointF at = QPointF(w->rect().center());
  QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, 120 * steps), Qt::NoButton,
                Qt::NoModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(w, &e);
}

QList<QMessageBox*> openMessageBoxes() {
  QList<QMessageBox*> boxes;
  for (QWidget* w : QApplication::topLevelWidgets())
    if (auto* b = qobject_cast<QMessageBox*>(w); b && b->isVisible()) boxes << b;
  return boxes;
}

}  // namespace

class FrictionTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void wheelLeavesUnfocusedFieldsAlone() {
    WheelGuard::installOnApplication();
    QScrollArea area;
    auto* form = new QWidget;
    auto* column = new QVBoxLayout(form);
    auto* combo = new QComboBox;
    combo->addItems({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    combo->setCurrentIndex(1);
    auto* spin = new QSpinBox;
    spin->setValue(5);
    auto* other = new QSpinBox;  // something to hold the focus
    column->addWidget(other);
    column->addWidget(combo);
    column->addWidget(spin);
    column->addSpacing(3000);  // a form taller than its area: the wheel has something to scroll
    area.setWidget(form);
    area.resize(300, 200);
    area.show();
    QVERIFY(QTest::qWaitForWindowExposed(&area));
    area.activateWindow();
    other->setFocus();
    QTRY_VERIFY(other->hasFocus());

    wheel(combo, -1);
    wheel(spin->findChild<QLineEdit*>(), -1);  // over its text
    wheel(spin, -1);                           // all downwards: the form scrolls down
    QCOMPARE(combo->currentIndex(), 1);
    QCOMPARE(spin->value(), 5);
    QVERIFY(area.verticalScrollBar()->value() > 0);  // the form scrolled instead

    spin->setFocus();
    QTRY_VERIFY(spin->hasFocus());
    wheel(spin, 1);
    QCOMPARE(spin->value(), 6);  // focused: the wheel is the user's
  }

  void startUpMessagesAreOneBanner() {
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    QFile f(dir.filePath(QStringLiteral("p.d500proj")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    // Two problems at once: a store that does not exist, an experiment file that does not.
    f.write(
        R"({"d500_project": 1, "store": "missing.d500db", "experiments": [{"path": "gone.json"}]})");
    f.close();
    MainWindow w(true);  // interactive: where dialogs used to stack
    w.show();
    QVERIFY(w.openProject(f.fileName()));
    QVERIFY(openMessageBoxes().isEmpty());
    NoticeBanner* banner = w.noticeBanner();
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->messages().size() >= 2,
             qPrintable(banner->messages().join(QLatin1Char('\n'))));
    QVERIFY(banner->shownText().contains(banner->messages().last()));
    QVERIFY(!banner->shownText().contains(banner->messages().first()));
    banner->setExpanded(true);
    for (const QString& m : banner->messages()) QVERIFY(banner->shownText().contains(m));
    banner->dismiss();
    QVERIFY(!banner->isVisible());
    QVERIFY(banner->messages().isEmpty());
    w.close();
  }

  void fileDialogsOpenInTheProjectFolder() {
    QTemporaryDir tmp;
    const QString sub = QDir(tmp.path()).filePath(QStringLiteral("work"));
    QDir().mkpath(sub);
    MainWindow w(false);
    QFile f(QDir(sub).filePath(QStringLiteral("p.d500proj")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"d500_project": 1, "store": "s.d500db", "experiments": []})");
    f.close();
    QVERIFY(w.openProject(f.fileName()));
    QCOMPARE(QDir(DialogFolder::folder()).canonicalPath(), QDir(sub).canonicalPath());
    QCOMPARE(QFileInfo(DialogFolder::suggest(QStringLiteral("report.pdf"))).dir().canonicalPath(),
             QDir(sub).canonicalPath());
    QCOMPARE(DialogFolder::suggest(QStringLiteral("/abs/x.png")), QStringLiteral("/abs/x.png"));
  }

  void shortcutsAreListedAndUnique() {
    MainWindow w(false);
    const QList<ShortcutRow> rows = shortcutRows(&w);
    auto find = [&](const QString& action) {
      for (const ShortcutRow& r : rows)
        if (r.action == action) return r;
      return ShortcutRow{};
    };
    QCOMPARE(find(QStringLiteral("Run")).shortcut,
             QKeySequence(QStringLiteral("F5")).toString(QKeySequence::NativeText));
    QCOMPARE(find(QStringLiteral("Run")).menu, QStringLiteral("Run"));
    QCOMPARE(find(QStringLiteral("Save Project")).menu, QStringLiteral("File"));
    QVERIFY(!find(QStringLiteral("Keyboard Shortcuts")).shortcut.isEmpty());
    QVERIFY(!find(QStringLiteral("User Guide")).shortcut.isEmpty());
    // Every action of the menus with a shortcut is listed, and no key is bound to two commands.
    QHash<QString, QString> owner;
    for (const ShortcutRow& r : rows)
      for (const QString& key : r.shortcut.split(QStringLiteral(", "))) {
        QVERIFY2(!owner.contains(key),
                 qPrintable(QStringLiteral("%1 is bound to both \"%2\" and \"%3\"")
                                .arg(key, owner.value(key), r.action)));
        owner.insert(key, r.action);
      }
    int withKeys = 0;
    for (QAction* a : w.actions()->findChildren<QAction*>())
      if (!a->shortcuts().isEmpty()) ++withKeys;
    QVERIFY(rows.size() >= withKeys);
    QVERIFY(UserGuideDialog::guideHtml().contains(QStringLiteral("F5")));
  }

  void namesAndDatesInTheUsersLanguage() {
    QCOMPARE(DisplayNames::runStatus(d500::store::RunStatus::Succeeded),
             QStringLiteral("succeeded"));
    QCOMPARE(DisplayNames::runStatus(QStringLiteral("no-such-state")),
             QStringLiteral("no-such-state"));
    QCOMPARE(DisplayNames::time(0), QString());
    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/d500_de.qm")));
    QCoreApplication::installTranslator(&t);
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    const QString status = DisplayNames::runStatus(d500::store::RunStatus::Succeeded);
    const QString level = DisplayNames::level(QStringLiteral("training"));
    const QString when = DisplayNames::time(1796126400);  // 2026-12-01 12:00 UTC
    QCoreApplication::removeTranslator(&t);
    QLocale::setDefault(before);
    QCOMPARE(status, QStringLiteral("erfolgreich"));
    QCOMPARE(level, QStringLiteral("Training"));
    QVERIFY2(when.contains(QStringLiteral("01.12.")), qPrintable(when));
  }
};

QTEST_MAIN(FrictionTest)
#include "test_studio_friction.moc"
