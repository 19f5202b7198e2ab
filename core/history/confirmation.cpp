// A change point's confirmation as JSON, and where it is stored.
// GCC 12 warns falsely (-Warray-bounds, inside std::map) on nlohmann::json's object values.
#pragma GCC diagnostic ignored "-Warray-bounds"
#include "d500/history/confirmation.h"

#include <nlohmann/json.hpp>

#include "d500/error.h"

namespace d500::history {

using nlohmann::json;

const ConfirmationRow* Confirmation::row(const std::string& subject,
                                         const std::string& implementation) const {
  for (const auto& r : rows)
    if (r.subject == subject && r.implementation == implementation) return &r;
  return nullptr;
}

std::string to_json(const Confirmation& c) {
  json rows = json::array();
  for (const auto& r : c.rows)
    rows.push_back({{"subject", r.subject},
                    {"implementation", r.implementation},
                    {"point", r.point},
                    {"original_change", r.original_change},
                    {"change", r.change},
                    {"ci", {r.ci_lo, r.ci_hi}},
                    {"p_value", r.p_value},
                    {"blocks_agreeing", r.blocks_agreeing},
                    {"block_p", r.block_p},
                    {"verdict", r.verdict}});
  return json{{"before_run", c.before_run},
              {"after_run", c.after_run},
              {"blocks", c.blocks},
              {"order", c.order},
              {"a_runs", c.a_runs},
              {"b_runs", c.b_runs},
              {"machine", c.machine},
              {"confirmed_at", c.confirmed_at},
              {"rows", rows}}
      .dump(2);
}

Confirmation confirmation_from_json(const std::string& text, const std::string& where) {
  const json j = json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("rows") || !j["rows"].is_array())
    throw D500Error(where + ": not a change confirmation (a JSON object with \"rows\")");
  try {
    Confirmation c;
    c.before_run = j.value("before_run", int64_t{0});
    c.after_run = j.value("after_run", int64_t{0});
    c.blocks = j.value("blocks", 0);
    c.order = j.value("order", std::string());
    c.a_runs = j.value("a_runs", std::vector<int64_t>{});
    c.b_runs = j.value("b_runs", std::vector<int64_t>{});
    c.machine = j.value("machine", std::string());
    c.confirmed_at = j.value("confirmed_at", 0.0);
    for (const auto& r : j["rows"]) {
      ConfirmationRow row;
      row.subject = r.value("subject", std::string());
      row.implementation = r.value("implementation", std::string());
      row.point = r.value("point", std::string());
      row.original_change = r.value("original_change", 0.0);
      row.change = r.value("change", 0.0);
      const auto ci = r.value("ci", std::vector<double>{0, 0});
      if (ci.size() == 2) row.ci_lo = ci[0], row.ci_hi = ci[1];
      row.p_value = r.value("p_value", 1.0);
      row.blocks_agreeing = r.value("blocks_agreeing", 0);
      row.block_p = r.value("block_p", 1.0);
      row.verdict = r.value("verdict", std::string());
      c.rows.push_back(std::move(row));
    }
    return c;
  } catch (const json::exception& e) {
    throw D500Error(where + ": malformed change confirmation: " + e.what());
  }
}

std::optional<Confirmation> stored_confirmation(const store::ResultStore& s, int64_t before_run,
                                                int64_t after_run) {
  std::optional<Confirmation> latest;
  for (const auto& a : s.artifacts(after_run)) {
    if (a.name != kConfirmationArtifact) continue;
    const std::string where =
        s.path() + ": run " + std::to_string(after_run) + " artifact " + std::to_string(a.id);
    try {
      auto c = confirmation_from_json(std::string(a.data.begin(), a.data.end()), where);
      if (c.before_run == before_run && (!latest || c.confirmed_at >= latest->confirmed_at))
        latest = std::move(c);
    } catch (const D500Error&) {
      // A damaged verdict is no verdict: the change point stays unconfirmed.
    }
  }
  return latest;
}

}  // namespace d500::history
