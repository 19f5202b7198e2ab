// Numbers and dates as the studio shows them: in the locale of the UI language (QLocale's
// default, set by Language::install), so German reads 1.234,5 and 05.12.2026 14:25. Exports
// (CSV, JSON) never use these: they stay locale-independent (charts/csv_format.h).
// Threading: any thread (reads QLocale's default).
#pragma once

#include <QLocale>
#include <QString>

namespace d500::studio {

class LocaleFormat {
 public:
  // The locale numbers and dates are written in: QLocale's default, except that the C locale
  // (LANG=C, no UI language chosen) writes plain digits as C does (17300, not 17,300).
  static QLocale locale();
  // `v` with `decimals` digits after the point, trailing zeros dropped when `trim` ("2,5", not
  // "2,50"); groups of thousands as the locale writes them.
  static QString fixed(double v, int decimals, bool trim = true);
  // `v` in the shortest of plain or exponent notation with `significant` digits ("2,5e-05").
  static QString general(double v, int significant);
  static QString integer(qint64 v);
  // Seconds since the epoch in the locale's short date and time with a four-digit year
  // ("05.12.2026 14:25"), or its long format; "" for 0 (never happened).
  static QString dateTime(double secondsSinceEpoch, bool longFormat = false);
};

}  // namespace d500::studio
