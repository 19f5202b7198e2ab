// `d500 jobs`: the store's runs that ran in Slurm jobs (their launcher records "slurm:ID"), with
// the job's state as Slurm tells it (squeue, else sacct) beside the run's status in the store.
#include <iostream>

#include "commands.h"
#include "d500/env/slurm.h"
#include "run_json.h"

namespace d500::cli {

namespace {

// "mpi:4 slurm:1234" -> "4"; one rank otherwise.
std::string ranks_of(const std::string& launcher) {
  const auto at = launcher.find("mpi:");
  if (at == std::string::npos) return "1";
  return launcher.substr(at + 4, launcher.find(' ', at) - at - 4);
}

}  // namespace

int cmd_jobs(const GlobalOptions& g) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  std::vector<store::RunInfo> runs;
  std::vector<std::string> ids;
  for (const auto& r : s->runs())
    if (auto id = env::slurm::job_id_of_launcher(r.launcher); !id.empty()) {
      runs.push_back(r);
      ids.push_back(id);
    }
  const auto states = env::slurm::job_states(ids);
  auto state_of = [&](const std::string& id) {
    auto it = states.find(id);
    return it == states.end() ? env::slurm::JobState{} : it->second;
  };
  if (g.json) {
    nlohmann::json out = nlohmann::json::array();
    for (size_t i = 0; i < runs.size(); ++i) {
      const auto st = state_of(ids[i]);
      nlohmann::json j = run_to_json(runs[i]);
      j["job_id"] = ids[i];
      j["job_state"] = st.state.empty() ? nlohmann::json() : nlohmann::json(st.state);
      j["job_state_from"] = st.source.empty() ? nlohmann::json() : nlohmann::json(st.source);
      out.push_back(j);
    }
    std::cout << out.dump(2) << "\n";
    return kOk;
  }
  if (runs.empty()) {
    std::cout << "no runs from Slurm jobs in " << printable(g.db)
              << " (a run records its job when it runs inside one: d500 job --submit)\n";
    return kOk;
  }
  std::vector<std::vector<std::string>> rows{
      {"RUN", "JOB", "JOB STATE", "RUN STATUS", "RANKS", "NAME", "STARTED", "DURATION"}};
  for (size_t i = 0; i < runs.size(); ++i) {
    const auto st = state_of(ids[i]);
    const auto& r = runs[i];
    rows.push_back({std::to_string(r.id), ids[i],
                    st.state.empty() ? "-" : st.state + " (" + st.source + ")",
                    std::string(store::run_status_name(r.status)), ranks_of(r.launcher), r.name,
                    format_time(r.started_at), duration_of(r)});
  }
  print_table(rows);
  if (!env::slurm::have("squeue") && !env::slurm::have("sacct"))
    std::cerr << "d500: note: neither squeue nor sacct is installed here: the jobs' states are "
                 "unknown, the runs' statuses are the store's\n";
  else if (states.size() < ids.size())
    std::cerr << "d500: note: Slurm no longer knows some of these jobs (\"-\"): their runs' "
                 "statuses are the store's\n";
  return kOk;
}

}  // namespace d500::cli
