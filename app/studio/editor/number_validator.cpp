#include "editor/number_validator.h"

#include <QRegularExpression>

namespace d500::studio {

NumberValidator::NumberValidator(Kind kind, double lo, double hi, QObject* parent)
    : QValidator(parent), kind_(kind), lo_(lo), hi_(hi) {}

QValidator::State NumberValidator::validate(QString& input, int&) const {
  const QString s = input.trimmed();
  if (s.isEmpty()) return Intermediate;
  static const QRegularExpression intChars(QStringLiteral("^[-+]?\\d*$"));
  static const QRegularExpression realChars(QStringLiteral("^[-+]?\\d*\\.?\\d*([eE][-+]?\\d*)?$"));
  if (!(kind_ == Kind::Integer ? intChars : realChars).match(s).hasMatch()) return Invalid;
  bool ok = false;
  const double v = kind_ == Kind::Integer ? double(s.toLongLong(&ok)) : s.toDouble(&ok);
  if (!ok) return Intermediate;
  return v >= lo_ && v <= hi_ ? Acceptable : Intermediate;
}

QString NumberValidator::rangeText() const {
  return kind_ == Kind::Integer ? tr("an integer in [%1, %2]").arg(qint64(lo_)).arg(qint64(hi_))
                                : tr("a number in [%1, %2]").arg(lo_).arg(hi_);
}

}  // namespace d500::studio
