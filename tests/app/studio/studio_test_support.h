// Shared by the studio's Qt tests.
#pragma once

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "editor/json_path.h"

// QCOMPARE cannot take nlohmann JSON values (they convert implicitly to everything, which
// confuses QTest's overloads); this compares them and prints both on failure.
#define JCOMPARE(actual, expected)                                                           \
  do {                                                                                       \
    const ::d500::studio::Json a_ = (actual), e_ = (expected);                               \
    QVERIFY2(a_ == e_,                                                                       \
             qPrintable(QString::fromStdString(a_.dump() + "  !=  expected " + e_.dump()))); \
  } while (false)

namespace d500::test {

// The example project and its problem lists copied into `dir`; returns the project's path.
inline QString copyExampleProject(const QTemporaryDir& dir) {
  const QString source = QStringLiteral(D500_TEST_SOURCE_DIR "/resources/");
  for (const char* sub : {"examples", "problems"}) {
    QDir().mkpath(dir.filePath(QLatin1String(sub)));
    for (const QString& f : QDir(source + QLatin1String(sub)).entryList(QDir::Files))
      QFile::copy(source + QLatin1String(sub) + QLatin1Char('/') + f,
                  dir.filePath(QLatin1String(sub) + QLatin1Char('/') + f));
  }
  return dir.filePath(QStringLiteral("examples/example.d500proj"));
}

}  // namespace d500::test
