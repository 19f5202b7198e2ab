// Private to core/distributed: the backends behind Communicator.
#pragma once

#include <memory>

#include "d500/distributed/communicator.h"

namespace d500::distributed::detail {

// One rank, no MPI: collectives copy, messages to oneself wait in a mailbox.
std::unique_ptr<Communicator> make_single();
// MPI_COMM_WORLD (duplicated), initialising MPI; nullptr in a build without MPI.
std::unique_ptr<Communicator> make_mpi_world();
bool mpi_built();
std::string srun_pmi();

}  // namespace d500::distributed::detail
