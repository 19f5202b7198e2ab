#include "editor/shape_validator.h"

#include <QRegularExpression>

namespace d500::studio {

namespace {
const QRegularExpression& dimension() {
  static const QRegularExpression re(QStringLiteral("^(\\d+|[A-Za-z_][A-Za-z0-9_]*)$"));
  return re;
}
}  // namespace

ShapeValidator::ShapeValidator(QObject* parent) : QValidator(parent) {}

QValidator::State ShapeValidator::validate(QString& input, int&) const {
  static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9_,\\s]*$"));
  if (!allowed.match(input).hasMatch()) return Invalid;
  // A scalar input has shape [] (empty text); otherwise every dimension must be complete.
  if (input.trimmed().isEmpty()) return Acceptable;
  for (const QString& part : input.split(QLatin1Char(',')))
    if (!dimension().match(part.trimmed()).hasMatch()) return Intermediate;
  return Acceptable;
}

Json ShapeValidator::toJson(const QString& text) {
  Json dims = Json::array();
  if (text.trimmed().isEmpty()) return dims;
  for (const QString& part : text.split(QLatin1Char(','))) {
    const QString d = part.trimmed();
    bool isInt = false;
    const qint64 v = d.toLongLong(&isInt);
    if (isInt)
      dims.push_back(v);
    else
      dims.push_back(d.toStdString());
  }
  return dims;
}

QString ShapeValidator::toText(const Json& dims) {
  QStringList parts;
  if (dims.is_array())
    for (const Json& d : dims)
      parts << (d.is_string() ? QString::fromStdString(d.get<std::string>())
                              : QString::fromStdString(d.dump()));
  return parts.join(QStringLiteral(", "));
}

}  // namespace d500::studio
