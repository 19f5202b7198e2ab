// `d500 history [--experiment NAME] [--by FIELD] [--per-host]`: every benchmark series of the
// store across its runs, with its change points (history::history_report), in any format.
#include "commands.h"
#include "d500/error.h"
#include "d500/history/history.h"

namespace d500::cli {

int cmd_history(const GlobalOptions& g, const HistoryOptions& o) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  history::SeriesOptions so;
  so.experiment = o.experiment;
  so.by = o.by;
  so.per_host = o.per_host;
  std::vector<history::Series> all;
  try {
    all = history::series_of(*s, so);
  } catch (const D500Error& e) {
    throw CliError{kBadInput, e.what()};
  }
  if (!o.experiment.empty() && all.empty())
    throw CliError{kBadInput, "no operator or network run named \"" + o.experiment + "\" in " +
                                  g.db + " (`d500 runs` lists them)"};
  measure::ChangePointOptions cpo;
  cpo.alpha = o.alpha;
  ReportOutput out = o.report;
  if (g.json) {
    if (!out.format.empty() && out.format != "json")
      throw CliError{kUsage, "history: --json and --format " + out.format + " exclude each other"};
    out.format = "json";
  }
  write_report(history::history_report(*s, all, cpo), out);
  return kOk;
}

}  // namespace d500::cli
