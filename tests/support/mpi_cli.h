// Shared by the command-line tests of the MPI levels (collective, distributed, their faults):
// where the runner and mpirun are, the environment that lets Open MPI run as root in CI, and the
// shipped distributed example with its "distributed" section replaced.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "process.h"

namespace d500::test {

inline const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
inline const std::string kMpirun = D500_TEST_MPIEXEC;  // "" when built without MPI
inline const std::vector<std::string> kRootEnv = {"OMPI_ALLOW_RUN_AS_ROOT=1",
                                                  "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"};

inline bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

// resources/examples/distributed_mlp.json, 2 epochs, with `distributed` replaced (and without
// its MPI launcher when `mpi` is false), written to `file` in `dir`.
inline std::string distributed_variant(const TempDir& dir, const nlohmann::json& distributed,
                                       bool mpi, const std::string& file) {
  std::ifstream in(std::string(D500_TEST_SOURCE_DIR) + "/resources/examples/distributed_mlp.json");
  nlohmann::json j = nlohmann::json::parse(in);
  j["distributed"] = distributed;
  j["training"]["epochs"] = 2;
  if (!mpi) j.erase("launcher");
  const std::string path = dir.file(file);
  std::ofstream(path) << j.dump(2);
  return path;
}

}  // namespace d500::test

#define REQUIRE_MPIRUN() \
  if (::d500::test::kMpirun.empty()) GTEST_SKIP() << "built without MPI"
