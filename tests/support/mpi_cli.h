// Shared by the command-line tests of the MPI levels (collective, distributed, their faults):
// where the runner and mpirun are, the environment that lets Open MPI run as root in CI, the
// shipped distributed example with its "distributed" section replaced, and a bounded wait for a
// job that must end.
#pragma once

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

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

// Far longer than any of these jobs takes on a loaded machine: a job still running then would
// never have ended. For checks that a job ends at all, not how soon.
inline constexpr std::chrono::minutes kJobEnds{5};

struct BoundedResult : ProcessResult {
  bool timed_out = false;  // still running after the limit: stopped by wait_within()
};

// p.wait(), for at most `limit`: a job still running then is asked to stop (SIGTERM, which mpirun
// passes on to its ranks), killed 10 s later if it has not, and reported timed_out.
inline BoundedResult wait_within(Process& p, std::chrono::milliseconds limit) {
  // Whether it ended, without reaping it (wait() does that and reads its exit status).
  auto ended_within = [&](std::chrono::milliseconds l) {
    const auto end = std::chrono::steady_clock::now() + l;
    for (;;) {
      siginfo_t info{};
      if (waitid(P_PID, p.pid(), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return true;  // none
      if (info.si_pid == p.pid()) return true;
      if (std::chrono::steady_clock::now() >= end) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  };
  BoundedResult r;
  if (!ended_within(limit)) {
    r.timed_out = true;
    p.kill(SIGTERM);
    if (!ended_within(std::chrono::seconds(10))) p.kill(SIGKILL);
  }
  static_cast<ProcessResult&>(r) = p.wait();
  return r;
}

inline BoundedResult run_within(std::chrono::milliseconds limit,
                                const std::vector<std::string>& argv, const std::string& dir,
                                const std::vector<std::string>& extra_env = {}) {
  Process p(argv, dir, extra_env);
  return wait_within(p, limit);
}

}  // namespace d500::test

#define REQUIRE_MPIRUN() \
  if (::d500::test::kMpirun.empty()) GTEST_SKIP() << "built without MPI"
