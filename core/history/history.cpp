// Series of a store: each operator and network measurement keyed by experiment, implementation,
// point and machine class, ordered along the chosen axis.
#include "d500/history/history.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>

#include "d500/error.h"
#include "d500/history/confirmation.h"
#include "d500/report/format.h"

namespace d500::history {

namespace {

using nlohmann::json;

// The value of a dotted field of the environment ("plugins.torch.version"), as text.
std::optional<std::string> field(const json& env, const std::string& dotted) {
  const json* at = &env;
  size_t from = 0;
  while (from <= dotted.size()) {
    const size_t dot = std::min(dotted.find('.', from), dotted.size());
    const std::string key = dotted.substr(from, dot - from);
    if (!at->is_object() || !at->contains(key)) return std::nullopt;
    at = &(*at)[key];
    from = dot + 1;
  }
  if (at->is_null()) return std::nullopt;
  return at->is_string() ? at->get<std::string>() : at->dump();
}

// "2.10" after "2.9": digit runs compare as numbers.
bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) &&
        std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t ie = i, je = j;
      while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
      while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
      const std::string x = a.substr(i, ie - i), y = b.substr(j, je - j);
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      i = ie, j = je;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i, ++j;
  }
  return a.size() - i < b.size() - j;
}

bool measured_level(const std::string& level) {
  return level == "operator" || level == "network";
}

std::string normalized(const std::string& point_json) {
  auto p = json::parse(point_json.empty() ? "{}" : point_json, nullptr, false);
  return p.is_discarded() ? point_json : p.dump();
}

}  // namespace

std::string machine_class(const ranking::SystemInfo& system, bool per_host) {
  if (system.cpu.empty() && system.cores == 0) return "unknown machine";
  std::string out = (system.cpu.empty() ? "unknown CPU" : system.cpu) + ", " +
                    std::to_string(system.cores) + " CPUs";
  if (!system.gpu.empty()) out += ", GPU " + system.gpu;
  if (per_host && !system.host.empty()) out += " on " + system.host;
  return out;
}

std::vector<Series> series_of(const store::ResultStore& s, const SeriesOptions& o) {
  std::map<std::string, Series> by_key;
  bool axis_found = o.by == "time";
  for (const auto& run : s.runs()) {
    if (!measured_level(run.level) || (!o.experiment.empty() && run.name != o.experiment)) continue;
    if (run.spec_path.rfind(kConfirmSource, 0) == 0) continue;  // A/B reruns are no history
    const std::string machine = machine_class(ranking::system_of(s, run, {}), o.per_host);
    std::string axis = report::format_time(run.started_at);
    if (o.by != "time") {
      json env = json::object();
      if (auto e = s.environment(run.environment_id)) env = json::parse(e->json, nullptr, false);
      const auto f = field(env.is_object() ? env : json::object(), o.by);
      axis = f.value_or("(none)");
      axis_found = axis_found || f.has_value();
    }
    for (const auto& m : s.measurements(run.id)) {
      const std::string point = normalized(m.point_json);
      if (point.find("\"transfer\"") != std::string::npos) continue;  // a copy timed once
      const std::string key =
          run.name + '\n' + run.level + '\n' + m.implementation + '\n' + point + '\n' + machine;
      Series& ser = by_key[key];
      if (ser.points.empty() && ser.skipped_failed == 0 && ser.skipped_units == 0) {
        ser.experiment = run.name;
        ser.level = run.level;
        ser.implementation = m.implementation;
        ser.point = point;
        ser.subject = m.subject;
        ser.machine = machine;
        ser.unit = m.unit;
        ser.axis = o.by == "time" ? "started" : o.by;
      }
      if (!m.error.empty() || m.n == 0) {
        ++ser.skipped_failed;
        continue;
      }
      if (m.unit != ser.unit) {  // never a median in img/s beside ones in ns
        ++ser.skipped_units;
        continue;
      }
      ser.points.push_back({run.id, m.id, run.environment_id, run.started_at, axis, m.median,
                            m.ci_lo, m.ci_hi, m.ci_valid, m.n});
    }
  }
  if (!axis_found)
    throw D500Error("no run's environment has a field \"" + o.by +
                        "\" (e.g. build.d500_version, plugins.<name>.version, cpu.model)",
                    "--by");
  std::vector<Series> out;
  for (auto& [key, ser] : by_key) {
    std::stable_sort(ser.points.begin(), ser.points.end(),
                     [&](const SeriesPoint& a, const SeriesPoint& b) {
                       if (o.by == "time" || a.axis == b.axis) return a.started_at < b.started_at;
                       return natural_less(a.axis, b.axis);
                     });
    out.push_back(std::move(ser));
  }
  // Experiments, then implementations, then points as people count them (N=64 before N=256).
  std::stable_sort(out.begin(), out.end(), [](const Series& a, const Series& b) {
    if (a.experiment != b.experiment) return a.experiment < b.experiment;
    if (a.implementation != b.implementation) return a.implementation < b.implementation;
    if (a.subject != b.subject) return natural_less(a.subject, b.subject);
    return a.machine < b.machine;
  });
  return out;
}

}  // namespace d500::history
