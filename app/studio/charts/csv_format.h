// Numbers for CSV that other tools read back to the same value: the shortest text that parses
// back to the identical double (so "values exactly as stored" holds bit for bit). Fields are
// quoted by the CSV reporter (csv_export.h).
#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>

namespace d500::studio::csv {

// Shortest round-trip text of v ("0.1", "2.5e-07", "-0", "nan", "inf").
QString number(double v);
QString number(int64_t v);

}  // namespace d500::studio::csv
