#include "canvas/component_slots.h"

#include <QStringList>

namespace d500::studio {

namespace {

using d500::spec::ComponentKind;
using Shape = ComponentKind::Shape;

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

// The object a Value kind's fields live in, or a Fields kind's keys.
JsonPath ownerOf(const ComponentKind& k) {
  const JsonPath p = ComponentSlots::pathOf(k);
  return k.shape == Shape::Value ? p.parentPath() : p;
}

QString objectValue(const ComponentKind& k, const Json& obj) {
  if (obj.is_string()) return q(obj.get<std::string>());
  if (!obj.is_object()) return QString();
  QStringList parts;
  for (const auto& key : k.value_keys)
    if (obj.contains(key) && obj[key].is_string()) parts << q(obj[key].get<std::string>());
  if (parts.isEmpty() && obj.contains("model") && obj["model"].is_string())
    parts << q(obj["model"].get<std::string>());
  return parts.join(QLatin1Char('/'));
}

// The key of a model file inside a network object ({"model": "lenet_gelu.onnx"}), as the section
// parsers read it (training_spec.cpp, network_spec.cpp).
constexpr char kModelKey[] = "model";

bool isValueKey(const ComponentKind& k, const std::string& key) {
  for (const auto& v : k.value_keys)
    if (v == key) return true;
  return false;
}

// A list item's value: the string, or the "name" of an item written as an object ({"name":
// "examples/grad_norm", "params": {...}}); "" for anything else.
std::string itemName(const Json& x) {
  if (x.is_string()) return x.get<std::string>();
  if (x.is_object() && x.contains("name") && x["name"].is_string())
    return x["name"].get<std::string>();
  return {};
}

// A list item as the file writes it: its name alone, or with its params when it has some.
Json listItem(const std::string& name, const Json& params) {
  if (!params.is_object() || params.empty()) return Json(name);
  return Json{{"name", name}, {"params", params}};
}

Json fieldsOf(const ComponentKind& k, const Json& owner) {
  Json params = Json::object();
  if (!owner.is_object()) return params;
  for (const auto& f : k.fields)
    if (owner.contains(f)) params[f] = owner[f];
  return params;
}

}  // namespace

QString ComponentSlots::levelOf(const Json& e) {
  const Json* l = JsonPath{QStringLiteral("level")}.find(e);
  return l && l->is_string() ? q(l->get<std::string>()) : QStringLiteral("operator");
}

JsonPath ComponentSlots::pathOf(const ComponentKind& kind) {
  JsonPath p;
  if (kind.path.empty()) return p;
  for (const QString& step : q(kind.path).split(QLatin1Char('.'))) p = p.key(step);
  return p;
}

bool ComponentSlots::isModelFile(const QString& value) {
  return value.endsWith(QLatin1String(".onnx"), Qt::CaseInsensitive);
}

const ComponentKind* ComponentSlots::modelKindOf(const QString& level) {
  for (const ComponentKind* k : d500::spec::component_kinds_of(level.toStdString()))
    if (k->output == "Model" || k->output == "Network") return k;
  return nullptr;
}

QString ComponentSlots::keyOf(const ComponentKind& kind, const QString& value) {
  return kind.shape == Shape::ListItem ? q(kind.kind) + QLatin1Char('/') + value : q(kind.kind);
}

QList<ComponentInstance> ComponentSlots::instances(const Json& e) {
  QList<ComponentInstance> out;
  for (const ComponentKind* k : d500::spec::component_kinds_of(levelOf(e).toStdString())) {
    const JsonPath path = pathOf(*k);
    const Json* v = path.isEmpty() ? &e : path.find(e);
    ComponentInstance c;
    c.kind = k;
    c.key = keyOf(*k, QString());
    c.jsonPath = path.toString();
    switch (k->shape) {
      case Shape::Value:
        if (!v || !v->is_string()) continue;
        c.value = q(v->get<std::string>());
        c.params = fieldsOf(*k, ownerOf(*k).get(e));
        break;
      case Shape::Object:
        if (!v) continue;
        c.value = objectValue(*k, *v);
        if (v->is_object())
          for (auto it = v->begin(); it != v->end(); ++it)
            if (!isValueKey(*k, it.key()) && !(it.key() == kModelKey && isModelFile(c.value)))
              c.params[it.key()] = it.value();
        break;
      case Shape::ListItem:
        if (!v || !v->is_array()) continue;
        for (size_t i = 0; i < v->size(); ++i) {
          const Json& x = (*v)[i];
          const std::string name = itemName(x);
          if (name.empty()) continue;
          ComponentInstance item = c;
          item.value = q(name);
          if (x.is_object() && x.contains("params") && x["params"].is_object())
            item.params = x["params"];
          item.key = keyOf(*k, item.value);
          item.jsonPath = path.index(int(i)).toString();
          out << item;
        }
        continue;
      case Shape::Fields:
        c.params = fieldsOf(*k, v ? *v : Json());
        if (c.params.empty()) continue;
        c.jsonPath = path.key(q(k->fields.front())).toString();
        break;
      case Shape::Implied:
        c.value = q(k->default_value);
        c.jsonPath.clear();
        break;
    }
    out << c;
  }
  return out;
}

Json ComponentSlots::with(const Json& e, const ComponentKind& k, const QString& value,
                          const Json& params) {
  Json out = e;
  const JsonPath path = pathOf(k);
  const JsonPath owner = ownerOf(k);
  const std::string v = value.toStdString();
  auto setParams = [&](Json& obj, bool onlyFields) {
    if (!params.is_object()) return;
    for (auto it = params.begin(); it != params.end(); ++it) {
      bool field = false;
      for (const auto& f : k.fields) field = field || f == it.key();
      if (!onlyFields || field) obj[it.key()] = it.value();
    }
  };
  switch (k.shape) {
    case Shape::Value: {
      Json obj = owner.isEmpty() ? out : owner.get(out, Json::object());
      if (!obj.is_object()) obj = Json::object();
      for (const auto& f : k.fields)
        if (obj.contains(f) && !d500::spec::param_applies(k, v, f)) obj.erase(f);
      obj[k.path.substr(k.path.rfind('.') + 1)] = v;
      setParams(obj, true);
      owner.isEmpty() ? void(out = obj) : owner.set(out, obj);
      break;
    }
    case Shape::Object: {
      if (isModelFile(value)) {  // a model file in place of a builder: nothing else applies
        path.set(out, q(k.path).section(QLatin1Char('.'), -1) == QLatin1String(kModelKey)
                          ? Json(v)
                          : Json{{kModelKey, v}});
        break;
      }
      Json obj = path.get(out, Json::object());
      if (!obj.is_object()) obj = Json::object();
      if (obj.contains(kModelKey) && obj[kModelKey].is_string() &&
          isModelFile(q(obj[kModelKey].get<std::string>())))
        obj.erase(kModelKey);  // a builder in place of a model file
      for (auto it = obj.begin(); it != obj.end();) {
        if (!isValueKey(k, it.key()) && !d500::spec::param_applies(k, v, it.key()))
          it = obj.erase(it);
        else
          ++it;
      }
      const QStringList parts = value.split(QLatin1Char('/'));
      if (size_t(parts.size()) == k.value_keys.size()) {
        for (size_t i = 0; i < k.value_keys.size(); ++i)
          obj[k.value_keys[i]] = parts[int(i)].toStdString();
      } else if (!k.value_keys.empty() && !value.isEmpty()) {
        obj[k.value_keys.back()] = v;
      }
      setParams(obj, false);
      path.set(out, obj);
      break;
    }
    case Shape::ListItem: {
      Json list = path.get(out, Json::array());
      if (!list.is_array()) list = Json::array();
      bool there = false;
      for (Json& x : list)
        if (itemName(x) == value.toStdString()) {
          x = listItem(value.toStdString(), params);  // the same item: its params as given
          there = true;
        }
      if (!there) list.push_back(listItem(value.toStdString(), params));
      path.set(out, list);
      break;
    }
    case Shape::Fields: {
      Json obj = path.isEmpty() ? out : path.get(out, Json::object());
      if (!obj.is_object()) obj = Json::object();
      setParams(obj, true);
      path.isEmpty() ? void(out = obj) : path.set(out, obj);
      break;
    }
    case Shape::Implied:
      break;
  }
  return out;
}

Json ComponentSlots::without(const Json& e, const ComponentKind& k, const QString& value) {
  Json out = e;
  const JsonPath path = pathOf(k);
  switch (k.shape) {
    case Shape::Value:
      path.remove(out);
      for (const auto& f : k.fields) ownerOf(k).key(q(f)).remove(out);
      break;
    case Shape::Object:
      path.remove(out);
      break;
    case Shape::ListItem: {
      Json list = path.get(out, Json::array());
      Json kept = Json::array();
      for (const Json& x : list)
        if (itemName(x) != value.toStdString()) kept.push_back(x);
      path.set(out, kept);
      break;
    }
    case Shape::Fields:
      for (const auto& f : k.fields) path.key(q(f)).remove(out);
      break;
    case Shape::Implied:
      break;
  }
  return out;
}

}  // namespace d500::studio
