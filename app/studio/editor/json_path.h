// A path into an experiment's JSON ("$.operator.inputs[0][1]"): object keys and array indexes.
// The same notation the experiment parser uses in its messages, so an error it reports can be
// traced back to the form field that edits that value.
#pragma once

#include <QList>
#include <QString>
#include <QVariant>
#include <nlohmann/json.hpp>

namespace d500::studio {

// The editor keeps experiments as ordered JSON: the user's key order survives a save, and an
// integer stays distinct from a float (1 vs 1.0 are different ONNX attribute types), which a
// QJsonValue (always a double) would lose.
using Json = nlohmann::ordered_json;

class JsonPath {
 public:
  JsonPath() = default;
  // Steps: a QString is an object key, an int an array index.
  JsonPath(std::initializer_list<QVariant> steps) : steps_(steps) {}

  JsonPath key(const QString& k) const;
  JsonPath index(int i) const;
  JsonPath parentPath() const;
  const QList<QVariant>& steps() const { return steps_; }
  bool isEmpty() const { return steps_.isEmpty(); }

  // "$.operator.inputs[0]"; and back (false for text that is not such a path).
  QString toString() const;
  static bool fromString(const QString& text, JsonPath* out);
  // True when this path equals `other` or lies inside it.
  bool startsWith(const JsonPath& other) const;

  // The value at this path in `root`, or nullptr when any step is missing.
  const Json* find(const Json& root) const;
  bool exists(const Json& root) const { return find(root) != nullptr; }
  // The value, or `fallback` when missing.
  Json get(const Json& root, const Json& fallback = Json()) const;
  // Sets the value at this path (creating objects and arrays on the way).
  void set(Json& root, const Json& value) const;
  // Removes the key or array element at this path (nothing when missing).
  void remove(Json& root) const;

  bool operator==(const JsonPath& o) const { return steps_ == o.steps_; }

 private:
  QList<QVariant> steps_;
};

}  // namespace d500::studio
