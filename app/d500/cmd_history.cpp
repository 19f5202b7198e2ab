// `d500 history [--experiment NAME] [--by FIELD] [--per-host]`: every benchmark series of the
// store across its runs, with its change points (history::history_report), in any format.
// `d500 gate BASELINE CANDIDATE`: the CI gate (history::gate), exit 1 on a regression.
// `d500 confirm BEFORE AFTER`: rerun-to-confirm a change point (run::confirm_change).

#include "cli_observer.h"
#include "commands.h"
#include "d500/error.h"
#include "d500/history/gate.h"
#include "d500/history/history.h"
#include "d500/history/overview.h"
#include "d500/report/reporter.h"
#include "d500/run/confirm_change.h"

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
  if (o.changes)
    write_report(history::overview_report(*s, all, history::overview(*s, all, cpo)), out);
  else
    write_report(history::history_report(*s, all, cpo), out);
  return kOk;
}

int cmd_gate(const GlobalOptions& g, const GateOptions& o) {
  if (o.series != (o.baseline.empty() && o.candidate.empty()))
    throw CliError{kUsage, o.series ? "gate: --series gates every series; give no runs"
                                    : "gate: give BASELINE and CANDIDATE runs, or --series"};
  if (!o.series && o.candidate.empty())
    throw CliError{kUsage, "gate: give the CANDIDATE run after the BASELINE"};
  auto sb = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  auto sc_owned = o.db_b.empty() ? nullptr : open_store(o.db_b, store::ResultStore::Mode::ReadOnly);
  const store::ResultStore& sc = sc_owned ? *sc_owned : *sb;
  history::GateOptions go;
  go.threshold = o.threshold_pct / 100;
  go.alpha = o.alpha;
  go.across_machines = o.across_machines;
  history::GateResult r;
  try {
    if (o.series) {
      r = history::gate_series(*sb, sc, go);
    } else {
      const store::RunInfo base = require_run(*sb, o.baseline), cand = require_run(sc, o.candidate);
      r = history::gate(*sb, base.id, sc, cand.id, go);
    }
  } catch (const D500Error& e) {
    throw CliError{kBadInput, e.what()};
  }
  const report::Document doc = history::gate_report(r);
  if (!o.markdown.empty()) write_text_file(o.markdown, report::render(doc, "md"));
  if (!o.junit.empty()) write_text_file(o.junit, history::gate_junit(r));
  write_report(doc, o.report);
  return r.regressions ? kRunFailed : kOk;
}

int cmd_confirm(const GlobalOptions& g, const ConfirmOptions& o) {
  run::ConfirmRequest req;
  {
    auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
    req.before_run = require_run(*s, o.before).id;
    req.after_run = require_run(*s, o.after).id;
  }
  if (req.before_run == req.after_run)
    throw CliError{kUsage, "confirm: BEFORE and AFTER are the same run"};
  req.db = g.db;
  req.blocks = o.blocks;
  req.alpha = o.alpha;
  req.seed = o.seed;
  req.plugin_path = g.plugin_path;
  req.program_dir = executable_dir();
  req.cancel = &g_cancel;
  CliObserver observer(g, parse_progress_mode(o.progress));
  install_signal_handlers();
  write_report(history::confirmation_report(run::confirm_change(req, observer)), o.report);
  return kOk;
}

}  // namespace d500::cli
