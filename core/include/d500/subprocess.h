// Running a fixed program with an argument vector (never a shell) and reading what it prints,
// for the few tools d500 asks about the machine (srun --mpi=list). The program is looked up on
// PATH; stdin is /dev/null; after `timeout_ms` it is killed.
#pragma once

#include <string>
#include <vector>

namespace d500 {

struct CommandResult {
  bool started = false;  // false: not found on PATH or not executable
  int exit_code = -1;    // when it exited
  bool timed_out = false;
  std::string output;  // stdout and stderr together
};

CommandResult run_command(const std::vector<std::string>& argv, int timeout_ms = 10000);

// The program's path on PATH, or "" (a name with a '/' is taken as a path).
std::string find_on_path(const std::string& program);

}  // namespace d500
