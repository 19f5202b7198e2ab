// CSV that other tools read back to the same numbers: a number is written as the shortest text
// that parses back to the identical double (so "values exactly as stored" holds bit for bit), and
// text fields are quoted by RFC 4180 when they need it.
#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>

namespace d500::studio::csv {

// Shortest round-trip text of v ("0.1", "2.5e-07", "-0", "nan", "inf").
QString number(double v);
QString number(int64_t v);
// The field as it must appear in a CSV line: quoted (inner quotes doubled) when it holds a comma,
// a quote, a line break, or leading/trailing spaces.
QString field(const QString& text);
// Fields joined by commas, each passed through field(); ends without a line break.
QString line(const QStringList& fields);

}  // namespace d500::studio::csv
