// The d500 subcommands. Each returns an exit code (cli.h) or throws CliError.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli.h"

namespace d500::cli {

struct RunOptions {
  std::string file;               // experiment file (run)
  std::string rerun_arg;          // run to repeat (rerun): an id or "latest"
  int64_t rerun_of = 0;           // set from rerun_arg once resolved
  std::string progress = "auto";  // auto, bar, json, none
  std::string name;               // overrides the experiment's name for this run
  // What the run records as its experiment file instead of `file` ("" records none): the studio
  // runs a temporary copy of an experiment embedded in a project and records PROJECT#NAME.
  std::optional<std::string> source;
};

int cmd_run(const GlobalOptions& g, const RunOptions& o);

// `d500 check FILE`: what `d500 run FILE` would refuse before it starts (cmd_check.cpp).
struct CheckCommandOptions {
  std::string file;          // experiment file
  std::string base_dir;      // relative paths from here; "" = the file's folder
  bool check_store = false;  // --db was given: its folder must exist
};
int cmd_check(const GlobalOptions& g, const CheckCommandOptions& o);
int cmd_plugins(const GlobalOptions& g, bool list_operators, bool probe);
int cmd_runs(const GlobalOptions& g);
int cmd_probe(const GlobalOptions& g, double max_seconds);
int cmd_compare(const GlobalOptions& g, const std::string& run_a, const std::string& run_b,
                const std::string& db_b, double alpha, const ReportOutput& o);
int cmd_show(const GlobalOptions& g, const std::string& run, const ReportOutput& o);
// `data_dir` "" is Debian's libonnx-testdata node tests.
int cmd_conformance(const GlobalOptions& g, const std::string& plugin, const std::string& filter,
                    const std::string& data_dir);
int cmd_export(const GlobalOptions& g, const std::string& run, const std::string& format,
               const std::string& output, bool samples);

// `d500 model ARCH`: writes an ONNX model with seeded parameters (cmd_model.cpp).
struct ModelOptions {
  std::string arch;  // mlp, lenet, resnet
  std::string out;   // default: <arch's file name> in the current folder
  uint64_t seed = 0;
  std::string batch = "1";  // a positive number, or "dynamic"
  std::string input;        // mlp: "784"; lenet, resnet: "1x28x28" (CxHxW)
  std::string hidden;       // mlp: widths "256,128"; lenet: fully connected "120,84"
  std::string channels;     // lenet: conv widths "6,16"; resnet: stage widths "16,32,64"
  int64_t classes = 10;
  int64_t blocks = 1;               // resnet: basic blocks per stage
  std::string activation = "relu";  // relu, tanh (mlp, lenet)
  std::string pool = "max";         // max, average (lenet)
  std::string dtype = "float32";    // float32, float64
  bool with_loss = false;
};
int cmd_model(const GlobalOptions& g, const ModelOptions& o);

// `d500 validate-model DIR`: a network against ONNX test data, or against another executor
// (cmd_validate_model.cpp).
struct ValidateModelOptions {
  std::string dir;  // a test folder, or a model file with --compare-with
  std::string plugin = "reference";
  std::string prefer;            // "examples/im2col" or "Conv=examples/im2col,reference"
  std::string compare_with;      // a preference list for executor B
  std::string executor;          // executor A by name (executor_factory.h); overrides --prefer
  std::string compare_executor;  // executor B by name
  uint64_t seed = 0;             // random inputs of --compare-with
  int64_t batch = 0;             // --compare-with: the batch size for dynamic inputs
  double rtol = 1e-3;
  // < 0: 1e-7 against test data (as conformance), 1e-5 between executors, where float32 sums of
  // a few hundred terms in another order differ by that much near zero.
  double atol = -1;
  bool no_gradients = false;
  bool store = false;  // --db was given: record the result as a run
};
int cmd_validate_model(const GlobalOptions& g, const ValidateModelOptions& o);

// `d500 job --slurm OUT EXPERIMENT [--submit]`: a Slurm batch script (cmd_job.cpp).
struct JobOptions {
  std::string out;  // the script to write; "" with --submit: NAME.sh in the job folder
  std::string experiment;
  int nodes = 1;
  int tasks_per_node = 1;
  std::string time = "01:00:00";  // Slurm time limit
  std::string partition;          // "" = the cluster's default
  std::string account;
  std::string
      srun_mpi;  // srun --mpi=TYPE (pmix, pmi2); "" = this build's MPI's; "default" = the cluster's
  std::string job_dir;                    // "" = the script's folder
  int grace_seconds = 60;                 // #SBATCH --signal=TERM@grace
  bool db_given = false;                  // --db was given: else the store goes into the job folder
  bool submit = false;                    // --submit: sbatch the script, print the job id
  std::vector<std::string> modules;       // `module load NAME` lines after the #SBATCH lines
  std::vector<std::string> sbatch_lines;  // extra #SBATCH options ("--qos=short")
};
int cmd_job(const GlobalOptions& g, const JobOptions& o);
// `d500 jobs`: the store's runs that ran in Slurm jobs, with the jobs' states (cmd_jobs.cpp).
int cmd_jobs(const GlobalOptions& g);

// Stores from many machines (cmd_merge.cpp): merge into OUTPUT, a single run as a file, back.
int cmd_merge(const GlobalOptions& g, const std::vector<std::string>& inputs,
              const std::string& output);
int cmd_export_run(const GlobalOptions& g, const std::string& run, const std::string& output);
int cmd_import_run(const GlobalOptions& g, const std::string& file);

// A run's series for other tools, and MLPerf logs as runs (cmd_interop.cpp).
struct SeriesExportOptions {
  std::string run;                // an id or "latest"
  std::string tensorboard;        // folder for an event file; "" = none
  std::string mlflow;             // MLflow file store (mlruns) folder; "" = none
  std::string mlflow_uri;         // MLflow tracking server, http://HOST:PORT; "" = none
  std::string mlflow_experiment;  // "" = the experiment file's name
};
int cmd_export_series(const GlobalOptions& g, const SeriesExportOptions& o);
int cmd_import_mllog(const GlobalOptions& g, const std::string& file);

// `d500 list`: the runs ranked (cmd_list.cpp).
struct ListOptions {
  std::string recipe;    // only this recipe's list ("" = all, and the throughput lists)
  std::string html;      // write the list here, with each run's page beside it
  std::string problems;  // a problem list file: rank operator/network runs on its points only
  bool csv = false;      // CSV on stdout
  ReportOutput report;   // --format, -o: the list as a report in any format
};
int cmd_list(const GlobalOptions& g, const ListOptions& o);

struct HistoryOptions {
  std::string experiment;   // only this experiment's series ("" = all)
  std::string by = "time";  // the axis: "time" or an environment field
  bool per_host = false;    // the host is part of the machine class
  double alpha = 0.05;      // of the change points' permutation test
  bool changes = false;     // the overview: every series, the largest recent change first
  ReportOutput report;      // --format, -o
};
int cmd_history(const GlobalOptions& g, const HistoryOptions& o);

struct GateOptions {
  std::string baseline, candidate;  // run ids (or "latest")
  std::string db_b;                 // the candidate's store when it is another file
  double threshold_pct = 5;         // a slowdown must exceed this to fail
  double alpha = 0.05;
  bool across_machines = false;
  bool series = false;          // each series' latest run instead of two runs
  std::string markdown, junit;  // files to write besides the report
  ReportOutput report;
};
int cmd_gate(const GlobalOptions& g, const GateOptions& o);

// `d500 confirm BEFORE AFTER`: rerun both sides of a change point in randomized blocks.
struct ConfirmOptions {
  std::string before, after;  // run ids
  int blocks = 5;
  double alpha = 0.05;
  uint64_t seed = 0;              // of the blocks' order; 0 = fresh
  std::string progress = "auto";  // of each rerun
  ReportOutput report;
};
int cmd_confirm(const GlobalOptions& g, const ConfirmOptions& o);

// `d500 scaling RUN...`: the collective runs' fitted models (cmd_scaling.cpp).
struct ScalingOptions {
  std::vector<std::string> runs;  // run ids (or "latest")
  bool project = false;           // the schemes projected from the runs' allreduce models
  double bytes = 4 << 20;         // gradients per step, for --project
  int max_ranks = 4096;
  int averaging_period = 8;
  std::string topology = "ideal";
  ReportOutput report;
};
int cmd_scaling(const GlobalOptions& g, const ScalingOptions& o);

}  // namespace d500::cli
