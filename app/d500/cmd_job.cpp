// `d500 job --slurm OUT.sh EXPERIMENT.json`: a Slurm batch script that runs the experiment on
// nodes x tasks ranks with srun, written so that `sbatch OUT.sh` works unchanged: absolute paths,
// one writer (rank 0) to the store, and a job that ends as soon as one rank fails. With --submit
// it is also submitted (sbatch, an argument vector) and the job id printed.
#include <algorithm>
#include <cctype>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>

#include "commands.h"
#include "d500/build_info.h"
#include "d500/distributed/communicator.h"
#include "d500/env/filesystem.h"
#include "d500/env/slurm.h"
#include "d500/spec/experiment.h"
#include "d500/subprocess.h"

namespace d500::cli {

namespace {

// Single-quoted for bash: the text as it is, whatever it holds.
std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// A word for a command line shown to copy: as it is when that is safe, else single-quoted.
std::string shell_word(const std::string& s) {
  static const std::regex kPlain(R"(^[A-Za-z0-9_./:%+=@-]+$)");
  return std::regex_match(s, kPlain) ? s : quoted(s);
}

std::string job_name(const std::string& name) {
  std::string out = "d500-";
  for (char c : name)
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
  return out.substr(0, 64);
}

std::string absolute(const std::string& p) {
  std::error_code ec;
  auto a = std::filesystem::absolute(p, ec);
  return ec ? p : a.lexically_normal().string();
}

// srun --mpi=TYPE goes into the script as it is, so only Slurm's MPI plugin names are taken:
// those `srun --mpi=list` offers where srun is installed, else Slurm's own list.
constexpr const char* kSrunMpi[] = {"none",    "pmi2",    "pmix",    "pmix_v2",
                                    "pmix_v3", "pmix_v4", "pmix_v5", "cray_shasta"};

struct SrunMpi {
  std::vector<std::string> offered;
  bool from_srun = false;  // asked srun on this machine
};

// `srun --mpi=list` prints "MPI plugin types are...", one type per indented line, then
// "specific pmix plugin versions available: pmix_v4,pmix_v5".
SrunMpi srun_mpi_types() {
  SrunMpi s;
  const CommandResult r = run_command({"srun", "--mpi=list"}, 10000);
  if (r.started && r.exit_code == 0) {
    static const std::regex kType(R"(^[a-z][a-z0-9_]*$)");
    std::istringstream lines(r.output);
    for (std::string line; std::getline(lines, line);) {
      const bool versions = line.find("available:") != std::string::npos;
      if (!versions && (line.empty() || !std::isspace(static_cast<unsigned char>(line[0]))))
        continue;
      std::istringstream words(versions ? line.substr(line.find(':') + 1) : line);
      for (std::string w; std::getline(words >> std::ws, w, versions ? ',' : ' ');) {
        while (!w.empty() && std::isspace(static_cast<unsigned char>(w.back()))) w.pop_back();
        if (std::regex_match(w, kType)) s.offered.push_back(w);
      }
    }
    s.from_srun = !s.offered.empty();
  }
  if (!s.from_srun) s.offered.assign(std::begin(kSrunMpi), std::end(kSrunMpi));
  return s;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
  return out;
}

// The --mpi value to write: the user's, checked, or the one this build's MPI needs.
std::string choose_srun_mpi(const std::string& asked) {
  if (asked == "default") return "";  // the cluster's MpiDefault: nothing to ask srun
  const SrunMpi s = srun_mpi_types();
  auto offered = [&](const std::string& v) {
    return std::find(s.offered.begin(), s.offered.end(), v) != s.offered.end();
  };
  if (!asked.empty()) {
    if (!offered(asked))
      throw CliError{kUsage, "job: --srun-mpi \"" + printable(asked) + "\" is not one of " +
                                 joined(s.offered) +
                                 (s.from_srun ? " (what srun --mpi=list offers here)" : "")};
    return asked;
  }
  const std::string pmi = distributed::Communicator::srun_pmi();
  if (!pmi.empty() && s.from_srun && !offered(pmi))
    std::cerr << "d500: warning: this d500's MPI needs srun --mpi=" << pmi
              << ", which srun here does not offer (it offers " << joined(s.offered)
              << "); the ranks would fail in MPI_Init. Ask your administrators, or pass "
                 "--srun-mpi\n";
  return pmi;
}

// One warning when a job of several nodes keeps its folder, store or experiment on a node's own
// disk: the other nodes would not find them.
void warn_if_local(const std::vector<std::string>& paths, int nodes) {
  if (nodes <= 1) return;
  std::string local;
  std::set<std::string> seen;
  for (const std::string& p : paths) {
    if (!seen.insert(p).second) continue;
    const env::FileSystemKind k = env::filesystem_kind(p);
    if (k.reach == env::FileSystemKind::Reach::Local)
      local += (local.empty() ? "" : ", ") + printable(p) + " (" + k.name + ")";
  }
  if (!local.empty())
    std::cerr << "d500: warning: the job runs on " << nodes << " nodes, but " << local
              << " are on local file systems: every node must see the job folder, the store and "
                 "the experiment; put them on a shared file system (NFS, Lustre, GPFS, BeeGFS, "
                 "CephFS)\n";
}

// sbatch SCRIPT; prints the job id (stdout), and where to follow it (stderr).
int submit_job(const GlobalOptions& g, const std::string& script, const std::string& output_stem,
               const std::string& db) {
  const env::slurm::Submitted sub = env::slurm::submit(absolute(script));
  if (sub.job_id.empty()) throw CliError{kBadInput, "job --submit: " + sub.message};
  const std::string output = output_stem + "-" + sub.job_id + ".out";
  if (g.json) {
    std::cout << nlohmann::json{{"job_id", sub.job_id},
                                {"script", absolute(script)},
                                {"output", output},
                                {"db", db}}
                     .dump(2)
              << "\n";
    return kOk;
  }
  std::cout << sub.job_id << "\n";
  std::cerr << "d500: submitted Slurm job " << sub.job_id << "; its output goes to "
            << printable(output) << "; follow it with: d500 --db " << printable(shell_word(db))
            << " jobs\n";
  return kOk;
}

std::string today() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", std::localtime(&t));
  return buf;
}

// The options that reach the script's #SBATCH and shell lines: each checked to be what it claims,
// so the script holds no command built from user text.
void check_job_options(const JobOptions& o) {
  if (o.out.empty() && !o.submit)
    throw CliError{kUsage,
                   "job: say where to write the script (--slurm FILE), or --submit to "
                   "write it into the job folder and submit it"};
  // Slurm's time formats: MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS, or minutes.
  static const std::regex kTime(R"(^(\d+|\d+:\d{2}|\d+:\d{2}:\d{2}|\d+-\d+(:\d{2}(:\d{2})?)?)$)");
  if (!std::regex_match(o.time, kTime))
    throw CliError{kUsage, "job: --time \"" + printable(o.time) +
                               "\" is not a Slurm time (HH:MM:SS, D-HH:MM:SS, MM:SS or minutes)"};
  static const std::regex kName(R"(^[A-Za-z0-9_.,-]+$)");
  if (!o.partition.empty() && !std::regex_match(o.partition, kName))
    throw CliError{kUsage, "job: --partition \"" + printable(o.partition) +
                               "\" is not a partition name (letters, digits, _ . , -)"};
  if (!o.account.empty() && !std::regex_match(o.account, kName))
    throw CliError{kUsage,
                   "job: --account \"" + printable(o.account) + "\" is not an account name"};
  // Modules and extra #SBATCH options reach the script as they are: only plain words taken.
  static const std::regex kModule(R"(^[A-Za-z0-9_.+/-]+$)");
  for (const auto& m : o.modules)
    if (!std::regex_match(m, kModule))
      throw CliError{kUsage, "job: --module \"" + printable(m) +
                                 "\" is not a module name (letters, digits, _ . + / -)"};
  static const std::regex kSbatch(R"(^--[a-z][a-z-]*(=[A-Za-z0-9_.,:=@%/+-]+)?$)");
  for (const auto& l : o.sbatch_lines)
    if (!std::regex_match(l, kSbatch))
      throw CliError{kUsage, "job: --sbatch \"" + printable(l) +
                                 "\" is not one sbatch option such as --qos=short or "
                                 "--constraint=gpu (no spaces)"};
}

// Where the job's files go: the script, its folder (the job's output, and the store unless --db
// says otherwise), the store.
struct JobPlaces {
  std::string name, script, dir, db;
};

JobPlaces job_places(const GlobalOptions& g, const JobOptions& o, const std::string& experiment) {
  JobPlaces p;
  p.name = job_name(experiment);
  // --submit without --slurm: the script is NAME.sh in the job folder (else the current one).
  p.script = !o.out.empty()
                 ? o.out
                 : absolute((o.job_dir.empty() ? "." : o.job_dir) + "/" + p.name + ".sh");
  p.dir =
      absolute(o.job_dir.empty() ? std::filesystem::path(absolute(p.script)).parent_path().string()
                                 : o.job_dir);
  static const std::regex kSbatchPath(R"(^[A-Za-z0-9_./+@:=,-]+$)");
  if (!std::regex_match(p.dir, kSbatchPath))
    throw CliError{kUsage, "job: the job folder " + printable(p.dir) +
                               " has characters an #SBATCH line cannot hold (spaces, quotes, "
                               "newlines); choose another with --job-dir"};
  if (!std::filesystem::is_directory(p.dir))
    throw CliError{kBadInput, "job: the job folder " + printable(p.dir) + " does not exist"};
  p.db = o.db_given ? absolute(g.db) : absolute(p.dir + "/d500.d500db");
  return p;
}

// The batch script. What comes from user text is, in comments, escaped (a raw newline would start
// a command line and end the #SBATCH lines early), in shell code single-quoted; #SBATCH lines,
// which cannot be quoted, hold only the validated values and the sanitized job name.
std::string job_script(const JobOptions& o, const spec::Experiment& e, const JobPlaces& p,
                       const std::string& spec, const std::string& mpi) {
  const int ranks = o.nodes * o.tasks_per_node;
  std::ostringstream s;
  s << "#!/bin/bash\n"
    << "# Written by d500 " << D500_VERSION_STRING << " on " << today() << " from\n"
    << "#   " << printable(spec) << "\n"
    << "# (experiment \"" << printable(e.name) << "\", level " << printable(e.level)
    << "): " << ranks << " ranks. Submit it as it is: sbatch " << printable(shell_word(o.out))
    << "\n"
    << "#SBATCH --job-name=" << p.name << "\n"
    << "#SBATCH --nodes=" << o.nodes << "\n"
    << "#SBATCH --ntasks-per-node=" << o.tasks_per_node << "\n"
    << "#SBATCH --time=" << o.time << "\n"
    << "# SIGTERM " << o.grace_seconds << " s before the time limit: the run ends cancelled, "
    << "with what it measured kept.\n"
    << "#SBATCH --signal=TERM@" << o.grace_seconds << "\n"
    << "#SBATCH --chdir=" << p.dir << "\n";
  if (!o.partition.empty()) s << "#SBATCH --partition=" << o.partition << "\n";
  if (!o.account.empty()) s << "#SBATCH --account=" << o.account << "\n";
  for (const auto& l : o.sbatch_lines) s << "#SBATCH " << l << "\n";
  s << "#SBATCH --output=" << p.dir << "/" << p.name << "-%j.out\n"
    << "set -euo pipefail\n";
  for (const auto& m : o.modules) s << "module load " << m << "\n";
  s << "\n"
    << "# Job folder: " << printable(p.dir) << " (this script, the job's output"
    << (o.db_given ? "" : ", the store") << ")\n"
    << "# Repeated SIGTERMs (Slurm and srun both forward them) within the grace count as one.\n"
    << "export D500_TERM_GRACE_SECONDS=" << o.grace_seconds << "\n"
    << "D500=" << quoted(absolute(executable_dir() + "/d500")) << "\n"
    << "EXPERIMENT=" << quoted(spec) << "\n"
    << "# One writer: only rank 0 (on the first node) writes the store.\n"
    << "DB=" << quoted(p.db) << "\n\n"
    << "# --kill-on-bad-exit: a rank that fails or dies ends the whole job at once.\n"
    << "# --mpi: the process-management interface this d500's MPI was built for.\n"
    << "srun --kill-on-bad-exit=1" << (mpi.empty() ? "" : " --mpi=" + mpi)
    << " \"$D500\" run \"$EXPERIMENT\" --db \"$DB\" --progress none\n";
  return s.str();
}

void write_script(const std::string& script, const std::string& text) {
  std::ofstream out(script);
  if (!out || !(out << text) || !out.flush())
    throw CliError{kBadInput, "job: cannot write " + printable(script)};
  out.close();
  std::error_code ec;
  std::filesystem::permissions(
      script, std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec,
      std::filesystem::perm_options::add, ec);
}

}  // namespace

int cmd_job(const GlobalOptions& g, const JobOptions& o) {
  check_job_options(o);
  const std::string mpi = choose_srun_mpi(o.srun_mpi);
  auto e = spec::load_experiment(o.experiment);
  if (!e) throw CliError{kBadInput, e.error().to_string()};
  const int ranks = o.nodes * o.tasks_per_node;
  if ((e->launcher.kind == "mpi" || e->launcher.kind == "slurm") && e->launcher.ranks != ranks)
    std::cerr << "d500: note: the experiment's launcher asks for " << e->launcher.ranks
              << " ranks; the job runs " << ranks << " (" << o.nodes << " nodes x "
              << o.tasks_per_node << " tasks)\n";
  const std::string spec = absolute(o.experiment);
  const JobPlaces p = job_places(g, o, e->name);
  warn_if_local({p.dir, std::filesystem::path(p.db).parent_path().string(), spec}, o.nodes);
  write_script(p.script, job_script(o, *e, p, spec, mpi));
  if (!g.json)
    std::cerr << "d500: wrote " << printable(p.script) << " (" << o.nodes << " nodes x "
              << o.tasks_per_node << " tasks, " << o.time
              << (o.partition.empty() ? "" : ", partition " + o.partition)
              << (mpi.empty() ? "" : ", srun --mpi=" + mpi) << "); job folder " << printable(p.dir)
              << ", store " << printable(p.db)
              << (o.submit ? "" : "; submit with: sbatch " + printable(shell_word(p.script)))
              << "\n";
  if (o.submit) return submit_job(g, p.script, p.dir + "/" + p.name, p.db);
  return kOk;
}

}  // namespace d500::cli
