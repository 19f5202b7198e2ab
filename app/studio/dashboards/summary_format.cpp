#include "dashboards/summary_format.h"

#include "charts/units.h"
#include "common/locale_format.h"

namespace d500::studio {

QString percentText(double fraction) {
  return LocaleFormat::fixed(100 * fraction, 1, false) + QLatin1Char('%');
}

QString bytesText(double b) {
  if (b >= 1073741824.0) return QStringLiteral("%1 GiB").arg(formatNumber(b / 1073741824.0));
  if (b >= 1048576.0) return QStringLiteral("%1 MiB").arg(formatNumber(b / 1048576.0));
  if (b >= 1024.0) return QStringLiteral("%1 KiB").arg(formatNumber(b / 1024.0));
  return QStringLiteral("%1 B").arg(formatNumber(b));
}

}  // namespace d500::studio
