// A run as one rank of an MPI job: which store a rank writes (rank 0 the user's, the others a
// private scratch store that is deleted), and the start-up check that every rank runs the same
// experiment with the same plugins.
#pragma once

#include <memory>
#include <string>

#include "d500/distributed/communicator.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/run/run.h"
#include "d500/spec/experiment.h"

namespace d500::run {

// Rank 0: the store at `db`. Other ranks: a scratch store in $TMPDIR, removed with this object.
struct RankStore {
  std::unique_ptr<store::ResultStore> store;
  std::string scratch_dir;  // "" on rank 0
  RankStore() = default;
  RankStore(RankStore&&) = default;
  RankStore& operator=(RankStore&&) = default;
  ~RankStore();
};
RankStore open_rank_store(const std::string& db, const distributed::Communicator& comm);

// Every rank: Failure(kBadInput) when the experiment (its canonical hash) or the set of loaded
// plugins differs from rank 0's; the message names the ranks that differ. Collective.
void require_same_on_all_ranks(distributed::Communicator& comm, const std::string& spec_hash,
                               const plugin::PluginManager& plugins);

}  // namespace d500::run
