// `d500 scaling RUN...`: the collective runs' latency and bandwidth models with their error on
// every measured size, and their scaling over ranks (scaling::scaling_report), in any format.
#include "commands.h"
#include "d500/error.h"
#include "d500/scaling/collective_models.h"

namespace d500::cli {

int cmd_scaling(const GlobalOptions& g, const ScalingOptions& o) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  std::vector<int64_t> ids;
  for (const auto& r : o.runs) ids.push_back(require_run(*s, r).id);
  try {
    write_report(scaling::scaling_report(*s, ids), o.report);
  } catch (const D500Error& e) {
    throw CliError{kBadInput, e.what()};
  }
  return kOk;
}

}  // namespace d500::cli
