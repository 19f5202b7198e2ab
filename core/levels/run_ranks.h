// `d500 run` as one rank of an MPI job: which store a rank writes (rank 0 the user's, the others
// a private scratch store that is deleted), the start-up check that every rank runs the same
// experiment with the same plugins, and the mpirun command for an experiment that asks for ranks.
#pragma once

#include <memory>
#include <string>

#include "cli.h"
#include "d500/distributed/communicator.h"
#include "d500/spec/experiment.h"

namespace d500::cli {

// Rank 0: the store at g.db. Other ranks: a scratch store in $TMPDIR, removed with this object.
struct RankStore {
  std::unique_ptr<store::ResultStore> store;
  std::string scratch_dir;  // "" on rank 0
  RankStore() = default;
  RankStore(RankStore&&) = default;
  ~RankStore();
};
RankStore open_rank_store(const GlobalOptions& g, const distributed::Communicator& comm);

// Every rank: CliError(kBadInput) when the experiment (its canonical hash) or the set of loaded
// plugins differs from rank 0's; the message names the ranks that differ. Collective.
void require_same_on_all_ranks(distributed::Communicator& comm, const std::string& spec_hash,
                               const plugin::PluginManager& plugins);

// The command that starts `spec_path` as its launcher asks ("mpirun -np 4 --host a,b ... d500
// run exp.json --db x").
std::string mpirun_command(const spec::Experiment& e, const std::string& spec_path,
                           const GlobalOptions& g);

}  // namespace d500::cli
