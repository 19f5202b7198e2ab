// Collects every problem of an experiment file with its JSON path; shared by the levels that
// parse their own section ("network", "training", "collective", "distributed").
#pragma once

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace d500::spec {

using nlohmann::json;

// Collects every problem of a file, each with its JSON path.
class Checker {
 public:
  explicit Checker(std::string source) : source_(std::move(source)) {}
  void fail(const std::string& path, const std::string& what) {
    errors_.push_back(source_ + ":" + path + ": " + what);
  }
  bool ok() const { return errors_.empty(); }
  std::string message() const {
    std::string m;
    for (size_t i = 0; i < errors_.size(); ++i) m += (i ? "\n" : "") + errors_[i];
    return m;
  }

  // Reports keys of `obj` not in `allowed`.
  void known_keys(const json& obj, const std::string& path, const std::set<std::string>& allowed) {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      if (allowed.count(it.key())) continue;
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      fail(path + "." + it.key(), "unknown key (expected one of: " + list + ")");
    }
  }

  const json* field(const json& obj, const std::string& path, const char* key, bool required) {
    auto it = obj.find(key);
    if (it == obj.end()) {
      if (required) fail(path + "." + key, "missing (required)");
      return nullptr;
    }
    return &*it;
  }

  std::string string_field(const json& obj, const std::string& path, const char* key, bool required,
                           std::string def = {}) {
    const json* v = field(obj, path, key, required);
    if (!v) return def;
    if (!v->is_string()) {
      fail(path + "." + key, "expected a string, got " + describe(*v));
      return def;
    }
    return v->get<std::string>();
  }

  // obj[key] when it is there, else `def`; anything but true or false is reported (and `def`
  // returned).
  bool bool_field(const json& obj, const std::string& path, const char* key, bool def) {
    const json* v = field(obj, path, key, false);
    if (!v) return def;
    if (!v->is_boolean()) {
      fail(path + "." + key, "expected true or false, got " + describe(*v));
      return def;
    }
    return v->get<bool>();
  }

  template <class T>
  T number_field(const json& obj, const std::string& path, const char* key, T def, T lo, T hi) {
    const json* v = field(obj, path, key, false);
    if (!v) return def;
    bool integral = std::is_integral_v<T>;
    bool bad_sign = std::is_unsigned_v<T> && !v->is_number_unsigned();
    if (!v->is_number() || (integral && !v->is_number_integer()) || bad_sign) {
      fail(path + "." + key, std::string("expected ") +
                                 (bad_sign   ? "an integer >= 0"
                                  : integral ? "an integer"
                                             : "a number") +
                                 ", got " + describe(*v));
      return def;
    }
    // Compared in the JSON value's own type before narrowing: 4294967298 must not read as 2.
    bool in_range;
    if constexpr (std::is_integral_v<T>) {
      if (v->is_number_unsigned())
        in_range = hi >= 0 && v->get<uint64_t>() >= static_cast<uint64_t>(lo < 0 ? 0 : lo) &&
                   v->get<uint64_t>() <= static_cast<uint64_t>(hi);
      else
        in_range = v->get<int64_t>() >= static_cast<int64_t>(lo) &&
                   v->get<int64_t>() <= static_cast<int64_t>(hi);
    } else {
      const double d = v->get<double>();
      in_range = std::isfinite(d) && d >= static_cast<double>(lo) && d <= static_cast<double>(hi);
    }
    if (!in_range) {
      std::ostringstream os;
      os << "expected a value in [" << lo << ", " << hi << "], got " << v->dump();
      fail(path + "." + key, os.str());
      return def;
    }
    return v->get<T>();
  }

  static std::string describe(const json& v) {
    std::string d = v.dump();
    if (d.size() > 40) d = d.substr(0, 37) + "...";
    return std::string(v.type_name()) + " " + d;
  }

 private:
  std::string source_;
  std::vector<std::string> errors_;
};

}  // namespace d500::spec
