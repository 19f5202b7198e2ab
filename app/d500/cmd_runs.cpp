// `d500 runs`: the runs in a store.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>

#include "commands.h"
#include "d500/spec/experiment.h"
#include "run_json.h"

namespace d500::cli {

int cmd_runs(const GlobalOptions& g) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  auto runs = s->runs();
  if (g.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : runs) out.push_back(run_to_json(r));
    std::cout << out.dump(2) << "\n";
    return kOk;
  }
  if (runs.empty()) {
    std::cout << "no runs in " << printable(g.db) << "\n";
    return kOk;
  }
  std::vector<std::vector<std::string>> rows{
      {"ID", "STATUS", "LEVEL", "NAME", "STARTED", "DURATION", "RERUN OF"}};
  for (const auto& r : runs)
    rows.push_back({std::to_string(r.id), std::string(store::run_status_name(r.status)), r.level,
                    r.name, format_time(r.started_at), duration_of(r),
                    r.parent_run_id ? std::to_string(r.parent_run_id) : "-"});
  print_table(rows);  // escaped: a run named "\x1b]0;...\x07" must not retitle the terminal
  return kOk;
}

}  // namespace d500::cli
