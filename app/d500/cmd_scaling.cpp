// `d500 scaling RUN...`: the collective runs' latency and bandwidth models with their error on
// every measured size, and their scaling over ranks (scaling::scaling_report), in any format.
#include "commands.h"
#include "d500/error.h"
#include "d500/scaling/collective_models.h"
#include "d500/scaling/projection.h"

namespace d500::cli {

int cmd_scaling(const GlobalOptions& g, const ScalingOptions& o) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  std::vector<int64_t> ids;
  for (const auto& r : o.runs) ids.push_back(require_run(*s, r).id);
  try {
    std::vector<scaling::CollectiveModel> fitted;
    report::Document doc = scaling::scaling_report(*s, ids, &fitted);
    if (o.project) {
      scaling::ProjectionOptions po;
      po.bytes = o.bytes;
      po.max_ranks = o.max_ranks;
      po.averaging_period = o.averaging_period;
      po.topology = scaling::parse_topology(o.topology);
      std::vector<scaling::CollectiveModel> allreduces;
      for (auto& m : fitted)
        if (m.op == "allreduce" && m.ranks >= 2) allreduces.push_back(std::move(m));
      const bool any = !allreduces.empty();
      for (const auto& m : allreduces) {
        doc.append(scaling::projection_report(m, po, scaling::project(m, po)));
        // Checked against every other scale measured (issue 36, item 4).
        for (const auto& other : allreduces)
          if (other.ranks != m.ranks)
            doc.append(
                scaling::check_report(m, other, scaling::check_projection(m, other, po.topology)));
      }
      if (!any)
        throw D500Error(
            "--project needs an allreduce measured on 2 or more ranks in the runs "
            "given (start the collective run with mpirun -np 2)");
    }
    write_report(doc, o.report);
  } catch (const D500Error& e) {
    throw CliError{kBadInput, e.what()};
  }
  return kOk;
}

}  // namespace d500::cli
