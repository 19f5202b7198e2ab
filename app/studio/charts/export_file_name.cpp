#include "charts/export_file_name.h"

namespace d500::studio {

QString exportFileName(const QString& title, const QString& suffix) {
  // Letters lose their accents (Ü -> U); every run of anything but ASCII letters, digits, - and _
  // ("—", "·", "%", spaces, CJK) becomes one underscore.
  const QString plain = title.normalized(QString::NormalizationForm_KD);
  QString name;
  for (QChar c : plain) {
    if (c.isMark()) continue;
    const bool safe = c.unicode() < 128 &&
                      (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'));
    if (safe)
      name += c;
    else if (!name.isEmpty() && !name.endsWith(QLatin1Char('_')))
      name += QLatin1Char('_');
  }
  while (name.endsWith(QLatin1Char('_'))) name.chop(1);
  name.truncate(80);
  if (name.isEmpty()) name = QStringLiteral("chart");
  return name + QLatin1Char('.') + suffix;
}

}  // namespace d500::studio
