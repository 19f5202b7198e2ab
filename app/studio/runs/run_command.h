// The argument vector that starts one run. Never a shell command line: paths with spaces or
// quotes in them reach the runner unchanged, and nothing in an experiment can inject a command.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>

#include "editor/json_path.h"

namespace d500::studio {

// How an experiment asks to be launched ("launcher" in the experiment file).
struct LaunchSpec {
  QString kind = QStringLiteral("local");  // "local", "mpi", "slurm"
  int ranks = 1;
  QStringList hosts;
  QStringList extraArgs;  // passed to mpirun before the runner
  // What the run records as its experiment file (`d500 run --source`; "" records none): set when
  // the file run is a temporary copy. Unset: the file itself. Not passed to Slurm jobs.
  std::optional<QString> source;
  // When set, what the runner is asked instead of `run FILE` (a subcommand and its arguments,
  // e.g. {"confirm", "12", "15"}): started locally with --db and --progress=json.
  QStringList command;
};

// The experiment's "launcher" as a LaunchSpec (local when it has none).
LaunchSpec launchSpecOf(const Json& experiment);

// The cluster's defaults for the Slurm launcher (Settings): what `d500 job --submit` is told.
struct ClusterDefaults {
  QString partition, account;                 // "" = the cluster's default
  QString time = QStringLiteral("01:00:00");  // the job's time limit
  QStringList modules;                        // `module load` before srun
  QStringList sbatchLines;                    // extra #SBATCH options ("--qos=short")
};

struct RunCommand {
  Q_DECLARE_TR_FUNCTIONS(RunCommand)

 public:
  QString program;
  QStringList arguments;

  // `d500 run FILE --db STORE --progress=json`, or under MPI
  // `mpirun -np N [--host h1,h2] [root flags] [extra] d500 run ...`. `asRoot` adds the flags Open
  // MPI needs to run as root (--allow-run-as-root --oversubscribe). Returns false with *error
  // when the launcher cannot be used from the studio.
  static bool build(const QString& runner, const QString& mpirun, const QString& experimentFile,
                    const QString& storePath, const LaunchSpec& launch, bool asRoot,
                    RunCommand* out, QString* error);
  // The Slurm launcher: `d500 --json --db STORE job --submit FILE --nodes 1 --tasks-per-node
  // RANKS --job-dir JOBDIR [--time ... --partition ... --account ... --module ... --sbatch ...]`,
  // which writes the script into JOBDIR, submits it with sbatch and prints the job id as JSON.
  static bool buildSlurm(const QString& runner, const QString& experimentFile,
                         const QString& storePath, const LaunchSpec& launch,
                         const ClusterDefaults& cluster, const QString& jobDir, RunCommand* out,
                         QString* error);
};

}  // namespace d500::studio
