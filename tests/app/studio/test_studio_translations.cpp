// Issue 6, item 8: translations. The German and Chinese catalogues are compiled into the binary;
// loading one changes the strings the window shows; and every message of both .ts files has a
// finished translation (none left "unfinished", none empty). The network editor in German: its
// menus, form and attribute messages come from the catalogue (each in the context it runs in),
// and its screenshot (network_editor_de.png) goes to the build tree and D500_SCREENSHOT_DIR.
#include <QAction>
#include <QFile>
#include <QMenuBar>
#include <QPushButton>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

#include "graph/graph_view.h"
#include "main_window/language.h"
#include "main_window/main_window.h"
#include "models/plugin_query.h"
#include "network_editor/attribute_text.h"
#include "network_editor/network_editor.h"
#include "network_editor/network_editor_window.h"
#include "network_editor/node_form.h"

using namespace d500::studio;

class TranslationsTest : public QObject {
  Q_OBJECT

 private:
  static QString fileMenuTitle() {
    MainWindow w(false);
    return w.menuBar()->actions().first()->text();
  }

  static void checkComplete(const QString& path) {
    QFile f(path);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
    QXmlStreamReader xml(&f);
    int messages = 0;
    QString source;
    while (!xml.atEnd()) {
      xml.readNext();
      if (!xml.isStartElement()) continue;
      if (xml.name() == QLatin1String("source")) {
        source = xml.readElementText();
      } else if (xml.name() == QLatin1String("translation")) {
        ++messages;
        const QString type = xml.attributes().value(QLatin1String("type")).toString();
        QVERIFY2(type != QLatin1String("unfinished") && type != QLatin1String("vanished"),
                 qPrintable(QStringLiteral("%1: not translated: %2").arg(path, source)));
        QString text;
        // Plural forms come as <numerusform> children.
        while (!(xml.isEndElement() && xml.name() == QLatin1String("translation"))) {
          xml.readNext();
          if (xml.isCharacters()) text += xml.text();
        }
        QVERIFY2(!text.trimmed().isEmpty(),
                 qPrintable(QStringLiteral("%1: empty translation: %2").arg(path, source)));
      }
    }
    QVERIFY(!xml.hasError());
    QVERIFY2(messages > 300,
             qPrintable(QStringLiteral("%1 holds only %2 messages").arg(path).arg(messages)));
  }

 private Q_SLOTS:
  void englishByDefault() { QCOMPARE(fileMenuTitle(), QStringLiteral("&File")); }

  void germanChangesTheWindow() {
    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/d500_de.qm")));
    QCoreApplication::installTranslator(&t);
    QCOMPARE(fileMenuTitle(), QStringLiteral("&Datei"));
    QCOMPARE(QCoreApplication::translate("d500::studio::RunJob", "crashed"),
             QStringLiteral("abgestürzt"));
    QCoreApplication::removeTranslator(&t);
    QCOMPARE(fileMenuTitle(), QStringLiteral("&File"));
  }

  void chineseChangesTheWindow() {
    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/d500_zh_CN.qm")));
    QCoreApplication::installTranslator(&t);
    QCOMPARE(fileMenuTitle(), QStringLiteral("文件(&F)"));
    QCoreApplication::removeTranslator(&t);
  }

  void germanNetworkEditor() {
    PluginCatalog catalog;
    PluginQuery query;
    bool got = false;
    connect(&query, &PluginQuery::finished, this, [&](const PluginCatalog& c) {
      catalog = c;
      got = true;
    });
    query.start(QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500"));
    QVERIFY(query.waitForFinished(60000));
    QTRY_VERIFY(got);

    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/d500_de.qm")));
    QCoreApplication::installTranslator(&t);
    {
      NetworkEditorWindow window;
      window.resize(1400, 850);
      window.editor()->setCatalog(catalog);
      window.show();
      QVERIFY(window.editor()->openBuilder(QStringLiteral("lenet")));
      QCOMPARE(window.menuBar()->actions().first()->text(), QStringLiteral("&Datei"));
      QVERIFY2(window.windowTitle().startsWith(QStringLiteral("Netz-Editor · ")),
               qPrintable(window.windowTitle()));
      window.editor()->view()->fitAll();
      QVERIFY(window.editor()->selectNode(QStringLiteral("conv1")));
      QStringList buttons;
      for (const QPushButton* b : window.editor()->form()->findChildren<QPushButton*>())
        buttons << b->text();
      QVERIFY2(buttons.contains(QStringLiteral("Knoten löschen")),
               qPrintable(buttons.join(QLatin1String(", "))));
      window.repaint();
      QCoreApplication::processEvents();
      const QImage image = window.grab().toImage();
      QVERIFY(image.save(
          QStringLiteral(D500_TEST_BINARY_DIR "/tests/app/studio/network_editor_de.png")));
      const QString dir = qEnvironmentVariable("D500_SCREENSHOT_DIR");
      if (!dir.isEmpty()) QVERIFY(image.save(dir + QStringLiteral("/network_editor_de.png")));
    }
    d500::plugin::Attribute a;
    QString error;
    QVERIFY(!parseAttribute(QStringLiteral("group"), QStringLiteral("int"), QStringLiteral("two"),
                            &a, &error));
    QCOMPARE(error, QStringLiteral(
                        "„two“ ist kein Wert für group: erwartet wird eine ganze Zahl, z. B. 1"));
    QCoreApplication::removeTranslator(&t);
  }

  void languageCodes() {
    QVERIFY(Language::isAvailable(QStringLiteral("de")));
    QVERIFY(Language::isAvailable(QStringLiteral("zh_CN")));
    QVERIFY(!Language::isAvailable(QStringLiteral("fr")));
  }

  void everyStringIsTranslated() {
    checkComplete(QStringLiteral(D500_TS_DIR "/d500_de.ts"));
    checkComplete(QStringLiteral(D500_TS_DIR "/d500_zh_CN.ts"));
  }
};

QTEST_MAIN(TranslationsTest)
#include "test_studio_translations.moc"
