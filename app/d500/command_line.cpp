// The d500 subcommands' command line: each is registered with its options and the function
// that runs it (commands.h), so main() only parses and dispatches.
#include "command_line.h"

#include <memory>

#include "commands.h"
#include "d500/report/reporter.h"

namespace d500::cli {
namespace {

// What a subcommand's options are read into: it lives as long as the handler that uses it.
template <typename T>
std::shared_ptr<T> args() {
  return std::make_shared<T>();
}

bool db_given(const CLI::App& app) {
  return app.get_option("--db")->count() > 0;
}

// run, check, rerun: an experiment file of any level.
void add_run_commands(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto o = args<RunOptions>();
  auto* run = app.add_subcommand(
      "run", "Run an experiment file of any level (" D500_LEVELS ") and store its results");
  run->add_option("file", o->file, "Experiment file (JSON)")->required();
  run->add_option("--progress", o->progress,
                  "auto | bar | json | none (json: JSON lines on stdout)")
      ->capture_default_str();
  run->add_option("--name", o->name, "Name of this run (default: the experiment's name)");
  run->add_option("--source", o->source,
                  "What the run records as its experiment file instead of FILE (\"\" for none), "
                  "e.g. PROJECT.d500proj#NAME for an experiment kept in a project");
  cmds.push_back({run, [&g, o] { return cmd_run(g, *o); }});

  auto c = args<CheckCommandOptions>();
  auto* check = app.add_subcommand(
      "check", "Say whether `d500 run` would accept an experiment file of any level (" D500_LEVELS
               "), without running it");
  check->add_option("file", c->file, "Experiment file (JSON)")->required();
  check->add_option("--base-dir", c->base_dir,
                    "Take relative paths (models, recipes, problem lists) from this folder "
                    "instead of the file's (the studio checks a copy of what it edits)");
  check->footer(
      "Checks what `d500 run` checks before it records a run: the file, the level's section, "
      "the plugins, operators, executors, optimizers and distributed schemes it names (loaded as "
      "for a run), and "
      "with --db that the store's folder exists.\nPrints \"ok: the runner will accept this "
      "experiment\" (exit 0), or each problem as FILE:$.json.path: message (exit 3). With "
      "--json: {\"ok\": bool, \"problems\": [{\"path\": ..., \"message\": ...}]}.");
  cmds.push_back({check, [&g, &app, c] {
                    c->check_store = db_given(app);
                    return cmd_check(g, *c);
                  }});

  auto r = args<RunOptions>();
  auto* rerun = app.add_subcommand(
      "rerun", "Run a stored run's experiment again with the same seeds, as a new linked run");
  rerun->add_option("run", r->rerun_arg, "Run id, or \"latest\"")->required();
  rerun->add_option("--progress", r->progress, "auto | bar | json | none")->capture_default_str();
  cmds.push_back({rerun, [&g, r] { return cmd_run(g, *r); }});
}

struct PluginsArgs {
  bool operators = false, probe = false;
};
struct ConformanceArgs {
  std::string plugin, filter, data;
};
struct CompareArgs {
  std::string a, b, db_b;
  double alpha = 0.05;
};
struct ExportArgs {
  std::string run, out;
  bool csv = false, samples = false;
};
struct StoreFileArgs {
  std::vector<std::string> inputs;
  std::string run, file;
};

// plugins, probe, conformance: what this machine and its plugins offer.
void add_plugin_commands(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto p = args<PluginsArgs>();
  auto* plugins =
      app.add_subcommand("plugins", "List plugins found, their state and any load error");
  plugins->add_flag("--operators", p->operators, "Also list every operator implementation");
  plugins->add_flag("--probe", p->probe,
                    "Load every plugin again instead of using what is cached about unchanged ones");
  cmds.push_back({plugins, [&g, p] { return cmd_plugins(g, p->operators, p->probe); }});

  auto seconds = std::make_shared<double>(5);
  auto* probe = app.add_subcommand(
      "probe", "Measure this machine's peak GFLOP/s and memory bandwidth (for the roofline)");
  probe->add_option("--max-seconds", *seconds, "Sampling time cap per measurement")
      ->capture_default_str()
      ->check(CLI::Range(0.05, 600.0));
  cmds.push_back({probe, [&g, seconds] { return cmd_probe(g, *seconds); }});

  auto c = args<ConformanceArgs>();
  auto* conf = app.add_subcommand(
      "conformance",
      "Run the ONNX backend node tests against one plugin's operators and store the results");
  conf->add_option("--plugin", c->plugin, "Plugin, or plugin/variant, to test")->required();
  conf->add_option("--filter", c->filter, "Only tests whose name matches this regex (searched)");
  conf->add_option("--data", c->data,
                   "Folder of node tests (default: /usr/share/libonnx-testdata/data/node)");
  cmds.push_back({conf, [&g, c] { return cmd_conformance(g, c->plugin, c->filter, c->data); }});
}

// --format and -o of a command that writes a report (reporter.h).
void add_report_options(CLI::App* cmd, ReportOutput& o) {
  std::vector<std::string> names;
  for (const auto& f : report::formats()) names.push_back(f.name);
  cmd->add_option("--format", o.format, "Report format: " + report::format_names())
      ->check(CLI::IsMember(names));
  cmd->add_option("-o,--output", o.output, "Write the report to this file (default: stdout)");
}

// runs, show, compare, export: what a store holds.
void add_inspect_commands(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto* runs = app.add_subcommand("runs", "List the runs in the store");
  cmds.push_back({runs, [&g] { return cmd_runs(g); }});

  auto id = std::make_shared<std::string>();
  auto* show = app.add_subcommand(
      "show",
      "Show one run of any level, distributed training included: status, environment, "
      "results with their CIs");
  show->add_option("run", *id, "Run id, or \"latest\"")->required();
  auto so = args<ReportOutput>();
  add_report_options(show, *so);
  show->footer(
      "The report of the run's level, once, in any format: --format text (default), "
      "csv, json, md or html; -o FILE writes it there (its extension picks the format "
      "when --format is not given). --json prints the run's record for programs.");
  cmds.push_back({show, [&g, id, so] { return cmd_show(g, *id, *so); }});

  auto c = args<CompareArgs>();
  auto* compare = app.add_subcommand(
      "compare", "Compare two runs point by point: medians, ratio, Mann-Whitney verdict");
  compare->add_option("run_a", c->a, "Run id (or \"latest\")")->required();
  compare->add_option("run_b", c->b, "Run id (or \"latest\")")->required();
  compare->add_option("--db-b", c->db_b, "Store of run B when it is another file");
  compare->add_option("--alpha", c->alpha, "Significance level")
      ->capture_default_str()
      ->check(CLI::Range(1e-6, 0.5));
  auto co = args<ReportOutput>();
  add_report_options(compare, *co);
  cmds.push_back(
      {compare, [&g, c, co] { return cmd_compare(g, c->a, c->b, c->db_b, c->alpha, *co); }});

  auto e = args<ExportArgs>();
  auto* exp = app.add_subcommand("export", "Export a run's results as CSV or JSON");
  exp->add_option("run", e->run, "Run id, or \"latest\"")->required();
  exp->add_flag("--csv", e->csv, "CSV, one row per measurement (--json: JSON with environment)");
  exp->add_flag("--samples", e->samples, "Raw samples instead of summaries (CSV), or added (JSON)");
  exp->add_option("-o,--output", e->out, "Output file (default: stdout)");
  cmds.push_back({exp, [&g, e] {
                    // `--json` is the global flag; for export it selects the format too.
                    if (e->csv && g.json)
                      throw CliError{kUsage, "export: --csv and --json exclude each other"};
                    std::string format = e->csv ? "csv" : g.json ? "json" : "";
                    if (format.empty())
                      throw CliError{kUsage, "export: choose a format, --csv or --json"};
                    return cmd_export(g, e->run, format, e->out, e->samples);
                  }});
}

// model, validate-model: ONNX models written and checked.
void add_model_commands(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto m = args<ModelOptions>();
  auto* model = app.add_subcommand(
      "model", "Write an ONNX model (mlp, lenet, resnet) with seeded parameters");
  model->add_option("arch", m->arch, "mlp | lenet | resnet")->required();
  model->add_option("-o,--out", m->out,
                    "Output file (default: mlp.onnx, lenet5.onnx, resnet_small.onnx)");
  model->add_option("--seed", m->seed, "Seed of the parameter values")->capture_default_str();
  model->add_option("--batch", m->batch, "Batch size, or \"dynamic\" for a symbolic N")
      ->capture_default_str();
  model->add_option("--input", m->input,
                    "Input size: mlp 784; lenet, resnet CxHxW (1x28x28, 3x32x32)");
  model->add_option("--hidden", m->hidden,
                    "Hidden widths: mlp 256,128; lenet's fully connected 120,84");
  model->add_option("--channels", m->channels,
                    "lenet's conv widths 6,16; resnet's stage widths 16,32,64");
  model->add_option("--classes", m->classes, "Classes (logits)")->capture_default_str();
  model->add_option("--blocks", m->blocks, "resnet: basic blocks per stage")->capture_default_str();
  model->add_option("--activation", m->activation, "relu | tanh (mlp, lenet)")
      ->capture_default_str();
  model->add_option("--pool", m->pool, "max | average (lenet)")->capture_default_str();
  model->add_option("--dtype", m->dtype, "float32 | float64")->capture_default_str();
  model->add_flag("--with-loss", m->with_loss,
                  "Add a labels input and a SoftmaxCrossEntropyLoss output \"loss\"");
  cmds.push_back({model, [&g, m] { return cmd_model(g, *m); }});

  auto v = args<ValidateModelOptions>();
  auto* validate = app.add_subcommand(
      "validate-model",
      "Run an ONNX test folder (model.onnx, test_data_set_N/) on the assembled executor and "
      "compare with its outputs; or compare two executors (--compare-with)");
  validate->add_option("dir", v->dir, "Test folder, or a model file with --compare-with")
      ->required();
  validate->add_option("--plugin", v->plugin, "Plugin for every operator not in --prefer")
      ->capture_default_str();
  validate->add_option("--prefer", v->prefer,
                       "Implementations tried first: examples/im2col or Conv=examples/im2col,...");
  validate->add_option("--compare-with", v->compare_with,
                       "Executor B's implementations (same syntax): compare on random inputs");
  validate->add_option("--executor", v->executor,
                       "Executor A by name: reference, assembled:<list>, or a plugin's graph "
                       "executor such as torch (overrides --plugin and --prefer)");
  validate->add_option("--compare-executor", v->compare_executor,
                       "Executor B by name (as --executor): compare on random inputs");
  validate->add_option("--seed", v->seed, "Seed of the random inputs (--compare-with)")
      ->capture_default_str();
  validate->add_option("--batch", v->batch, "Batch size for dynamic inputs (--compare-with)");
  validate->add_option("--rtol", v->rtol, "Relative tolerance")->capture_default_str();
  validate->add_option(
      "--atol", v->atol,
      "Absolute tolerance (default 1e-7 against test data, 1e-5 between executors)");
  validate->add_flag("--no-gradients", v->no_gradients,
                     "Compare forward values only (--compare-with)");
  cmds.push_back({validate, [&g, &app, v] {
                    // Stored only when a store is named: a validation is mostly a quick look.
                    v->store = db_given(app);
                    return cmd_validate_model(g, *v);
                  }});
}

// job, jobs: Slurm batch scripts and the runs they made.
void add_job_commands(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto j = args<JobOptions>();
  auto* job = app.add_subcommand(
      "job",
      "Write a cluster batch script (Slurm) that runs an experiment on nodes x tasks "
      "ranks, and with --submit submit it");
  job->add_option("--slurm", j->out,
                  "The Slurm batch script to write (submit with sbatch); with --submit, default "
                  "NAME.sh in the job folder");
  job->add_option("--module", j->modules,
                  "A module the job loads before srun (`module load NAME`; repeatable)")
      ->expected(1)
      ->take_all();
  job->add_option("--sbatch", j->sbatch_lines,
                  "An extra #SBATCH option, e.g. --sbatch=--qos=short (repeatable)")
      ->expected(1)
      ->take_all();
  job->add_flag("--submit", j->submit,
                "Also submit it with sbatch and print the job id (with --json: job id, script, "
                "output file, store)");
  job->add_option("experiment", j->experiment, "Experiment file (JSON)")->required();
  job->add_option("--nodes", j->nodes, "Nodes (#SBATCH --nodes)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  job->add_option("--tasks-per-node", j->tasks_per_node,
                  "MPI ranks per node (#SBATCH --ntasks-per-node)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  job->add_option("--time", j->time, "Time limit, HH:MM:SS or D-HH:MM:SS (#SBATCH --time)")
      ->capture_default_str();
  job->add_option("--partition", j->partition,
                  "Partition (#SBATCH --partition); default: the cluster's");
  job->add_option("--account", j->account, "Account to charge (#SBATCH --account)");
  job->add_option(
      "--srun-mpi", j->srun_mpi,
      "srun --mpi=TYPE, checked against srun --mpi=list where srun is installed; "
      "default: what this d500's MPI needs (pmix for Open MPI); \"default\": the cluster's");
  job->add_option("--job-dir", j->job_dir,
                  "The job folder: the job's output, and the store unless --db is given "
                  "(default: the script's folder; on a shared file system for several nodes)");
  job->add_option(
         "--grace", j->grace_seconds,
         "Seconds before the time limit at which the run is asked to stop (#SBATCH --signal)")
      ->capture_default_str()
      ->check(CLI::Range(10, 3600));
  cmds.push_back({job, [&g, &app, j] {
                    j->db_given = db_given(app);
                    return cmd_job(g, *j);
                  }});

  auto* jobs = app.add_subcommand(
      "jobs", "List the store's runs that ran in Slurm jobs, with job ids and the jobs' states");
  jobs->footer(
      "A run records the job it ran in (SLURM_JOB_ID). The job's state comes from squeue (jobs "
      "pending, running or ended recently), else sacct (where accounting is enabled), else it "
      "reads \"-\" and the run's status in the store is all there is. Jobs still pending have "
      "no run yet: see squeue.");
  cmds.push_back({jobs, [&g] { return cmd_jobs(g); }});
}

// merge, export-run, import-run, list: stores from many machines, and the ranking.
void add_store_commands(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto s = args<StoreFileArgs>();
  auto* merge = app.add_subcommand(
      "merge", "Copy the runs of several stores (e.g. from other machines) into one store");
  merge->add_option("stores", s->inputs, "Stores to copy runs from (read, never changed)")
      ->required();
  merge->add_option("-o,--output", s->file, "The store to copy into (created when missing)")
      ->required();
  merge->footer(
      "Copies every run with its samples, series, validations, logs, artifacts and environment "
      "(deduplicated by hash); ids are renumbered and each run keeps where it came from. A run is "
      "known by its identity (uuid), so merging a store again adds nothing. Stores of an older "
      "schema are read through a migrated copy; a store of a newer d500 is refused. The output "
      "changes in one transaction: after an error it is as it was.");
  cmds.push_back({merge, [&g, s] { return cmd_merge(g, s->inputs, s->file); }});

  auto x = args<StoreFileArgs>();
  auto* export_run = app.add_subcommand(
      "export-run", "Write one run, with everything recorded about it, as a self-contained file");
  export_run->add_option("run", x->run, "Run id, or \"latest\"")->required();
  export_run->add_option("-o,--output", x->file, "The run file to write (.d500run, a small store)")
      ->required();
  cmds.push_back({export_run, [&g, x] { return cmd_export_run(g, x->run, x->file); }});

  auto i = args<StoreFileArgs>();
  auto* import_run = app.add_subcommand(
      "import-run", "Add the run(s) of a file written by export-run to the store (--db)");
  import_run->add_option("file", i->file, "A .d500run file (or any store)")->required();
  cmds.push_back({import_run, [&g, i] { return cmd_import_run(g, i->file); }});

  auto l = args<ListOptions>();
  auto* list = app.add_subcommand(
      "list",
      "Rank the store's runs: recipe-compliant training and distributed training by "
      "time-to-accuracy, operators and networks by throughput; overlapping CIs are ties");
  list->add_option("--recipe", l->recipe, "Only this recipe's list (its name, or its file's name)");
  list->add_option("--html", l->html,
                   "Write the list as HTML here, with each run's page beside it");
  list->add_flag("--csv", l->csv, "CSV on stdout, one row per run (and implementation)");
  list->add_option("--format", l->report.format,
                   "The list as a report: " + report::format_names() +
                       " (csv: the table of --csv; html: one page, where --html writes a site)")
      ->check(CLI::IsMember([] {
        std::vector<std::string> names;
        for (const auto& f : report::formats()) names.push_back(f.name);
        return names;
      }()));
  list->add_option("-o,--output", l->report.output, "Write the report to this file");
  list->add_option("--problems", l->problems,
                   "A problem list file: rank operator and network runs on its points only");
  list->footer(
      "Training runs that follow a recipe are ranked per recipe by the median time-to-accuracy "
      "over their seeds, with its 95% CI (or the seeds' range when too few seeds), the olympic "
      "mean, seeds converged/total, the system and the frameworks. Runs whose intervals overlap "
      "share a rank (shown as 2=). Non-compliant runs are listed apart with the reason.");
  cmds.push_back({list, [&g, l] { return cmd_list(g, *l); }});
}

// gate: the CI gate over two runs or every series.
void add_gate_command(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto gt = args<GateOptions>();
  auto* gate = app.add_subcommand(
      "gate",
      "CI gate: fail (exit 1) when the candidate run is significantly slower than the "
      "baseline by more than a threshold");
  gate->add_option("baseline", gt->baseline, "Baseline run id (or \"latest\")");
  gate->add_option("candidate", gt->candidate, "Candidate run id (or \"latest\")");
  gate->add_flag("--series", gt->series,
                 "Gate every series instead of two runs: its latest run in the candidate store "
                 "(--db-b, else --db) against its latest in --db, or the run before it");
  gate->add_option("--db-b", gt->db_b, "The candidate's store when it is another file");
  gate->add_option("--threshold", gt->threshold_pct, "Slowdown in percent that fails the gate")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1000.0));
  gate->add_option("--alpha", gt->alpha, "Significance level (Mann-Whitney U)")
      ->capture_default_str()
      ->check(CLI::Range(1e-6, 0.5));
  gate->add_flag("--across-machines", gt->across_machines,
                 "Compare runs of different machine classes anyway");
  gate->add_option("--markdown", gt->markdown, "Also write the summary as Markdown here");
  gate->add_option("--junit", gt->junit, "Also write JUnit XML here (one test per benchmark)");
  add_report_options(gate, gt->report);
  gate->footer(
      "Every (point, implementation) measured in both runs is compared on its raw samples "
      "(Mann-Whitney U, as `d500 compare`). A benchmark fails only when it is both significantly "
      "slower and slower by more than --threshold: never on noise, never on a negligible change. "
      "Exit 0: no regression; 1: at least one; 3: the runs cannot be compared (another machine "
      "class without --across-machines, no benchmark in common). With --series, every series "
      "(experiment, implementation, point, machine class) of the candidate store is gated the "
      "same way: its latest run against the baseline store's latest run of that series, or, in "
      "one store, against the run before it.");
  cmds.push_back({gate, [&g, gt] { return cmd_gate(g, *gt); }});
}

// confirm: rerun a change point's sides; scaling: collective models and projections.
void add_confirm_and_scaling_commands(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto cf = args<ConfirmOptions>();
  auto* confirm = app.add_subcommand(
      "confirm",
      "Rerun the two runs around a change point, interleaved in randomized blocks, and store "
      "whether the change is real");
  confirm->add_option("before", cf->before, "The last run before the change")->required();
  confirm->add_option("after", cf->after, "The first run after the change")->required();
  confirm->add_option("--blocks", cf->blocks, "A/B blocks (each in random order)")
      ->capture_default_str();
  confirm->add_option("--alpha", cf->alpha, "Significance level")
      ->capture_default_str()
      ->check(CLI::Range(1e-4, 0.5));
  confirm->add_option("--seed", cf->seed, "Seed of the blocks' order (default: fresh)");
  confirm->add_option("--progress", cf->progress, "auto | bar | json | none")
      ->capture_default_str();
  add_report_options(confirm, cf->report);
  confirm->footer(
      "Each block runs both experiments once, A (BEFORE's) then B (AFTER's) or the other way by a "
      "coin, on this machine, into the same store; the reruns are kept but stay out of the "
      "history. A benchmark's change is confirmed when the blocks' B/A ratios agree in its "
      "direction (exact sign test) and the pooled samples differ (Mann-Whitney U), both at "
      "--alpha; reversed when both say the other way; otherwise not reproduced: the environment "
      "across the change or noise made it. The verdict is stored with AFTER and shown by "
      "`d500 history --changes` and the studio's History view.");
  cmds.push_back({confirm, [&g, cf] { return cmd_confirm(g, *cf); }});

  auto sc = args<ScalingOptions>();
  auto* scaling = app.add_subcommand(
      "scaling", "Latency and bandwidth models of collective runs, and their scaling over ranks");
  scaling->add_option("runs", sc->runs, "Collective run ids (or \"latest\")")->required();
  scaling->add_flag("--project", sc->project,
                    "Also project allreduce, parameter server and model averaging to many ranks "
                    "from each run's allreduce model");
  scaling->add_option("--bytes", sc->bytes, "Gradients per step for --project")
      ->capture_default_str();
  scaling->add_option("--max-ranks", sc->max_ranks, "Project up to this many ranks")
      ->capture_default_str();
  scaling
      ->add_option("--averaging-period", sc->averaging_period,
                   "Model averaging: one allreduce every this many steps")
      ->capture_default_str();
  scaling
      ->add_option("--topology", sc->topology,
                   "ideal, or fat-tree[:oversubscription=X,ranks_per_leaf=N]")
      ->capture_default_str();
  add_report_options(scaling, sc->report);
  scaling->footer(
      "Each run: per operation, T(n) = alpha + n / bandwidth fitted on the raw samples (each size "
      "weighed by its relative error), with 95% bootstrap CIs, and for allreduce gamma, the cost "
      "per byte beyond allgather; then every measured size with the model's prediction and band, "
      "its error, and MISS where the band does not reach the measured median's CI. Runs at two or "
      "more rank counts: each operation and size as f(p) = c0 + c1 * p^i * log2(p)^j, the term "
      "chosen by leave-one-out cross-validation (4 rank counts needed), or why the data cannot "
      "support one. --project replays each scheme's messages on simulated ranks (2, 4, ... "
      "--max-ranks) with the link's latency and bandwidth from the run's allreduce model, a band "
      "from their CIs, the bottleneck, the crossovers between schemes, and how far beyond the "
      "measured ranks each figure lies.");
  cmds.push_back({scaling, [&g, sc] { return cmd_scaling(g, *sc); }});
}

// history (and the commands above): benchmarks over time.
void add_history_commands(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto h = args<HistoryOptions>();
  auto* history = app.add_subcommand(
      "history", "Each benchmark's runs over time (or over a version) and where they changed");
  history->add_option("--experiment", h->experiment, "Only this experiment's series (its name)");
  history
      ->add_option("--by", h->by,
                   "The axis: time (default), or an environment field such as "
                   "build.d500_version or plugins.torch.version")
      ->capture_default_str();
  history->add_flag("--per-host", h->per_host,
                    "Keep each host's runs apart (default: machine class)");
  history->add_option("--alpha", h->alpha, "Significance level of a change point")
      ->capture_default_str()
      ->check(CLI::Range(1e-4, 0.5));
  history->add_flag("--changes", h->changes,
                    "Only the overview: every series with its last change, the largest first");
  add_report_options(history, h->report);
  history->footer(
      "A series is an experiment's implementation at one sweep point on one machine class (CPU "
      "model and count, GPU); runs merged from other stores join their series. Each point shows "
      "its median with the CI, n, the machine's load and the environment fields that changed "
      "since the previous point. Change points: E-divisive means over the runs' raw samples "
      "with a permutation test over whole runs; each with the change of the median and its CI, "
      "the p-value, the environment diff across it and both sides' load.");
  cmds.push_back({history, [&g, h] { return cmd_history(g, *h); }});

  add_gate_command(app, g, cmds);
  add_confirm_and_scaling_commands(app, g, cmds);
}

// export-series, import-mllog: runs for other tools and from them.
void add_interop_commands(CLI::App& app, const GlobalOptions& g, Commands& cmds) {
  auto s = args<SeriesExportOptions>();
  auto* export_series = app.add_subcommand(
      "export-series",
      "Write a run's series (losses, accuracies, ...) for TensorBoard, or the run "
      "with its series for MLflow");
  export_series->add_option("run", s->run, "Run id, or \"latest\"")->required();
  export_series->add_option("--tensorboard", s->tensorboard,
                            "Folder for a TensorBoard event file (tensorboard --logdir FOLDER)");
  export_series->add_option("--mlflow", s->mlflow,
                            "MLflow file store folder (mlruns), made or added to: "
                            "mlflow ui --backend-store-uri FOLDER");
  export_series->add_option("--mlflow-uri", s->mlflow_uri,
                            "MLflow tracking server to log the run to, http://HOST:PORT");
  export_series->add_option("--mlflow-experiment", s->mlflow_experiment,
                            "MLflow experiment to add the run to, made when missing (default: "
                            "the experiment file's name)");
  export_series->footer(
      "For MLflow the run becomes one MLflow run: the experiment file's settings as params, the "
      "series as metrics (loss@seed0 as loss_seed0; rank r > 0 as KEY_rankR), and tags "
      "mlflow.runName, mlflow.source.name and d500.* (version, environment_hash, status, ...). "
      "Its MLflow run id is the d500 run's uuid: a run already in the store or on the server is "
      "refused, as are a folder that is no MLflow file store and an https address.");
  cmds.push_back({export_series, [&g, s] { return cmd_export_series(g, *s); }});

  auto file = std::make_shared<std::string>();
  auto* import_mllog = app.add_subcommand(
      "import-mllog",
      "Store an MLPerf Training log (:::MLLOG lines) as a run with its curves and time-to-train");
  import_mllog->add_option("file", *file, "The MLPerf log")->required();
  cmds.push_back({import_mllog, [&g, file] { return cmd_import_mllog(g, *file); }});
}

}  // namespace

Commands add_commands(CLI::App& app, const GlobalOptions& g) {
  Commands cmds;
  add_run_commands(app, g, cmds);
  add_plugin_commands(app, g, cmds);
  add_inspect_commands(app, g, cmds);
  add_model_commands(app, g, cmds);
  add_job_commands(app, g, cmds);
  add_store_commands(app, g, cmds);
  add_history_commands(app, g, cmds);
  add_interop_commands(app, g, cmds);
  return cmds;
}

}  // namespace d500::cli
