// What the history reports read of the store more than once, read once (a run appears in every
// series of its sweep points, and neighbouring points share their environment), and the lines
// that describe one change point. Internal to d500_history.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/history/history.h"
#include "d500/measure/change_points.h"
#include "d500/report/document.h"
#include "d500/store/result_store.h"

namespace d500::history::detail {

class Lookups {
 public:
  explicit Lookups(const store::ResultStore& s) : s_(s) {}
  const store::ResultStore& store() const { return s_; }

  const nlohmann::json& environment(int64_t id);
  const std::string& load(int64_t run_id);  // "BUSY", "quiet", or "-" when not recorded
  std::vector<std::string> diff(int64_t env_a, int64_t env_b);

 private:
  const store::ResultStore& s_;
  std::map<int64_t, nlohmann::json> envs_;
  std::map<int64_t, std::string> loads_;
};

// "2.41 µs" for times, "12.5 img/s" otherwise.
std::string value_text(double v, const std::string& unit);

// "change between run 12 (…) and run 15 (…): median +8.1% [+6.0%, +10.2%], p = 0.005", then the
// environment diff across it and both sides' load.
void describe_change(report::Document& doc, Lookups& at, const Series& ser,
                     const measure::ChangePoint& c);

}  // namespace d500::history::detail
