#include "editor/json_path.h"

#include <QRegularExpression>

namespace d500::studio {

namespace {

bool isIndex(const QVariant& step) {
  return step.typeId() == QMetaType::Int;
}

}  // namespace

JsonPath JsonPath::key(const QString& k) const {
  JsonPath p = *this;
  p.steps_.append(k);
  return p;
}

JsonPath JsonPath::index(int i) const {
  JsonPath p = *this;
  p.steps_.append(i);
  return p;
}

JsonPath JsonPath::parentPath() const {
  JsonPath p = *this;
  if (!p.steps_.isEmpty()) p.steps_.removeLast();
  return p;
}

QString JsonPath::toString() const {
  QString s = QStringLiteral("$");
  for (const QVariant& step : steps_)
    s += isIndex(step) ? QStringLiteral("[%1]").arg(step.toInt())
                       : QLatin1Char('.') + step.toString();
  return s;
}

bool JsonPath::fromString(const QString& text, JsonPath* out) {
  if (!text.startsWith(QLatin1Char('$'))) return false;
  static const QRegularExpression step(QStringLiteral("\\.([^.\\[\\]]+)|\\[(\\d+)\\]"));
  JsonPath p;
  qsizetype pos = 1;
  while (pos < text.size()) {
    const QRegularExpressionMatch m = step.match(text, pos, QRegularExpression::NormalMatch,
                                                 QRegularExpression::AnchorAtOffsetMatchOption);
    if (!m.hasMatch()) return false;
    if (m.capturedLength(1))
      p.steps_.append(m.captured(1));
    else
      p.steps_.append(m.captured(2).toInt());
    pos = m.capturedEnd();
  }
  *out = p;
  return true;
}

bool JsonPath::startsWith(const JsonPath& other) const {
  return other.steps_.size() <= steps_.size() && steps_.mid(0, other.steps_.size()) == other.steps_;
}

const Json* JsonPath::find(const Json& root) const {
  const Json* v = &root;
  for (const QVariant& step : steps_) {
    if (isIndex(step)) {
      const int k = step.toInt();
      if (!v->is_array() || k < 0 || size_t(k) >= v->size()) return nullptr;
      v = &(*v)[size_t(k)];
    } else {
      const std::string key = step.toString().toStdString();
      if (!v->is_object()) return nullptr;
      auto it = v->find(key);
      if (it == v->end()) return nullptr;
      v = &*it;
    }
  }
  return v;
}

Json JsonPath::get(const Json& root, const Json& fallback) const {
  const Json* v = find(root);
  return v ? *v : fallback;
}

void JsonPath::set(Json& root, const Json& value) const {
  Json* v = &root;
  for (const QVariant& step : steps_) {
    if (isIndex(step)) {
      if (!v->is_array()) *v = Json::array();
      const size_t k = size_t(qMax(0, step.toInt()));
      while (v->size() <= k) v->push_back(nullptr);
      v = &(*v)[k];
    } else {
      if (!v->is_object()) *v = Json::object();
      v = &(*v)[step.toString().toStdString()];
    }
  }
  *v = value;
}

void JsonPath::remove(Json& root) const {
  if (steps_.isEmpty()) return;
  Json* parent = const_cast<Json*>(parentPath().find(root));
  if (!parent) return;
  const QVariant& last = steps_.last();
  if (isIndex(last)) {
    if (parent->is_array() && last.toInt() >= 0 && size_t(last.toInt()) < parent->size())
      parent->erase(size_t(last.toInt()));
  } else if (parent->is_object()) {
    parent->erase(last.toString().toStdString());
  }
}

}  // namespace d500::studio
