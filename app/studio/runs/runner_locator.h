// Where the studio finds the programs it starts. The runner sits beside the studio executable
// (build/bin/ and an install's bin/ alike); D500_RUNNER overrides it, which tests use to put a
// deliberately crashing runner in its place.
#pragma once

#include <QString>

namespace d500::studio {

class RunnerLocator {
 public:
  // D500_RUNNER if set, else "d500" beside this executable, else "d500" on PATH; empty if none.
  static QString runnerPath();
  // D500_MPIRUN if set, else "mpirun" on PATH; empty if none.
  static QString mpirunPath();
};

}  // namespace d500::studio
