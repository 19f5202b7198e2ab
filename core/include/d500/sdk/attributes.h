// d500 SDK: typed reads of the ONNX attributes an operator is created with.
//
// The attributes are borrowed from the host for the duration of create(); copy what you keep
// (every getter returns a copy). A wrong type or a missing required attribute throws
// std::invalid_argument, which reaches the host as D500_ERR_INVALID_ARGUMENT. Header-only, C++17.
#ifndef D500_SDK_ATTRIBUTES_H
#define D500_SDK_ATTRIBUTES_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "d500/plugin.h"

namespace d500 {
namespace sdk {

inline const char* attr_type_name(int32_t type) {
  switch (type) {
    case D500_ATTR_INT:
      return "int";
    case D500_ATTR_FLOAT:
      return "float";
    case D500_ATTR_STRING:
      return "string";
    case D500_ATTR_INTS:
      return "ints";
    case D500_ATTR_FLOATS:
      return "floats";
    case D500_ATTR_TENSOR:
      return "tensor";
    case D500_ATTR_STRINGS:
      return "strings";
    case D500_ATTR_GRAPH:
      return "graph";
    default:
      return "invalid";
  }
}

namespace detail {
// The host's ABI as d500_plugin_entry was told (sdk/plugin.h sets it): a host older than 1.3
// hands attribute arrays in the 1.2 layout.
inline uint32_t& host_abi() {
  static uint32_t abi = D500_ABI_VERSION;
  return abi;
}
}  // namespace detail

class Attributes {
 public:
  Attributes(const d500_attr* attrs, size_t n) : attrs_(attrs), n_(attrs ? n : 0) {
    const uint32_t host = detail::host_abi();
    if (!attrs_ || D500_ABI_MAJOR_OF(host) != 1 || D500_ABI_MINOR_OF(host) >= 3) return;
    // A 1.2 host: the array has the frozen layout's stride; widen it (new members zero).
    const d500_attr_v1_2* old = reinterpret_cast<const d500_attr_v1_2*>(attrs);
    auto widened = std::make_shared<std::vector<d500_attr>>(n_);
    for (size_t i = 0; i < n_; ++i) {
      d500_attr& a = (*widened)[i];
      a = d500_attr{};
      a.name = old[i].name, a.type = old[i].type, a.i = old[i].i, a.f = old[i].f;
      a.s = old[i].s, a.ints = old[i].ints, a.floats = old[i].floats, a.count = old[i].count;
    }
    owned_ = widened;
    attrs_ = owned_->data();
  }

  size_t size() const { return n_; }
  const d500_attr* begin() const { return attrs_; }
  const d500_attr* end() const { return attrs_ + n_; }
  // The attribute of that name, or NULL.
  const d500_attr* find(const char* name) const {
    for (size_t i = 0; i < n_; ++i)
      if (attrs_[i].name && std::strcmp(attrs_[i].name, name) == 0) return &attrs_[i];
    return nullptr;
  }
  bool has(const char* name) const { return find(name) != nullptr; }

  int64_t get_int(const char* name, int64_t fallback) const {
    const d500_attr* a = find(name);
    return a ? int_of(*a) : fallback;
  }
  int64_t get_int(const char* name) const { return int_of(required(name)); }

  // 0 or 1 (ONNX has no bool attribute; flags such as transA are ints).
  bool get_flag(const char* name, bool fallback) const {
    const d500_attr* a = find(name);
    if (!a) return fallback;
    int64_t v = int_of(*a);
    if (v != 0 && v != 1)
      throw std::invalid_argument("attribute '" + std::string(name) + "' must be 0 or 1, got " +
                                  std::to_string(v));
    return v == 1;
  }

  // An int attribute is accepted where a float is expected (alpha=1 written without a point).
  double get_float(const char* name, double fallback) const {
    const d500_attr* a = find(name);
    return a ? float_of(*a) : fallback;
  }
  double get_float(const char* name) const { return float_of(required(name)); }

  std::string get_string(const char* name, const std::string& fallback) const {
    const d500_attr* a = find(name);
    return a ? string_of(*a) : fallback;
  }
  std::string get_string(const char* name) const { return string_of(required(name)); }

  std::vector<int64_t> get_ints(const char* name, std::vector<int64_t> fallback = {}) const {
    const d500_attr* a = find(name);
    if (!a) return fallback;
    check_type(*a, D500_ATTR_INTS, D500_ATTR_INTS);
    return a->ints ? std::vector<int64_t>(a->ints, a->ints + a->count) : std::vector<int64_t>();
  }

  std::vector<double> get_floats(const char* name, std::vector<double> fallback = {}) const {
    const d500_attr* a = find(name);
    if (!a) return fallback;
    check_type(*a, D500_ATTR_FLOATS, D500_ATTR_INTS);
    if (a->type == D500_ATTR_INTS)
      return a->ints ? std::vector<double>(a->ints, a->ints + a->count) : std::vector<double>();
    return a->floats ? std::vector<double>(a->floats, a->floats + a->count) : std::vector<double>();
  }

  // ABI 1.3: a TENSOR attribute (a CPU tensor, borrowed for the call), NULL when absent.
  const DLTensor* get_tensor(const char* name) const {
    const d500_attr* a = find(name);
    if (!a) return nullptr;
    check_type(*a, D500_ATTR_TENSOR, D500_ATTR_TENSOR);
    if (!a->t) throw std::invalid_argument("attribute '" + std::string(name) + "' holds no tensor");
    return a->t;
  }

  std::vector<std::string> get_strings(const char* name,
                                       std::vector<std::string> fallback = {}) const {
    const d500_attr* a = find(name);
    if (!a) return fallback;
    check_type(*a, D500_ATTR_STRINGS, D500_ATTR_STRINGS);
    std::vector<std::string> out;
    for (size_t i = 0; a->strings && i < a->count; ++i)
      out.emplace_back(a->strings[i] ? a->strings[i] : "");
    return out;
  }

  // Rejects attributes the operator does not know, so a typo is not silently ignored.
  // Names starting with '_' are context the host adds (D500_ATTR_OPSET) and always allowed.
  void expect_only(std::initializer_list<const char*> known) const {
    for (size_t i = 0; i < n_; ++i) {
      const char* name = attrs_[i].name ? attrs_[i].name : "";
      bool ok = name[0] == '_';  // host-supplied context such as "_opset", never a typo

      for (const char* k : known) ok = ok || std::strcmp(k, name) == 0;
      if (ok) continue;
      std::string list;
      for (const char* k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      throw std::invalid_argument("unknown attribute '" + std::string(name) + "'" +
                                  (list.empty() ? " (takes none)" : " (known: " + list + ")"));
    }
  }

 private:
  const d500_attr& required(const char* name) const {
    const d500_attr* a = find(name);
    if (!a) throw std::invalid_argument("missing attribute '" + std::string(name) + "'");
    return *a;
  }
  static void check_type(const d500_attr& a, int32_t want, int32_t also_ok) {
    if (a.type == want || a.type == also_ok) return;
    throw std::invalid_argument("attribute '" + std::string(a.name ? a.name : "") + "' must be " +
                                attr_type_name(want) + ", got " + attr_type_name(a.type));
  }
  static int64_t int_of(const d500_attr& a) {
    check_type(a, D500_ATTR_INT, D500_ATTR_INT);
    return a.i;
  }
  static double float_of(const d500_attr& a) {
    check_type(a, D500_ATTR_FLOAT, D500_ATTR_INT);
    return a.type == D500_ATTR_INT ? static_cast<double>(a.i) : a.f;
  }
  static std::string string_of(const d500_attr& a) {
    check_type(a, D500_ATTR_STRING, D500_ATTR_STRING);
    return a.s ? a.s : "";
  }

  const d500_attr* attrs_;
  size_t n_;
  std::shared_ptr<std::vector<d500_attr>> owned_;  // the widened copy of a 1.2 host's array
};

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_ATTRIBUTES_H
