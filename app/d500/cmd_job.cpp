// `d500 job --slurm OUT.sh EXPERIMENT.json`: a Slurm batch script that runs the experiment on
// nodes x tasks ranks with srun, written so that `sbatch OUT.sh` works unchanged: absolute paths,
// one writer (rank 0) to the store, and a job that ends as soon as one rank fails.
#include <cctype>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>

#include "commands.h"
#include "d500/build_info.h"
#include "d500/spec/experiment.h"

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
  for (char c : name) out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
  return out.substr(0, 64);
}

std::string absolute(const std::string& p) {
  std::error_code ec;
  auto a = std::filesystem::absolute(p, ec);
  return ec ? p : a.lexically_normal().string();
}

// srun --mpi=TYPE goes into the script as it is, so only Slurm's MPI plugin names are taken.
constexpr const char* kSrunMpi[] = {"none",    "pmi2",    "pmix",    "pmix_v2",
                                    "pmix_v3", "pmix_v4", "pmix_v5", "cray_shasta"};

void check_srun_mpi(const std::string& v) {
  if (v.empty()) return;
  std::string allowed;
  for (const char* k : kSrunMpi) {
    if (v == k) return;
    allowed += (allowed.empty() ? "" : ", ") + std::string(k);
  }
  throw CliError{kUsage, "job: --srun-mpi \"" + printable(v) + "\" is not one of " + allowed};
}

std::string today() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", std::localtime(&t));
  return buf;
}

}  // namespace

int cmd_job(const GlobalOptions& g, const JobOptions& o) {
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
  check_srun_mpi(o.srun_mpi);
  auto e = spec::load_experiment(o.experiment);
  if (!e) throw CliError{kBadInput, e.error().to_string()};

  const int ranks = o.nodes * o.tasks_per_node;
  if ((e->launcher.kind == "mpi" || e->launcher.kind == "slurm") && e->launcher.ranks != ranks)
    std::cerr << "d500: note: the experiment's launcher asks for " << e->launcher.ranks
              << " ranks; the job runs " << ranks << " (" << o.nodes << " nodes x "
              << o.tasks_per_node << " tasks)\n";

  const std::string exe = absolute(executable_dir() + "/d500");
  const std::string spec = absolute(o.experiment);
  const std::string db = absolute(g.db);
  const std::string name = job_name(e->name);
  // What comes from user text is, in comments, escaped (a raw newline would start a command line
  // and end the #SBATCH lines early), in shell code single-quoted; #SBATCH lines, which cannot be
  // quoted, hold only the validated values above and the sanitized job name.
  std::ostringstream s;
  s << "#!/bin/bash\n"
    << "# Written by d500 " << D500_VERSION_STRING << " on " << today() << " from\n"
    << "#   " << printable(spec) << "\n"
    << "# (experiment \"" << printable(e->name) << "\", level " << printable(e->level)
    << "): " << ranks << " ranks. Submit it as it is: sbatch " << printable(shell_word(o.out)) << "\n"
    << "#SBATCH --job-name=" << name << "\n"
    << "#SBATCH --nodes=" << o.nodes << "\n"
    << "#SBATCH --ntasks-per-node=" << o.tasks_per_node << "\n"
    << "#SBATCH --time=" << o.time << "\n";
  if (!o.partition.empty()) s << "#SBATCH --partition=" << o.partition << "\n";
  if (!o.account.empty()) s << "#SBATCH --account=" << o.account << "\n";
  s << "#SBATCH --output=" << name << "-%j.out\n"
    << "set -euo pipefail\n\n"
    << "D500=" << quoted(exe) << "\n"
    << "EXPERIMENT=" << quoted(spec) << "\n"
    << "# One writer: only rank 0 (on the first node) writes the store.\n"
    << "DB=" << quoted(db) << "\n\n"
    << "# --kill-on-bad-exit: a rank that fails or dies ends the whole job at once.\n"
    << "srun --kill-on-bad-exit=1" << (o.srun_mpi.empty() ? "" : " --mpi=" + o.srun_mpi)
    << " \"$D500\" run \"$EXPERIMENT\" --db \"$DB\" --progress none\n";

  std::ofstream out(o.out);
  if (!out || !(out << s.str()) || !out.flush())
    throw CliError{kBadInput, "job: cannot write " + printable(o.out)};
  out.close();
  std::error_code ec;
  std::filesystem::permissions(o.out, std::filesystem::perms::owner_exec |
                                          std::filesystem::perms::group_exec,
                               std::filesystem::perm_options::add, ec);
  if (!g.json)
    std::cerr << "d500: wrote " << printable(o.out) << " (" << o.nodes << " nodes x "
              << o.tasks_per_node << " tasks, " << o.time
              << (o.partition.empty() ? "" : ", partition " + o.partition)
              << "); submit with: sbatch " << printable(shell_word(o.out)) << "\n";
  return kOk;
}

}  // namespace d500::cli
