#include "editor/json_format.h"

namespace d500::studio {

namespace {

// An array goes on one line when it holds only scalars or arrays of scalars and stays short.
bool inlineArray(const Json& a) {
  if (!a.is_array()) return false;
  for (const Json& v : a) {
    if (v.is_object()) return false;
    if (v.is_array())
      for (const Json& w : v)
        if (w.is_structured()) return false;
  }
  return a.dump().size() <= 72;
}

std::string inlineText(const Json& a) {
  std::string s = "[";
  for (size_t i = 0; i < a.size(); ++i) {
    if (i) s += ", ";
    s += a[i].is_array() ? inlineText(a[i]) : a[i].dump();
  }
  return s + "]";
}

void write(const Json& v, int indent, int depth, std::string& out) {
  const std::string pad(size_t(indent * (depth + 1)), ' ');
  const std::string close(size_t(indent * depth), ' ');
  if (v.is_object()) {
    if (v.empty()) {
      out += "{}";
      return;
    }
    out += "{\n";
    size_t i = 0;
    for (auto it = v.begin(); it != v.end(); ++it, ++i) {
      out += pad + Json(it.key()).dump() + ": ";
      write(it.value(), indent, depth + 1, out);
      out += i + 1 < v.size() ? ",\n" : "\n";
    }
    out += close + "}";
  } else if (v.is_array()) {
    if (inlineArray(v)) {
      out += inlineText(v);
      return;
    }
    out += "[\n";
    for (size_t i = 0; i < v.size(); ++i) {
      out += pad;
      write(v[i], indent, depth + 1, out);
      out += i + 1 < v.size() ? ",\n" : "\n";
    }
    out += close + "]";
  } else {
    out += v.dump();
  }
}

}  // namespace

std::string JsonFormat::pretty(const Json& value, int indent) {
  std::string out;
  write(value, indent, 0, out);
  return out;
}

}  // namespace d500::studio
