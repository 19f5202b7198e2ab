#include "common/locale_format.h"

#include <QDateTime>
#include <QLocale>

namespace d500::studio {

QLocale LocaleFormat::locale() {
  const QLocale l;
  return l.language() == QLocale::C ? QLocale::c() : l;
}

QString LocaleFormat::fixed(double v, int decimals, bool trim) {
  if (trim) {
    // Count the decimals that carry a digit in a locale-free rendering, then render once.
    const QString plain = QString::number(v, 'f', decimals);
    const qsizetype point = plain.indexOf(QLatin1Char('.'));
    if (point >= 0) {
      qsizetype last = plain.size() - 1;
      while (last > point && plain[last] == QLatin1Char('0')) --last;
      decimals = static_cast<int>(last - point);
    }
  }
  return locale().toString(v, 'f', decimals);
}

QString LocaleFormat::general(double v, int significant) {
  return locale().toString(v, 'g', significant);
}

QString LocaleFormat::integer(qint64 v) {
  return locale().toString(v);
}

QString LocaleFormat::dateTime(double secondsSinceEpoch, bool longFormat) {
  if (secondsSinceEpoch <= 0) return QString();
  const QLocale loc = LocaleFormat::locale();
  const auto t = QDateTime::fromMSecsSinceEpoch(qint64(secondsSinceEpoch * 1000.0));
  if (longFormat) return loc.toString(t, QLocale::LongFormat);
  QString format = loc.dateTimeFormat(QLocale::ShortFormat);
  // Short formats write two-digit years ("05.12.26"); a run's date reads better in full.
  if (!format.contains(QLatin1String("yyyy")))
    format.replace(QLatin1String("yy"), QLatin1String("yyyy"));
  return loc.toString(t, format);
}

}  // namespace d500::studio
