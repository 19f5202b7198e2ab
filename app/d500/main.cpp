// d500: the headless runner and command-line tool. No Qt: it runs where no GUI is installed.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "commands.h"
#include "d500/build_info.h"
#include "d500/error.h"
#include "d500/json_input.h"

using namespace d500::cli;

namespace {

// The four levels d500 benchmarks, named alike wherever the help lists them (architecture.md).
#define D500_LEVELS "operators, networks, training, distributed training"

const char* kExitCodes = R"(Exit codes:
  0    success
  1    the run finished, but a measurement or the run failed (details stored and printed)
  2    bad command-line arguments
  3    bad input: experiment file, unknown plugin, operator or run, unreadable file
  4    store error: missing, corrupt, unwritable, or written by a newer d500
  5    internal error (a bug; please report it)
  130  cancelled by SIGINT/SIGTERM; what was measured is kept, the run is marked cancelled)";

}  // namespace

// glibc's allocator can make an operator map and unmap a large buffer on every call, which can
// triple its time (platform.md). Unless the user chose allocator settings, the runner restarts
// itself once with thresholds that keep large blocks; the setting is part of every recorded
// environment. D500_NO_MALLOC_TUNING=1 keeps glibc's defaults.
static void tune_allocator(char** argv) {
  if (std::getenv("GLIBC_TUNABLES") || std::getenv("D500_NO_MALLOC_TUNING")) return;
  setenv("GLIBC_TUNABLES",
         "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824", 1);
  execv("/proc/self/exe", argv);
  unsetenv("GLIBC_TUNABLES");  // exec failed: carry on with the defaults
}

int main(int argc, char** argv) {
  tune_allocator(argv);
  CLI::App app{"d500 " D500_VERSION_STRING
               " — modular benchmarking for deep learning at four levels: " D500_LEVELS};
  app.require_subcommand(1);
  app.fallthrough();
  app.footer(kExitCodes);
  app.set_version_flag("--version", "d500 " D500_VERSION_STRING " (" D500_BUILD_TYPE ")");

  GlobalOptions g;
  app.add_option("--db", g.db, "Result store (SQLite file); created by `run` when missing")
      ->capture_default_str();
  app.add_option(
      "--plugin-path", g.plugin_path,
      "Extra plugin folder, searched before D500_PLUGIN_PATH and the defaults (repeatable)");
  app.add_flag("--json", g.json, "Machine-readable JSON output");

  RunOptions ro;
  auto* run = app.add_subcommand(
      "run", "Run an experiment file of any level (" D500_LEVELS ") and store its results");
  run->add_option("file", ro.file, "Experiment file (JSON)")->required();
  run->add_option("--progress", ro.progress,
                  "auto | bar | json | none (json: JSON lines on stdout)")
      ->capture_default_str();
  run->add_option("--name", ro.name, "Name of this run (default: the experiment's name)");
  run->add_option("--source", ro.source,
                  "What the run records as its experiment file instead of FILE (\"\" for none), "
                  "e.g. PROJECT.d500proj#NAME for an experiment kept in a project");

  CheckCommandOptions co;
  auto* check = app.add_subcommand(
      "check", "Say whether `d500 run` would accept an experiment file of any level (" D500_LEVELS
               "), without running it");
  check->add_option("file", co.file, "Experiment file (JSON)")->required();
  check->add_option("--base-dir", co.base_dir,
                    "Take relative paths (models, recipes, problem lists) from this folder "
                    "instead of the file's (the studio checks a copy of what it edits)");
  check->footer(
      "Checks what `d500 run` checks before it records a run: the file, the level's section, "
      "the plugins, operators, executors, optimizers and distributed schemes it names (loaded as "
      "for a run), and "
      "with --db that the store's folder exists.\nPrints \"ok: the runner will accept this "
      "experiment\" (exit 0), or each problem as FILE:$.json.path: message (exit 3). With "
      "--json: {\"ok\": bool, \"problems\": [{\"path\": ..., \"message\": ...}]}.");

  std::string rerun_id;
  auto* rerun = app.add_subcommand(
      "rerun", "Run a stored run's experiment again with the same seeds, as a new linked run");
  rerun->add_option("run", rerun_id, "Run id, or \"latest\"")->required();
  rerun->add_option("--progress", ro.progress, "auto | bar | json | none")->capture_default_str();

  bool list_ops = false;
  auto* plugins =
      app.add_subcommand("plugins", "List plugins found, their state and any load error");
  plugins->add_flag("--operators", list_ops, "Also list every operator implementation");
  bool reprobe = false;
  plugins->add_flag("--probe", reprobe,
                    "Load every plugin again instead of using what is cached about unchanged ones");

  auto* runs = app.add_subcommand("runs", "List the runs in the store");

  std::string show_id;
  auto* show = app.add_subcommand(
      "show",
      "Show one run of any level, distributed training included: status, environment, "
      "results with their CIs");
  show->add_option("run", show_id, "Run id, or \"latest\"")->required();

  double probe_seconds = 5;
  auto* probe = app.add_subcommand(
      "probe", "Measure this machine's peak GFLOP/s and memory bandwidth (for the roofline)");
  probe->add_option("--max-seconds", probe_seconds, "Sampling time cap per measurement")
      ->capture_default_str()
      ->check(CLI::Range(0.05, 600.0));

  std::string cmp_a, cmp_b, cmp_db_b;
  double alpha = 0.05;
  auto* compare = app.add_subcommand(
      "compare", "Compare two runs point by point: medians, ratio, Mann-Whitney verdict");
  compare->add_option("run_a", cmp_a, "Run id (or \"latest\")")->required();
  compare->add_option("run_b", cmp_b, "Run id (or \"latest\")")->required();
  compare->add_option("--db-b", cmp_db_b, "Store of run B when it is another file");
  compare->add_option("--alpha", alpha, "Significance level")
      ->capture_default_str()
      ->check(CLI::Range(1e-6, 0.5));

  std::string export_id, export_out;
  bool csv = false, samples = false;
  auto* exp = app.add_subcommand("export", "Export a run's results as CSV or JSON");
  exp->add_option("run", export_id, "Run id, or \"latest\"")->required();
  exp->add_flag("--csv", csv, "CSV, one row per measurement (--json: JSON with environment)");
  exp->add_flag("--samples", samples, "Raw samples instead of summaries (CSV), or added (JSON)");
  exp->add_option("-o,--output", export_out, "Output file (default: stdout)");

  std::string conf_plugin, conf_filter, conf_data;
  auto* conf = app.add_subcommand(
      "conformance",
      "Run the ONNX backend node tests against one plugin's operators and store the results");
  conf->add_option("--plugin", conf_plugin, "Plugin, or plugin/variant, to test")->required();
  conf->add_option("--filter", conf_filter, "Only tests whose name matches this regex (searched)");
  conf->add_option("--data", conf_data,
                   "Folder of node tests (default: /usr/share/libonnx-testdata/data/node)");

  ModelOptions mo;
  auto* model = app.add_subcommand(
      "model", "Write an ONNX model (mlp, lenet, resnet) with seeded parameters");
  model->add_option("arch", mo.arch, "mlp | lenet | resnet")->required();
  model->add_option("-o,--out", mo.out,
                    "Output file (default: mlp.onnx, lenet5.onnx, resnet_small.onnx)");
  model->add_option("--seed", mo.seed, "Seed of the parameter values")->capture_default_str();
  model->add_option("--batch", mo.batch, "Batch size, or \"dynamic\" for a symbolic N")
      ->capture_default_str();
  model->add_option("--input", mo.input,
                    "Input size: mlp 784; lenet, resnet CxHxW (1x28x28, 3x32x32)");
  model->add_option("--hidden", mo.hidden,
                    "Hidden widths: mlp 256,128; lenet's fully connected 120,84");
  model->add_option("--channels", mo.channels,
                    "lenet's conv widths 6,16; resnet's stage widths 16,32,64");
  model->add_option("--classes", mo.classes, "Classes (logits)")->capture_default_str();
  model->add_option("--blocks", mo.blocks, "resnet: basic blocks per stage")->capture_default_str();
  model->add_option("--activation", mo.activation, "relu | tanh (mlp, lenet)")
      ->capture_default_str();
  model->add_option("--pool", mo.pool, "max | average (lenet)")->capture_default_str();
  model->add_option("--dtype", mo.dtype, "float32 | float64")->capture_default_str();
  model->add_flag("--with-loss", mo.with_loss,
                  "Add a labels input and a SoftmaxCrossEntropyLoss output \"loss\"");

  ValidateModelOptions vo;
  auto* validate = app.add_subcommand(
      "validate-model",
      "Run an ONNX test folder (model.onnx, test_data_set_N/) on the assembled executor and "
      "compare with its outputs; or compare two executors (--compare-with)");
  validate->add_option("dir", vo.dir, "Test folder, or a model file with --compare-with")
      ->required();
  validate->add_option("--plugin", vo.plugin, "Plugin for every operator not in --prefer")
      ->capture_default_str();
  validate->add_option("--prefer", vo.prefer,
                       "Implementations tried first: examples/im2col or Conv=examples/im2col,...");
  validate->add_option("--compare-with", vo.compare_with,
                       "Executor B's implementations (same syntax): compare on random inputs");
  validate->add_option("--executor", vo.executor,
                       "Executor A by name: reference, assembled:<list>, or a plugin's graph "
                       "executor such as torch (overrides --plugin and --prefer)");
  validate->add_option("--compare-executor", vo.compare_executor,
                       "Executor B by name (as --executor): compare on random inputs");
  validate->add_option("--seed", vo.seed, "Seed of the random inputs (--compare-with)")
      ->capture_default_str();
  validate->add_option("--batch", vo.batch, "Batch size for dynamic inputs (--compare-with)");
  validate->add_option("--rtol", vo.rtol, "Relative tolerance")->capture_default_str();
  validate->add_option(
      "--atol", vo.atol,
      "Absolute tolerance (default 1e-7 against test data, 1e-5 between executors)");
  validate->add_flag("--no-gradients", vo.no_gradients,
                     "Compare forward values only (--compare-with)");

  JobOptions jo;
  auto* job = app.add_subcommand(
      "job",
      "Write a cluster batch script (Slurm) that runs an experiment on nodes x tasks "
      "ranks, and with --submit submit it");
  job->add_option("--slurm", jo.out,
                  "The Slurm batch script to write (submit with sbatch); with --submit, default "
                  "NAME.sh in the job folder");
  job->add_option("--module", jo.modules,
                  "A module the job loads before srun (`module load NAME`; repeatable)")
      ->expected(1)
      ->take_all();
  job->add_option("--sbatch", jo.sbatch_lines,
                  "An extra #SBATCH option, e.g. --sbatch=--qos=short (repeatable)")
      ->expected(1)
      ->take_all();
  job->add_flag("--submit", jo.submit,
                "Also submit it with sbatch and print the job id (with --json: job id, script, "
                "output file, store)");
  job->add_option("experiment", jo.experiment, "Experiment file (JSON)")->required();
  job->add_option("--nodes", jo.nodes, "Nodes (#SBATCH --nodes)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  job->add_option("--tasks-per-node", jo.tasks_per_node,
                  "MPI ranks per node (#SBATCH --ntasks-per-node)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  job->add_option("--time", jo.time, "Time limit, HH:MM:SS or D-HH:MM:SS (#SBATCH --time)")
      ->capture_default_str();
  job->add_option("--partition", jo.partition,
                  "Partition (#SBATCH --partition); default: the cluster's");
  job->add_option("--account", jo.account, "Account to charge (#SBATCH --account)");
  job->add_option(
      "--srun-mpi", jo.srun_mpi,
      "srun --mpi=TYPE, checked against srun --mpi=list where srun is installed; "
      "default: what this d500's MPI needs (pmix for Open MPI); \"default\": the cluster's");
  job->add_option("--job-dir", jo.job_dir,
                  "The job folder: the job's output, and the store unless --db is given "
                  "(default: the script's folder; on a shared file system for several nodes)");
  job->add_option(
         "--grace", jo.grace_seconds,
         "Seconds before the time limit at which the run is asked to stop (#SBATCH --signal)")
      ->capture_default_str()
      ->check(CLI::Range(10, 3600));

  auto* jobs = app.add_subcommand(
      "jobs", "List the store's runs that ran in Slurm jobs, with job ids and the jobs' states");
  jobs->footer(
      "A run records the job it ran in (SLURM_JOB_ID). The job's state comes from squeue (jobs "
      "pending, running or ended recently), else sacct (where accounting is enabled), else it "
      "reads \"-\" and the run's status in the store is all there is. Jobs still pending have "
      "no run yet: see squeue.");

  std::vector<std::string> merge_inputs;
  std::string merge_out;
  auto* merge = app.add_subcommand(
      "merge", "Copy the runs of several stores (e.g. from other machines) into one store");
  merge->add_option("stores", merge_inputs, "Stores to copy runs from (read, never changed)")
      ->required();
  merge->add_option("-o,--output", merge_out, "The store to copy into (created when missing)")
      ->required();
  merge->footer(
      "Copies every run with its samples, series, validations, logs, artifacts and environment "
      "(deduplicated by hash); ids are renumbered and each run keeps where it came from. A run is "
      "known by its identity (uuid), so merging a store again adds nothing. Stores of an older "
      "schema are read through a migrated copy; a store of a newer d500 is refused. The output "
      "changes in one transaction: after an error it is as it was.");

  std::string export_run_id, export_run_out;
  auto* export_run = app.add_subcommand(
      "export-run", "Write one run, with everything recorded about it, as a self-contained file");
  export_run->add_option("run", export_run_id, "Run id, or \"latest\"")->required();
  export_run
      ->add_option("-o,--output", export_run_out, "The run file to write (.d500run, a small store)")
      ->required();
  std::string import_file;
  auto* import_run = app.add_subcommand(
      "import-run", "Add the run(s) of a file written by export-run to the store (--db)");
  import_run->add_option("file", import_file, "A .d500run file (or any store)")->required();

  SeriesExportOptions so;
  auto* export_series = app.add_subcommand(
      "export-series",
      "Write a run's series (losses, accuracies, ...) for TensorBoard, or the run "
      "with its series for MLflow");
  export_series->add_option("run", so.run, "Run id, or \"latest\"")->required();
  export_series->add_option("--tensorboard", so.tensorboard,
                            "Folder for a TensorBoard event file (tensorboard --logdir FOLDER)");
  export_series->add_option("--mlflow", so.mlflow,
                            "MLflow file store folder (mlruns), made or added to: "
                            "mlflow ui --backend-store-uri FOLDER");
  export_series->add_option("--mlflow-uri", so.mlflow_uri,
                            "MLflow tracking server to log the run to, http://HOST:PORT");
  export_series->add_option("--mlflow-experiment", so.mlflow_experiment,
                            "MLflow experiment to add the run to, made when missing (default: "
                            "the experiment file's name)");
  export_series->footer(
      "For MLflow the run becomes one MLflow run: the experiment file's settings as params, the "
      "series as metrics (loss@seed0 as loss_seed0; rank r > 0 as KEY_rankR), and tags "
      "mlflow.runName, mlflow.source.name and d500.* (version, environment_hash, status, ...). "
      "Its MLflow run id is the d500 run's uuid: a run already in the store or on the server is "
      "refused, as are a folder that is no MLflow file store and an https address.");
  std::string mllog_file;
  auto* import_mllog = app.add_subcommand(
      "import-mllog",
      "Store an MLPerf Training log (:::MLLOG lines) as a run with its curves and time-to-train");
  import_mllog->add_option("file", mllog_file, "The MLPerf log")->required();

  ListOptions lo;
  auto* list = app.add_subcommand(
      "list",
      "Rank the store's runs: recipe-compliant training and distributed training by "
      "time-to-accuracy, operators and networks by throughput; overlapping CIs are ties");
  list->add_option("--recipe", lo.recipe, "Only this recipe's list (its name, or its file's name)");
  list->add_option("--html", lo.html,
                   "Write the list as HTML here, with each run's page beside it");
  list->add_flag("--csv", lo.csv, "CSV on stdout, one row per run (and implementation)");
  list->add_option("--problems", lo.problems,
                   "A problem list file: rank operator and network runs on its points only");
  list->footer(
      "Training runs that follow a recipe are ranked per recipe by the median time-to-accuracy "
      "over their seeds, with its 95% CI (or the seeds' range when too few seeds), the olympic "
      "mean, seeds converged/total, the system and the frameworks. Runs whose intervals overlap "
      "share a rank (shown as 2=). Non-compliant runs are listed apart with the reason.");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kOk : kUsage;
  }

  try {
    if (*run) return cmd_run(g, ro);
    if (*check) {
      co.check_store = app.get_option("--db")->count() > 0;
      return cmd_check(g, co);
    }
    if (*rerun) {
      ro.rerun_arg = rerun_id;
      return cmd_run(g, ro);
    }
    if (*plugins) return cmd_plugins(g, list_ops, reprobe);
    if (*runs) return cmd_runs(g);
    if (*probe) return cmd_probe(g, probe_seconds);
    if (*compare) return cmd_compare(g, cmp_a, cmp_b, cmp_db_b, alpha);
    if (*conf) return cmd_conformance(g, conf_plugin, conf_filter, conf_data);
    if (*show) return cmd_show(g, show_id);
    if (*job) {
      jo.db_given = app.get_option("--db")->count() > 0;
      return cmd_job(g, jo);
    }
    if (*jobs) return cmd_jobs(g);
    if (*merge) return cmd_merge(g, merge_inputs, merge_out);
    if (*export_run) return cmd_export_run(g, export_run_id, export_run_out);
    if (*import_run) return cmd_import_run(g, import_file);
    if (*list) return cmd_list(g, lo);
    if (*export_series) return cmd_export_series(g, so);
    if (*import_mllog) return cmd_import_mllog(g, mllog_file);

    if (*model) return cmd_model(g, mo);
    if (*validate) {
      // Stored only when a store is named: a validation is mostly a quick look.
      vo.store = app.get_option("--db")->count() > 0;
      return cmd_validate_model(g, vo);
    }
    if (*exp) {
      // `--json` is the global flag; for export it selects the format too.
      if (csv && g.json) throw CliError{kUsage, "export: --csv and --json exclude each other"};
      std::string format = csv ? "csv" : g.json ? "json" : "";
      if (format.empty()) throw CliError{kUsage, "export: choose a format, --csv or --json"};
      return cmd_export(g, export_id, format, export_out, samples);
    }
  } catch (const CliError& e) {
    // Messages quote paths, names and plugin errors: kept from driving the terminal, but their
    // own line breaks (a command to copy on the next line) kept.
    std::cerr << "d500: " << printable(e.message, true) << "\n";
    return e.code;
  } catch (const d500::StoreError& e) {
    std::cerr << "d500: " << printable(e.what(), true) << "\n";
    return kStoreError;
  } catch (const d500::D500Error& e) {
    std::cerr << "d500: " << printable(e.what(), true) << "\n";
    return kBadInput;
  } catch (const nlohmann::json::exception& e) {
    // A value of the wrong type met outside the parsers' own checks: still the input's fault.
    std::cerr << "d500: bad input: " << printable(d500::describe_json_error(e), true) << "\n";
    return kBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "d500: out of memory (an input asked for more than this machine has)\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "d500: internal error: " << printable(e.what(), true) << "\n";
    return kInternal;
  }
  return kUsage;
}
