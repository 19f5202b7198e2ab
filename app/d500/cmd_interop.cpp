// `d500 export-series` and `d500 import-mllog` (core/interop: interop.h, mlflow.h).
#include <iostream>

#include "commands.h"
#include "d500/interop/interop.h"
#include "d500/interop/mlflow.h"

namespace d500::cli {

namespace {

void say_mlflow(const store::RunInfo& r, const interop::MlflowRun& m,
                const interop::MlflowExport& x) {
  std::cout << "MLflow run " << x.run_id << " of run " << r.id << " in experiment \""
            << printable(m.experiment_name) << "\" (id " << x.experiment_id
            << (x.experiment_created ? ", new" : "") << "): " << printable(x.where) << "\n";
}

}  // namespace

int cmd_export_series(const GlobalOptions& g, const SeriesExportOptions& o) {
  if (o.tensorboard.empty() && o.mlflow.empty() && o.mlflow_uri.empty())
    throw CliError{kUsage,
                   "export-series: choose --tensorboard FOLDER, --mlflow FOLDER and/or "
                   "--mlflow-uri http://HOST:PORT"};
  // Before issue 35 --mlflow wrote a CSV file; a script still naming one gets told so.
  if (o.mlflow.size() > 4 && o.mlflow.substr(o.mlflow.size() - 4) == ".csv")
    throw CliError{kUsage,
                   "export-series: --mlflow takes a folder (MLflow's file store, "
                   "mlruns), not a CSV file: " +
                       o.mlflow};
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  const store::RunInfo r = require_run(*s, o.run);
  if (!o.tensorboard.empty()) {
    auto path = interop::write_tensorboard(*s, r, o.tensorboard);
    if (!path) throw CliError{kBadInput, path.error().to_string()};
    std::cout << "TensorBoard events of run " << r.id << ": " << printable(path.value()) << "\n";
  }
  if (o.mlflow.empty() && o.mlflow_uri.empty()) return kOk;
  const auto m = interop::mlflow_run(*s, r, o.mlflow_experiment);
  if (!o.mlflow.empty()) {
    auto x = interop::write_mlflow_file_store(m, o.mlflow);
    if (!x) throw CliError{kBadInput, x.error().to_string()};
    say_mlflow(r, m, x.value());
  }
  if (!o.mlflow_uri.empty()) {
    auto x = interop::log_mlflow_rest(m, o.mlflow_uri);
    if (!x) throw CliError{kBadInput, x.error().to_string()};
    say_mlflow(r, m, x.value());
  }
  return kOk;
}

int cmd_import_mllog(const GlobalOptions& g, const std::string& file) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadWrite);
  auto r = interop::import_mllog(*s, file);
  if (!r) throw CliError{kBadInput, r.error().to_string()};
  const auto& m = r.value();
  std::cout << "run " << m.run_id << ": MLPerf " << printable(m.benchmark) << ", " << m.points
            << " points, "
            << (m.success ? "time-to-train " + fixed(m.time_to_train_s, 3) + " s"
                          : "did not succeed")
            << "\n";
  return kOk;
}

}  // namespace d500::cli
