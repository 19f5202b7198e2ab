// `d500 export-series` and `d500 import-mllog` (core/interop interop.h).
#include <fstream>
#include <iostream>

#include "commands.h"
#include "d500/interop/interop.h"

namespace d500::cli {

int cmd_export_series(const GlobalOptions& g, const std::string& run, const std::string& tensorboard,
                      const std::string& mlflow) {
  if (tensorboard.empty() && mlflow.empty())
    throw CliError{kUsage, "export-series: choose --tensorboard FOLDER and/or --mlflow FILE"};
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  const store::RunInfo r = require_run(*s, run);
  if (!tensorboard.empty()) {
    auto path = interop::write_tensorboard(*s, r, tensorboard);
    if (!path) throw CliError{kBadInput, path.error().to_string()};
    std::cout << "TensorBoard events of run " << r.id << ": " << printable(path.value()) << "\n";
  }
  if (!mlflow.empty()) {
    std::ofstream out(mlflow, std::ios::binary);
    out << interop::mlflow_csv(*s, r);
    out.close();
    if (!out) throw CliError{kBadInput, mlflow + ": cannot write"};
    std::cout << "MLflow metrics of run " << r.id << ": " << printable(mlflow) << "\n";
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
            << (m.success ? "time-to-train " + fixed(m.time_to_train_s, 3) + " s" : "did not succeed")
            << "\n";
  return kOk;
}

}  // namespace d500::cli
