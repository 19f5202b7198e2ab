#include "run_ranks.h"

#include <cstdlib>
#include <filesystem>

namespace d500::run {

RankStore::~RankStore() {
  store.reset();
  if (!scratch_dir.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(scratch_dir, ec);
  }
}

std::unique_ptr<store::ResultStore> open_store(const std::string& path,
                                               store::ResultStore::Mode mode) {
  auto r = store::ResultStore::open(path, mode);
  if (!r) throw Failure{kStoreError, r.error().to_string()};
  return std::move(r).value();
}

RankStore open_rank_store(const std::string& db, const distributed::Communicator& comm) {
  RankStore rs;
  if (comm.rank() == 0) {
    rs.store = open_store(db, store::ResultStore::Mode::ReadWrite);
    return rs;
  }
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/d500-rank" +
                      std::to_string(comm.rank()) + "-XXXXXX";
  if (!mkdtemp(templ.data()))
    throw Failure{kStoreError, "rank " + std::to_string(comm.rank()) +
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
    throw Failure{kBadInput, "rank " + std::to_string(comm.rank()) + " of " +
                                 std::to_string(comm.size()) + ": " + ex.what() +
                                 "; every rank must read the same experiment file and plugins"};
  }
}

}  // namespace d500::run
