// A build without MPI: the world is always one rank.
#include "backends.h"

namespace d500::distributed::detail {

std::unique_ptr<Communicator> make_mpi_world() {
  return nullptr;
}
bool mpi_built() {
  return false;
}
std::string srun_pmi() {
  return "";
}

}  // namespace d500::distributed::detail
