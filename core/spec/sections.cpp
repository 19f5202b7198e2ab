#include "sections.h"

#include <fstream>

#include "d500/json_input.h"

namespace d500::spec {

void parse_repetition(Checker& c, const json& j, Experiment& e) {
  const std::string path = "$.repetition";
  if (!j.is_object()) return c.fail(path, "expected an object, got " + Checker::describe(j));
  c.known_keys(
      j, path,
      {"mode", "warmup_calls", "warmup_seconds", "target_rel_ci", "confidence", "min_samples",
       "max_samples", "max_seconds", "check_every", "block_overhead", "same_period"});
  measure::Policy& p = e.repetition;
  e.repetition_mode = c.string_field(j, path, "mode", false, "default");
  if (e.repetition_mode == "publication") {
    p.target_rel_ci = 0.01;
    p.confidence = 0.99;
    p.same_period = true;
  } else if (e.repetition_mode != "default") {
    c.fail(path + ".mode",
           "expected \"default\" or \"publication\", got \"" + e.repetition_mode + "\"");
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
  p.same_period = c.bool_field(j, path, "same_period", p.same_period);
  if (p.max_samples < p.min_samples)
    c.fail(path + ".max_samples", "must be >= min_samples (" + std::to_string(p.min_samples) + ")");
}

void parse_sweep(Checker& c, const json& j, Experiment& e) {
  if (!j.is_object())
    return c.fail("$.sweep",
                  "expected an object of variable: [values], got " + Checker::describe(j));
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

// Explicit points: an array of objects of variable values, all naming the same variables.
void parse_points(Checker& c, const json& j, const std::string& path, Experiment& e) {
  if (!j.is_array() || j.empty())
    return c.fail(path, "expected a non-empty array of points ({\"variable\": value, ...}), got " +
                            Checker::describe(j));
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string pp = path + "[" + std::to_string(i) + "]";
    if (!j[i].is_object() || j[i].empty()) {
      c.fail(pp, "expected an object of variable values, got " + Checker::describe(j[i]));
      continue;
    }
    std::map<std::string, json> point;
    for (auto it = j[i].begin(); it != j[i].end(); ++it) point[it.key()] = it.value();
    if (!e.explicit_points.empty()) {
      std::set<std::string> a, b;
      for (const auto& [k, v] : e.explicit_points.front()) a.insert(k);
      for (const auto& [k, v] : point) b.insert(k);
      if (a != b) c.fail(pp, "names other variables than the first point");
    }
    for (const auto& [k, v] : point)
      for (const auto& [sk, sv] : e.sweep)
        if (sk == k) c.fail(pp + "." + k, "is also a sweep variable");
    e.explicit_points.push_back(std::move(point));
  }
}

// A problem list file: {"d500_problems": 1, "name": ..., "points": [...]}.
void load_problems(Checker& c, const json& j, const std::string& base_dir, Experiment& e) {
  if (!j.is_string())
    return c.fail("$.problems",
                  "expected the path of a problem list file, got " + Checker::describe(j));
  std::string path = j.get<std::string>();
  if (!path.empty() && path[0] != '/' && !base_dir.empty()) path = base_dir + "/" + path;
  auto read = read_json_file(path);
  if (!read) return c.fail("$.problems", "problem list: " + read.error().to_string());
  const json& list = *read;
  if (!list.is_object() || !list.contains("points"))
    return c.fail("$.problems", "problem list \"" + path + "\" has no \"points\" array");
  Checker inner(path);
  parse_points(inner, list["points"], "$.points", e);
  if (!inner.ok()) c.fail("$.problems", inner.message());
}

void parse_validation(Checker& c, const json& j, Experiment& e) {
  const std::string path = "$.validate";
  if (j.is_boolean()) {
    e.validation.forward = e.validation.backward = e.validation.determinism = j.get<bool>();
    return;
  }
  if (!j.is_object())
    return c.fail(path, "expected true, false or an object, got " + Checker::describe(j));
  c.known_keys(j, path, {"forward", "backward", "determinism", "reference", "tolerance"});
  for (auto [key, dst] :
       {std::pair{"forward", &e.validation.forward}, std::pair{"backward", &e.validation.backward},
        std::pair{"determinism", &e.validation.determinism}})
    *dst = c.bool_field(j, path, key, *dst);
  e.validation.reference = c.string_field(j, path, "reference", false, "reference");
  e.validation.tolerance = c.number_field<double>(j, path, "tolerance", 0, 0, 1);
}

bool has_var(const Experiment& e, const std::string& name) {
  for (const auto& [k, v] : e.sweep)
    if (k == name) return true;
  return !e.explicit_points.empty() && e.explicit_points.front().count(name);
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
    c.fail(path + ".dtype",
           "expected one of float32, float64, int64, int32, uint8, bool, int8, float16, bfloat16, "
           "got \"" +
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
        // "$VAR" names a variable, as the whole value or as an element of an array.
        auto check_var = [&](const json& x, const std::string& xp) {
          if (x.is_string() && x.get<std::string>().rfind("$", 0) == 0 &&
              !has_var(e, x.get<std::string>().substr(1)))
            c.fail(xp, "names sweep variable \"" + x.get<std::string>().substr(1) +
                           "\", which neither $.sweep nor $.points defines");
        };
        if (!(v.is_number() || v.is_string() || v.is_array()))
          c.fail(ap, "expected a number, a string or an array, got " + Checker::describe(v));
        check_var(v, ap);
        if (v.is_array())
          for (size_t k = 0; k < v.size(); ++k) check_var(v[k], ap + "[" + std::to_string(k) + "]");
      }
      op.attributes = *at;
    }
  }
}

void parse_implementations(Checker& c, const json& j, Experiment& e) {
  if (!j.is_array() || j.empty())
    return c.fail("$.implementations",
                  "expected a non-empty array of \"plugin\" or "
                  "\"plugin/variant\" names, got " +
                      Checker::describe(j));
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
    c.fail(path + ".kind",
           "expected \"local\", \"mpi\" or \"slurm\", got \"" + e.launcher.kind + "\"");
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

}  // namespace d500::spec
