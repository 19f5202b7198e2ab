#include "d500/spec/experiment.h"

#include <fstream>
#include <set>
#include <sstream>

namespace d500::spec {

using nlohmann::json;

namespace {

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

  std::string string_field(const json& obj, const std::string& path, const char* key,
                           bool required, std::string def = {}) {
    const json* v = field(obj, path, key, required);
    if (!v) return def;
    if (!v->is_string()) {
      fail(path + "." + key, "expected a string, got " + describe(*v));
      return def;
    }
    return v->get<std::string>();
  }

  template <class T>
  T number_field(const json& obj, const std::string& path, const char* key, T def, T lo, T hi) {
    const json* v = field(obj, path, key, false);
    if (!v) return def;
    bool integral = std::is_integral_v<T>;
    bool bad_sign = std::is_unsigned_v<T> && !v->is_number_unsigned();
    if (!v->is_number() || (integral && !v->is_number_integer()) || bad_sign) {
      fail(path + "." + key,
           std::string("expected ") +
               (bad_sign ? "an integer >= 0" : integral ? "an integer" : "a number") + ", got " +
               describe(*v));
      return def;
    }
    T x = v->get<T>();
    if (x < lo || x > hi) {
      std::ostringstream os;
      os << "expected a value in [" << lo << ", " << hi << "], got " << x;
      fail(path + "." + key, os.str());
      return def;
    }
    return x;
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

const std::set<std::string> kTopKeys = {"d500",   "name",   "description",     "level",
                                        "seed",   "sweep",  "repetition",      "operator",
                                        "launcher", "implementations"};
const std::set<std::string> kSupportedLevels = {"operator"};
const std::set<std::string> kAllLevels = {"operator", "network", "training", "distributed",
                                          "collective"};

void parse_repetition(Checker& c, const json& j, Experiment& e) {
  const std::string path = "$.repetition";
  if (!j.is_object()) return c.fail(path, "expected an object, got " + Checker::describe(j));
  c.known_keys(j, path, {"mode", "warmup_calls", "warmup_seconds", "target_rel_ci", "confidence",
                         "min_samples", "max_samples", "max_seconds", "check_every",
                         "block_overhead"});
  measure::Policy& p = e.repetition;
  e.repetition_mode = c.string_field(j, path, "mode", false, "default");
  if (e.repetition_mode == "publication") {
    p.target_rel_ci = 0.01;
    p.confidence = 0.99;
  } else if (e.repetition_mode != "default") {
    c.fail(path + ".mode", "expected \"default\" or \"publication\", got \"" + e.repetition_mode +
                               "\"");
  }
  p.warmup_calls = c.number_field<int64_t>(j, path, "warmup_calls", p.warmup_calls, 0, 1000000);
  p.warmup_seconds = c.number_field<double>(j, path, "warmup_seconds", p.warmup_seconds, 0, 3600);
  p.target_rel_ci = c.number_field<double>(j, path, "target_rel_ci", p.target_rel_ci, 1e-6, 1);
  p.confidence = c.number_field<double>(j, path, "confidence", p.confidence, 0.5, 0.999);
  p.min_samples = c.number_field<int64_t>(j, path, "min_samples", p.min_samples, 3, 100000000);
  p.max_samples = c.number_field<int64_t>(j, path, "max_samples", p.max_samples, 3, 100000000);
  p.max_seconds = c.number_field<double>(j, path, "max_seconds", p.max_seconds, 0.001, 86400);
  p.check_every = c.number_field<int64_t>(j, path, "check_every", p.check_every, 1, 1000000);
  p.block_overhead = c.number_field<double>(j, path, "block_overhead", p.block_overhead, 1e-9, 0.1);
  if (p.max_samples < p.min_samples)
    c.fail(path + ".max_samples", "must be >= min_samples (" + std::to_string(p.min_samples) + ")");
}

void parse_sweep(Checker& c, const json& j, Experiment& e) {
  if (!j.is_object())
    return c.fail("$.sweep", "expected an object of variable: [values], got " +
                                 Checker::describe(j));
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string path = "$.sweep." + it.key();
    if (!it.value().is_array() || it.value().empty()) {
      c.fail(path, "expected a non-empty array of values, got " + Checker::describe(it.value()));
      continue;
    }
    std::vector<json> values(it.value().begin(), it.value().end());
    e.sweep.emplace_back(it.key(), std::move(values));
  }
}

bool has_var(const Experiment& e, const std::string& name) {
  for (const auto& [k, v] : e.sweep)
    if (k == name) return true;
  return false;
}

void parse_operator(Checker& c, const json& j, Experiment& e) {
  const std::string path = "$.operator";
  if (!j.is_object()) return c.fail(path, "expected an object, got " + Checker::describe(j));
  c.known_keys(j, path, {"op", "domain", "dtype", "inputs", "attributes"});
  OperatorSpec& op = e.op;
  op.op_type = c.string_field(j, path, "op", true);
  op.domain = c.string_field(j, path, "domain", false, "");
  std::string dtype = c.string_field(j, path, "dtype", false, "float32");
  op.dtype = dtype_from_name(dtype);
  if (op.dtype == DType::Invalid)
    c.fail(path + ".dtype", "expected one of float32, float64, int64, int32, uint8, bool, got \"" +
                                dtype + "\"");
  if (const json* in = c.field(j, path, "inputs", true)) {
    if (!in->is_array()) {
      c.fail(path + ".inputs", "expected an array of shapes, got " + Checker::describe(*in));
    } else {
      for (size_t i = 0; i < in->size(); ++i) {
        const json& shape = (*in)[i];
        const std::string sp = path + ".inputs[" + std::to_string(i) + "]";
        if (!shape.is_array()) {
          c.fail(sp, "expected a shape (array of dimensions), got " + Checker::describe(shape));
          continue;
        }
        std::vector<json> dims;
        for (size_t d = 0; d < shape.size(); ++d) {
          const json& dim = shape[d];
          const std::string dp = sp + "[" + std::to_string(d) + "]";
          if (dim.is_number_integer() && dim.get<int64_t>() >= 0) {
            dims.push_back(dim);
          } else if (dim.is_string() && has_var(e, dim.get<std::string>())) {
            dims.push_back(dim);
          } else {
            c.fail(dp, "expected a dimension >= 0 or the name of a sweep variable, got " +
                           Checker::describe(dim));
          }
        }
        op.inputs.push_back(std::move(dims));
      }
    }
  }
  if (const json* at = c.field(j, path, "attributes", false)) {
    if (!at->is_object()) {
      c.fail(path + ".attributes", "expected an object, got " + Checker::describe(*at));
    } else {
      for (auto it = at->begin(); it != at->end(); ++it) {
        const json& v = it.value();
        const std::string ap = path + ".attributes." + it.key();
        if (v.is_string() && v.get<std::string>().rfind("$", 0) == 0 &&
            !has_var(e, v.get<std::string>().substr(1)))
          c.fail(ap, "names sweep variable \"" + v.get<std::string>().substr(1) +
                         "\", which $.sweep does not define");
        else if (!(v.is_number() || v.is_string() || v.is_array()))
          c.fail(ap, "expected a number, a string or an array, got " + Checker::describe(v));
      }
      op.attributes = *at;
    }
  }
}

void parse_implementations(Checker& c, const json& j, Experiment& e) {
  if (!j.is_array() || j.empty())
    return c.fail("$.implementations", "expected a non-empty array of \"plugin\" or "
                                       "\"plugin/variant\" names, got " + Checker::describe(j));
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string path = "$.implementations[" + std::to_string(i) + "]";
    if (!j[i].is_string() || j[i].get<std::string>().empty()) {
      c.fail(path, "expected \"plugin\" or \"plugin/variant\", got " + Checker::describe(j[i]));
      continue;
    }
    std::string s = j[i].get<std::string>();
    Implementation impl;
    auto slash = s.find('/');
    impl.plugin = s.substr(0, slash);
    if (slash != std::string::npos) impl.variant = s.substr(slash + 1);
    for (const auto& other : e.implementations)
      if (other.id() == impl.id()) c.fail(path, "\"" + s + "\" is listed twice");
    e.implementations.push_back(impl);
  }
}

void parse_launcher(Checker& c, const json& j, Experiment& e) {
  const std::string path = "$.launcher";
  if (!j.is_object()) return c.fail(path, "expected an object, got " + Checker::describe(j));
  c.known_keys(j, path, {"kind", "ranks", "hosts", "extra_args"});
  e.launcher.kind = c.string_field(j, path, "kind", false, "local");
  if (e.launcher.kind != "local" && e.launcher.kind != "mpi" && e.launcher.kind != "slurm")
    c.fail(path + ".kind", "expected \"local\", \"mpi\" or \"slurm\", got \"" + e.launcher.kind +
                               "\"");
  e.launcher.ranks = c.number_field<int>(j, path, "ranks", 1, 1, 1 << 20);
  for (const char* key : {"hosts", "extra_args"}) {
    const json* v = c.field(j, path, key, false);
    if (!v) continue;
    bool ok = v->is_array();
    if (ok)
      for (const auto& s : *v) ok = ok && s.is_string();
    if (!ok) {
      c.fail(path + "." + key, "expected an array of strings, got " + Checker::describe(*v));
      continue;
    }
    auto& dst = std::string(key) == "hosts" ? e.launcher.hosts : e.launcher.extra_args;
    dst = v->get<std::vector<std::string>>();
  }
}

}  // namespace

std::string Point::label() const {
  std::string s;
  for (const auto& [k, v] : vars)
    s += (s.empty() ? "" : " ") + k + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
  return s;
}

json Point::to_json() const {
  json j = json::object();
  for (const auto& [k, v] : vars) j[k] = v;
  return j;
}

std::vector<Shape> OperatorSpec::shapes_at(const Point& p) const {
  std::vector<Shape> shapes;
  for (const auto& dims : inputs) {
    Shape s;
    for (const auto& d : dims) {
      const json& v = d.is_string() ? p.vars.at(d.get<std::string>()) : d;
      if (!v.is_number_integer() || v.get<int64_t>() < 0)
        throw D500Error("sweep variable \"" + d.get<std::string>() +
                        "\" is used as a dimension but has value " + v.dump());
      s.push_back(v.get<int64_t>());
    }
    shapes.push_back(std::move(s));
  }
  return shapes;
}

json OperatorSpec::attributes_at(const Point& p) const {
  json out = json::object();
  for (auto it = attributes.begin(); it != attributes.end(); ++it) {
    const json& v = it.value();
    if (v.is_string() && v.get<std::string>().rfind("$", 0) == 0)
      out[it.key()] = p.vars.at(v.get<std::string>().substr(1));
    else
      out[it.key()] = v;
  }
  return out;
}

std::vector<Point> Experiment::points() const {
  std::vector<Point> pts(1);
  for (const auto& [name, values] : sweep) {
    std::vector<Point> next;
    for (const auto& p : pts)
      for (const auto& v : values) {
        Point q = p;
        q.vars[name] = v;
        next.push_back(std::move(q));
      }
    pts = std::move(next);
  }
  return pts;
}

Result<Experiment> parse_experiment(const json& j, const std::string& source) {
  Checker c(source);
  Experiment e;
  if (!j.is_object()) return Error{"expected a JSON object at the top level", source + ":$"};
  c.known_keys(j, "$", kTopKeys);
  if (const json* v = c.field(j, "$", "d500", true)) {
    if (!v->is_number_integer())
      c.fail("$.d500", "expected the format version (an integer), got " + Checker::describe(*v));
    else if (v->get<int>() > kExperimentFormat)
      c.fail("$.d500", "format " + std::to_string(v->get<int>()) +
                           " was written by a newer d500; this build reads format " +
                           std::to_string(kExperimentFormat));
    else if (v->get<int>() < 1)
      c.fail("$.d500", "expected format 1, got " + v->dump());
  }
  e.name = c.string_field(j, "$", "name", true);
  e.description = c.string_field(j, "$", "description", false);
  e.level = c.string_field(j, "$", "level", true);
  if (!e.level.empty() && !kSupportedLevels.count(e.level)) {
    if (kAllLevels.count(e.level))
      c.fail("$.level", "level \"" + e.level + "\" is not supported by this build yet (supported: operator)");
    else
      c.fail("$.level", "expected one of operator, network, training, distributed, collective, "
                        "got \"" + e.level + "\"");
  }
  e.seed = c.number_field<uint64_t>(j, "$", "seed", 0, 0, UINT64_MAX);
  if (const json* v = c.field(j, "$", "sweep", false)) parse_sweep(c, *v, e);
  if (const json* v = c.field(j, "$", "repetition", false)) parse_repetition(c, *v, e);
  if (const json* v = c.field(j, "$", "launcher", false)) parse_launcher(c, *v, e);
  if (e.level == "operator") {
    if (const json* v = c.field(j, "$", "operator", true)) parse_operator(c, *v, e);
    if (const json* v = c.field(j, "$", "implementations", true)) parse_implementations(c, *v, e);
  }
  if (!c.ok()) return Error{c.message(), ""};
  return e;
}

Result<Experiment> load_experiment(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot open the experiment file (does it exist and is it readable?)", path};
  json j;
  try {
    j = json::parse(in);
  } catch (const json::parse_error& ex) {
    // nlohmann reports "at line L, column C"; keep that, drop the library's prefix.
    std::string what = ex.what();
    auto pos = what.find("parse error");
    return Error{"not valid JSON: " + (pos == std::string::npos ? what : what.substr(pos)), path};
  }
  return parse_experiment(j, path);
}

json policy_to_json(const measure::Policy& p) {
  return json{{"warmup_calls", p.warmup_calls},   {"warmup_seconds", p.warmup_seconds},
              {"target_rel_ci", p.target_rel_ci}, {"confidence", p.confidence},
              {"min_samples", p.min_samples},     {"max_samples", p.max_samples},
              {"max_seconds", p.max_seconds},     {"check_every", p.check_every},
              {"block_overhead", p.block_overhead}};
}

json to_json(const Experiment& e) {
  json j;
  j["d500"] = e.format;
  j["name"] = e.name;
  j["description"] = e.description;
  j["level"] = e.level;
  j["seed"] = e.seed;
  json rep = policy_to_json(e.repetition);
  rep["mode"] = e.repetition_mode;
  j["repetition"] = rep;
  json sweep = json::object();
  for (const auto& [k, v] : e.sweep) sweep[k] = v;
  j["sweep"] = sweep;
  j["launcher"] = {{"kind", e.launcher.kind},
                   {"ranks", e.launcher.ranks},
                   {"hosts", e.launcher.hosts},
                   {"extra_args", e.launcher.extra_args}};
  if (e.level == "operator") {
    json inputs = json::array();
    for (const auto& dims : e.op.inputs) inputs.push_back(dims);
    j["operator"] = {{"op", e.op.op_type},
                     {"domain", e.op.domain},
                     {"dtype", std::string(dtype_name(e.op.dtype))},
                     {"inputs", inputs},
                     {"attributes", e.op.attributes}};
    json impls = json::array();
    for (const auto& i : e.implementations) impls.push_back(i.id());
    j["implementations"] = impls;
  }
  return j;
}

}  // namespace d500::spec
