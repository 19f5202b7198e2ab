#include "editor/values_validator.h"

#include <QStringList>

namespace d500::studio {

namespace {

// Splits at top-level commas: "[1, 2], 3" -> "[1, 2]", "3".
QStringList splitTopLevel(const QString& text) {
  QStringList parts;
  int depth = 0;
  bool quoted = false;
  QString cur;
  for (QChar c : text) {
    if (c == QLatin1Char('"')) quoted = !quoted;
    if (!quoted && (c == QLatin1Char('[') || c == QLatin1Char('{'))) ++depth;
    if (!quoted && (c == QLatin1Char(']') || c == QLatin1Char('}'))) --depth;
    if (!quoted && depth == 0 && c == QLatin1Char(',')) {
      parts << cur.trimmed();
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts << cur.trimmed();
  return parts;
}

}  // namespace

ValuesValidator::ValuesValidator(Mode mode, QObject* parent) : QValidator(parent), mode_(mode) {}

QValidator::State ValuesValidator::validate(QString& input, int&) const {
  Json v;
  const bool ok = mode_ == Mode::List ? listFromText(input, &v) : valueFromText(input, &v);
  return ok ? Acceptable : Intermediate;
}

bool ValuesValidator::valueFromText(const QString& text, Json* out) {
  const QString t = text.trimmed();
  if (t.isEmpty()) return false;
  try {
    *out = Json::parse(t.toStdString());
    return true;
  } catch (const std::exception&) {
  }
  // Unquoted text is a string, but an unfinished array or quote is not a value yet.
  if (t.startsWith(QLatin1Char('[')) || t.startsWith(QLatin1Char('{')) ||
      t.startsWith(QLatin1Char('"')))
    return false;
  *out = t.toStdString();
  return true;
}

QString ValuesValidator::valueToText(const Json& v) {
  // A bare word round-trips through valueFromText as a string; anything that would parse as
  // something else (a number in quotes, "true") keeps its quotes.
  if (v.is_string()) {
    const QString s = QString::fromStdString(v.get<std::string>());
    Json back;
    if (!s.contains(QLatin1Char(',')) && valueFromText(s, &back) && back == v) return s;
  }
  return QString::fromStdString(v.dump());
}

bool ValuesValidator::listFromText(const QString& text, Json* out) {
  Json list = Json::array();
  for (const QString& part : splitTopLevel(text)) {
    Json v;
    if (!valueFromText(part, &v)) return false;
    list.push_back(v);
  }
  *out = list;
  return true;
}

QString ValuesValidator::listToText(const Json& values) {
  QStringList parts;
  if (values.is_array())
    for (const Json& v : values) parts << valueToText(v);
  return parts.join(QStringLiteral(", "));
}

}  // namespace d500::studio
