#include <nlohmann/json.hpp>

#include "d500/training/metrics.h"
#include "metrics/builtin_metrics.h"

namespace d500::training {

std::string MetricRegistry::add(MetricDescriptor d) {
  std::string why;
  if (d.unit.empty())
    why = "no unit (\"1\" for a plain number or a fraction)";
  else if (!d.per_step && !d.per_epoch)
    why = "neither per step nor per epoch";
  else if (d.level != "training" && d.level != "distributed")
    why = "level \"" + d.level + "\" is neither \"training\" nor \"distributed\"";
  return add_checked(std::move(d), why);
}

MetricRegistry& metrics() {
  static MetricRegistry* reg = [] {
    auto* r = new MetricRegistry;
    for (auto d : {builtin::expected_calibration_error()}) r->add(std::move(d));
    return r;
  }();
  return *reg;
}

std::string metric_series(const std::string& metric, bool epoch) {
  return epoch ? metric + kEpochSuffix : metric;
}

namespace {

const char* better_name(series::Better b) {
  return b == series::Better::Lower ? "lower" : b == series::Better::Higher ? "higher" : "neither";
}

series::Better better_of(const std::string& s) {
  return s == "lower"    ? series::Better::Lower
         : s == "higher" ? series::Better::Higher
                         : series::Better::Neither;
}

}  // namespace

nlohmann::json metric_kinds_json(const std::vector<const MetricDescriptor*>& used) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto* m : used)
    out.push_back({{"name", m->name},
                   {"title", m->summary},
                   {"unit", m->unit},
                   {"better", better_name(m->better)},
                   {"per_step", m->per_step},
                   {"per_epoch", m->per_epoch},
                   {"level", m->level},
                   {"origin", m->origin}});
  return out;
}

std::vector<MetricDescriptor> parse_metric_kinds(const std::string& json_text) {
  std::vector<MetricDescriptor> out;
  const auto j = nlohmann::json::parse(json_text, nullptr, false);
  if (!j.is_array()) return out;
  for (const auto& e : j) {
    if (!e.is_object() || !e.contains("name") || !e["name"].is_string()) continue;
    MetricDescriptor d;
    d.name = e["name"].get<std::string>();
    auto text = [&e](const char* key) {
      return e.contains(key) && e[key].is_string() ? e[key].get<std::string>() : std::string();
    };
    d.summary = text("title");
    d.unit = text("unit");
    d.better = better_of(text("better"));
    d.level = text("level");
    d.origin = text("origin");
    auto flag = [&e](const char* key) { return e.contains(key) && e[key] == true; };
    d.per_step = flag("per_step");
    d.per_epoch = flag("per_epoch");
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace d500::training
