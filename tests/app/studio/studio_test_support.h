// Shared by the studio's Qt tests.
#pragma once

#include <QTest>

#include "editor/json_path.h"

// QCOMPARE cannot take nlohmann JSON values (they convert implicitly to everything, which
// confuses QTest's overloads); this compares them and prints both on failure.
#define JCOMPARE(actual, expected)                                                                    \
  do {                                                                                                \
    const ::d500::studio::Json a_ = (actual), e_ = (expected);                                        \
    QVERIFY2(a_ == e_, qPrintable(QString::fromStdString(a_.dump() + "  !=  expected " + e_.dump()))); \
  } while (false)
