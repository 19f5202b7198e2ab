// GCC 12 warns falsely (-Warray-bounds, inside std::map) on nlohmann::json's object values.
#pragma GCC diagnostic ignored "-Warray-bounds"
#include "lookups.h"

#include <cstdio>

#include "d500/env/environment.h"
#include "d500/env/machine_load.h"
#include "d500/report/format.h"

namespace d500::history::detail {

using nlohmann::json;

const json& Lookups::environment(int64_t id) {
  auto [it, added] = envs_.try_emplace(id, json::object());
  if (added)
    if (auto e = s_.environment(id)) {
      auto j = json::parse(e->json, nullptr, false);
      if (j.is_object()) it->second = std::move(j);
    }
  return it->second;
}

const std::string& Lookups::load(int64_t run_id) {
  auto [it, added] = loads_.try_emplace(run_id, "-");
  if (added)
    if (const auto l = env::stored_load(s_, run_id)) it->second = l->busy ? "BUSY" : "quiet";
  return it->second;
}

std::vector<std::string> Lookups::diff(int64_t env_a, int64_t env_b) {
  return env::diff(environment(env_a), environment(env_b));
}

std::string value_text(double v, const std::string& unit) {
  if (unit == "ns") return report::format_duration_ns(v);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.4g %s", v, unit.c_str());
  return buf;
}

void describe_change(report::Document& doc, Lookups& at, const Series& ser,
                     const measure::ChangePoint& c) {
  const SeriesPoint& before = ser.points[c.index - 1];
  const SeriesPoint& after = ser.points[c.index];
  char p[32];
  std::snprintf(p, sizeof p, "%.3g", c.p_value);
  doc.line("change between run " + std::to_string(before.run_id) + " (" + before.axis +
           ") and run " + std::to_string(after.run_id) + " (" + after.axis + "): median " +
           report::signed_percent(c.change) + " [" + report::signed_percent(c.ci_lo) + ", " +
           report::signed_percent(c.ci_hi) + "], p = " + p);
  const auto d = at.diff(before.environment_id, after.environment_id);
  if (d.empty()) doc.line("  environment: the same on both sides");
  for (const auto& line : d) doc.line("  environment: " + line);
  doc.line("  load: before " + at.load(before.run_id) + ", after " + at.load(after.run_id));
}

}  // namespace d500::history::detail
