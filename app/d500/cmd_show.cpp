// `d500 show RUN [--format FMT] [-o FILE]`: one run's status, machine, and its level's results
// with their CIs, verdicts and baselines (run::run_report), written by the reporter of FMT.
// `--json` is the run's record (run_json.h), for programs.
#include <iostream>

#include "commands.h"
#include "d500/run/run_report.h"
#include "run_json.h"

namespace d500::cli {

int cmd_show(const GlobalOptions& g, const std::string& run_arg, const ReportOutput& o) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  store::RunInfo r = require_run(*s, run_arg);
  if (g.json) {
    if (!o.format.empty()) throw CliError{kUsage, "show: --json and --format exclude each other"};
    nlohmann::json j = run_report_json(*s, r, false);
    if (r.level == "training" || r.level == "distributed") j["metrics"] = run::metrics_json(*s, r);
    std::cout << j.dump(2) << "\n";
    return kOk;
  }
  write_report(run::run_report(*s, r), o);
  return kOk;
}

}  // namespace d500::cli
