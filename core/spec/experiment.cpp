#include "d500/spec/experiment.h"

#include <fstream>

#include "d500/json_input.h"
#include "sections.h"

namespace d500::spec {

using nlohmann::json;

namespace {

const std::set<std::string> kTopKeys = {
    "d500",     "name",     "description", "level",    "seed",        "sweep",
    "points",   "problems", "repetition",  "operator", "launcher",    "implementations",
    "baseline", "validate", "network",     "training", "distributed", "collective",
    "isolation"};
const std::set<std::string> kSupportedLevels = {"operator", "network", "training", "distributed",
                                                "collective"};
const std::set<std::string> kAllLevels = {"operator", "network", "training", "distributed",
                                          "collective"};

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
  auto subst = [&](const json& v) -> json {
    if (v.is_string() && v.get<std::string>().rfind("$", 0) == 0)
      return p.vars.at(v.get<std::string>().substr(1));
    return v;
  };
  json out = json::object();
  for (auto it = attributes.begin(); it != attributes.end(); ++it) {
    if (it.value().is_array()) {
      json arr = json::array();
      for (const auto& x : it.value()) arr.push_back(subst(x));
      out[it.key()] = arr;
    } else {
      out[it.key()] = subst(it.value());
    }
  }
  return out;
}

uint64_t Experiment::point_count() const {
  uint64_t n = explicit_points.empty() ? 1 : explicit_points.size();
  for (const auto& [name, values] : sweep) {
    if (values.empty()) return 0;
    if (n > UINT64_MAX / values.size()) return UINT64_MAX;
    n *= values.size();
  }
  return n;
}

std::vector<Point> Experiment::points() const {
  if (point_count() > kMaxPoints)
    throw D500Error("the sweep has " + std::to_string(point_count()) + " points; at most " +
                    std::to_string(kMaxPoints) + " are allowed");
  std::vector<Point> pts;
  if (explicit_points.empty()) {
    pts.emplace_back();
  } else {
    for (const auto& vars : explicit_points) pts.push_back(Point{vars});
  }
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

Result<Experiment> parse_experiment(const json& j, const std::string& source,
                                    const std::string& base_dir) {
  Checker c(source);
  Experiment e;
  if (!j.is_object()) return Error{"expected a JSON object at the top level", source + ":$"};
  c.known_keys(j, "$", kTopKeys);
  if (const json* v = c.field(j, "$", "d500", true)) {
    if (!v->is_number_integer())
      c.fail("$.d500", "expected the format version (an integer), got " + Checker::describe(*v));
    else if (v->is_number_unsigned() ? v->get<uint64_t>() > uint64_t(kExperimentFormat)
                                     : v->get<int64_t>() > kExperimentFormat)
      c.fail("$.d500", "format " + v->dump() +
                           " was written by a newer d500; this build reads format " +
                           std::to_string(kExperimentFormat));
    else if (v->get<int64_t>() < 1)
      c.fail("$.d500", "expected format 1, got " + v->dump());
  }
  e.name = c.string_field(j, "$", "name", true);
  e.description = c.string_field(j, "$", "description", false);
  e.level = c.string_field(j, "$", "level", true);
  if (!e.level.empty() && !kSupportedLevels.count(e.level)) {
    if (kAllLevels.count(e.level))
      c.fail("$.level",
             "level \"" + e.level + "\" is not supported by this build yet (supported: operator)");
    else
      c.fail("$.level",
             "expected one of operator, network, training, distributed, collective, "
             "got \"" +
                 e.level + "\"");
  }
  e.seed = c.number_field<uint64_t>(j, "$", "seed", 0, 0, UINT64_MAX);
  if (const json* v = c.field(j, "$", "sweep", false)) parse_sweep(c, *v, e);
  const json* pts = c.field(j, "$", "points", false);
  const json* problems = c.field(j, "$", "problems", false);
  if (pts && problems)
    c.fail("$.problems", "give either \"points\" or \"problems\", not both");
  else if (pts)
    parse_points(c, *pts, "$.points", e);
  else if (problems)
    load_problems(c, *problems, base_dir, e);
  if (const json* v = c.field(j, "$", "validate", false)) parse_validation(c, *v, e);
  if (const json* v = c.field(j, "$", "repetition", false)) parse_repetition(c, *v, e);
  if (const json* v = c.field(j, "$", "launcher", false)) parse_launcher(c, *v, e);
  if (e.level == "operator") {
    if (const json* v = c.field(j, "$", "operator", true)) parse_operator(c, *v, e);
    if (const json* v = c.field(j, "$", "implementations", true)) parse_implementations(c, *v, e);
    e.baseline = c.string_field(j, "$", "baseline", false,
                                e.implementations.empty() ? "" : e.implementations[0].id());
    bool known = false;
    for (const auto& i : e.implementations) known = known || i.id() == e.baseline;
    if (!e.implementations.empty() && !known)
      c.fail("$.baseline", "\"" + e.baseline + "\" is not one of $.implementations");
  }
  // The sections of the other levels are parsed by their own modules (they name their JSON paths
  // the same way); here they only have to be objects, and the level's own one present.
  for (const char* key : {"network", "training", "distributed", "collective"}) {
    const bool own = e.level == key || (e.level == "distributed" && std::string(key) == "training");
    if (const json* v = c.field(j, "$", key, own)) {
      if (!v->is_object())
        c.fail(std::string("$.") + key, "expected an object, got " + Checker::describe(*v));
      else
        e.sections[key] = *v;
    }
  }
  // Where plugin code runs: read by the operator level from sections (to_json writes it back).
  if (const json* v = c.field(j, "$", "isolation", false)) {
    static const std::set<std::string> kModes = {"auto", "process", "none", "in-process"};
    if (!v->is_string() || !kModes.count(v->get<std::string>()))
      c.fail("$.isolation",
             "expected \"auto\", \"process\" or \"none\", got " + Checker::describe(*v));
    else
      e.sections["isolation"] = *v;
  }
  if (const uint64_t n = e.point_count(); n > kMaxPoints)
    c.fail("$.sweep", (n == UINT64_MAX ? std::string("more than 2^64") : std::to_string(n)) +
                          " points (the product of the sweep's value counts" +
                          (e.explicit_points.empty() ? "" : " and the explicit points") +
                          "); at most " + std::to_string(kMaxPoints) + " are allowed");
  if (!c.ok()) return Error{c.message(), ""};
  return e;
}

Result<Experiment> load_experiment(const std::string& path) {
  auto j = read_json_file(path);
  if (!j) return j.error();
  auto slash = path.rfind('/');
  return parse_experiment(*j, path, slash == std::string::npos ? "" : path.substr(0, slash));
}

json policy_to_json(const measure::Policy& p) {
  return json{{"warmup_calls", p.warmup_calls},     {"warmup_seconds", p.warmup_seconds},
              {"target_rel_ci", p.target_rel_ci},   {"confidence", p.confidence},
              {"min_samples", p.min_samples},       {"max_samples", p.max_samples},
              {"max_seconds", p.max_seconds},       {"check_every", p.check_every},
              {"block_overhead", p.block_overhead}, {"same_period", p.same_period}};
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
  if (!e.explicit_points.empty()) {
    json pts = json::array();
    for (const auto& p : e.explicit_points) pts.push_back(Point{p}.to_json());
    j["points"] = pts;
  }
  j["validate"] = {{"forward", e.validation.forward},
                   {"backward", e.validation.backward},
                   {"determinism", e.validation.determinism},
                   {"reference", e.validation.reference},
                   {"tolerance", e.validation.tolerance}};
  j["launcher"] = {{"kind", e.launcher.kind},
                   {"ranks", e.launcher.ranks},
                   {"hosts", e.launcher.hosts},
                   {"extra_args", e.launcher.extra_args}};
  for (auto it = e.sections.begin(); it != e.sections.end(); ++it) j[it.key()] = it.value();
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
    j["baseline"] = e.baseline;
  }
  return j;
}

}  // namespace d500::spec
