#include "run_ranks.h"

#include <cstdlib>
#include <filesystem>

namespace d500::cli {

RankStore::~RankStore() {
  store.reset();
  if (!scratch_dir.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(scratch_dir, ec);
  }
}

RankStore open_rank_store(const GlobalOptions& g, const distributed::Communicator& comm) {
  RankStore rs;
  if (comm.rank() == 0) {
    rs.store = open_store(g.db, store::ResultStore::Mode::ReadWrite);
    return rs;
  }
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/d500-rank" +
                      std::to_string(comm.rank()) + "-XXXXXX";
  if (!mkdtemp(templ.data()))
    throw CliError{kStoreError, "rank " + std::to_string(comm.rank()) +
                                    ": cannot create a scratch folder like " + templ};
  rs.scratch_dir = templ;
  rs.store = open_store(templ + "/scratch.d500db", store::ResultStore::Mode::ReadWrite);
  return rs;
}

void require_same_on_all_ranks(distributed::Communicator& comm, const std::string& spec_hash,
                               const plugin::PluginManager& plugins) {
  std::string loaded;
  for (const auto& rec : plugins.plugins())
    if (rec.state == plugin::PluginState::Loaded) loaded += rec.name + " " + rec.version + "; ";
  try {
    comm.require_same("the experiment (canonical sha256)", spec_hash);
    comm.require_same("the set of loaded plugins", loaded.empty() ? "(none)" : loaded);
  } catch (const D500Error& ex) {
    throw CliError{kBadInput, "rank " + std::to_string(comm.rank()) + " of " +
                                  std::to_string(comm.size()) + ": " + ex.what() +
                                  "; every rank must read the same experiment file and plugins"};
  }
}

std::string mpirun_command(const spec::Experiment& e, const std::string& spec_path,
                           const GlobalOptions& g) {
  std::string cmd = "mpirun -np " + std::to_string(e.launcher.ranks);
  if (!e.launcher.hosts.empty()) {
    cmd += " --host ";
    for (size_t i = 0; i < e.launcher.hosts.size(); ++i)
      cmd += (i ? "," : "") + e.launcher.hosts[i];
  }
  for (const auto& a : e.launcher.extra_args) cmd += " " + a;
  cmd += " " + executable_dir() + "/d500 run " + spec_path + " --db " + g.db;
  return cmd;
}

}  // namespace d500::cli
