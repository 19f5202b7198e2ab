#include "d500/env/slurm.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <regex>
#include <set>
#include <sstream>

#include "d500/subprocess.h"

namespace d500::env::slurm {

namespace {

// Slurm job ids: digits, an array task (1234_5) or a heterogeneous component (1234+0).
const std::regex& job_id_pattern() {
  static const std::regex k(R"([0-9]+([_+][0-9]+)?)");
  return k;
}

constexpr int kTimeoutMs = 30000;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trimmed(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return s.substr(i);
}

std::string joined(const std::vector<std::string>& ids) {
  std::string out;
  for (const auto& id : ids) out += (out.empty() ? "" : ",") + id;
  return out;
}

// "ID|STATE" lines (squeue -o '%i|%T', sacct -P -o JobID,State); other lines (errors) skipped.
// sacct writes "CANCELLED by 0": the first word is the state.
void read_states(const std::string& output, const std::set<std::string>& wanted,
                 const std::string& source, std::map<std::string, JobState>& out) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    const auto bar = line.find('|');
    if (bar == std::string::npos) continue;
    const std::string id = trimmed(line.substr(0, bar));
    std::string state = trimmed(line.substr(bar + 1));
    state = state.substr(0, state.find(' '));
    if (!wanted.count(id) || out.count(id) || state.empty()) continue;
    out[id] = {lower(state), source};
  }
}

// The output's last line, shortened: what a failed Slurm command said.
std::string last_words(const std::string& output) {
  std::string t = trimmed(output);
  if (t.size() > 400) t = "..." + t.substr(t.size() - 400);
  return t;
}

}  // namespace

std::string job_id_from_environment() {
  const char* id = std::getenv("SLURM_JOB_ID");
  return id && std::regex_match(id, job_id_pattern()) ? id : "";
}

std::string launcher_with_job(const std::string& launcher, const std::string& job_id) {
  if (job_id.empty()) return launcher;
  if (launcher.empty() || launcher == "local" || launcher == "slurm") return "slurm:" + job_id;
  return launcher + " slurm:" + job_id;
}

std::string job_id_of_launcher(const std::string& launcher) {
  std::istringstream words(launcher);
  for (std::string w; words >> w;)
    if (w.rfind("slurm:", 0) == 0 && std::regex_match(w.substr(6), job_id_pattern()))
      return w.substr(6);
  return "";
}

bool have(const std::string& command) {
  return !find_on_path(command).empty();
}

Submitted submit(const std::string& script) {
  Submitted s;
  if (!have("sbatch")) {
    s.message =
        "sbatch is not installed here (not on PATH): submit the script on a machine of "
        "the cluster with: sbatch " +
        script;
    return s;
  }
  const CommandResult r = run_command({"sbatch", "--parsable", script}, kTimeoutMs);
  if (r.timed_out) {
    s.message = "sbatch did not answer within " + std::to_string(kTimeoutMs / 1000) +
                " s (is slurmctld reachable?)";
    return s;
  }
  // --parsable prints "ID" or "ID;CLUSTER" on the last line; warnings may come before it.
  std::istringstream lines(r.output);
  std::string id;
  for (std::string line; std::getline(lines, line);) {
    const std::string first = trimmed(line.substr(0, line.find(';')));
    if (std::regex_match(first, job_id_pattern())) id = first;
  }
  if (r.exit_code != 0 || id.empty()) {
    s.message = "sbatch refused " + script + " (exit " + std::to_string(r.exit_code) +
                "): " + last_words(r.output);
    return s;
  }
  s.job_id = id;
  return s;
}

std::map<std::string, JobState> job_states(const std::vector<std::string>& job_ids) {
  std::map<std::string, JobState> out;
  std::vector<std::string> ids;
  for (const auto& id : job_ids)
    if (std::regex_match(id, job_id_pattern()) &&
        std::find(ids.begin(), ids.end(), id) == ids.end())
      ids.push_back(id);
  if (ids.empty()) return out;
  const std::set<std::string> wanted(ids.begin(), ids.end());
  if (have("squeue")) {
    // -t all: also the jobs that ended within MinJobAge; unknown ids are left out of the answer.
    const CommandResult q = run_command(
        {"squeue", "--noheader", "--states=all", "--jobs=" + joined(ids), "--format=%i|%T"},
        kTimeoutMs);
    read_states(q.output, wanted, "squeue", out);
  }
  std::vector<std::string> rest;
  for (const auto& id : ids)
    if (!out.count(id)) rest.push_back(id);
  if (!rest.empty() && have("sacct")) {
    const CommandResult a = run_command({"sacct", "--noheader", "--allocations", "--parsable2",
                                         "--jobs=" + joined(rest), "--format=JobID,State"},
                                        kTimeoutMs);
    read_states(a.output, wanted, "sacct", out);
  }
  return out;
}

bool state_is_final(const std::string& state) {
  static const std::set<std::string> kLive = {
      "pending",     "running",      "configuring", "completing", "suspended", "requeued",
      "requeue_fed", "requeue_hold", "resizing",    "signaling",  "stage_out", "resv_del_hold"};
  return !state.empty() && !kLive.count(state);
}

std::string cancel(const std::string& job_id) {
  if (!std::regex_match(job_id, job_id_pattern()))
    return "\"" + job_id + "\" is not a Slurm job id";
  if (!have("scancel")) return "scancel is not installed here (not on PATH)";
  const CommandResult r = run_command({"scancel", job_id}, kTimeoutMs);
  if (r.timed_out) return "scancel did not answer (is slurmctld reachable?)";
  if (r.exit_code != 0) return "scancel " + job_id + " failed: " + last_words(r.output);
  return "";
}

}  // namespace d500::env::slurm
