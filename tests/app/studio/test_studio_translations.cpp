// Issue 6, item 8: translations. The German and Chinese catalogues are compiled into the binary;
// loading one changes the strings the window shows; and every message of both .ts files has a
// finished translation (none left "unfinished", none empty).
#include <QAction>
#include <QFile>
#include <QMenuBar>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

#include "main_window/language.h"
#include "main_window/main_window.h"

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
        QVERIFY2(!text.trimmed().isEmpty(), qPrintable(QStringLiteral("%1: empty translation: %2").arg(path, source)));
      }
    }
    QVERIFY(!xml.hasError());
    QVERIFY2(messages > 300, qPrintable(QStringLiteral("%1 holds only %2 messages").arg(path).arg(messages)));
  }

 private Q_SLOTS:
  void englishByDefault() { QCOMPARE(fileMenuTitle(), QStringLiteral("&File")); }

  void germanChangesTheWindow() {
    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/d500_de.qm")));
    QCoreApplication::installTranslator(&t);
    QCOMPARE(fileMenuTitle(), QStringLiteral("&Datei"));
    QCOMPARE(QCoreApplication::translate("d500::studio::RunJob", "crashed"), QStringLiteral("abgestürzt"));
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
