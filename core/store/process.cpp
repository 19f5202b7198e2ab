#include "process.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <optional>
#include <sstream>

namespace d500::store::detail {
namespace {

std::string read_first_line(const std::string& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

std::string boot_id() {
  static const std::string id = read_first_line("/proc/sys/kernel/random/boot_id");
  return id;
}

// Fields of /proc/<pid>/stat after the command name, which is parenthesised and may itself
// contain spaces and parentheses; so split after the last ')'. Field 3 is the state, field 22
// the start time in clock ticks since boot. nullopt when the process does not exist.
struct ProcStat {
  char state = 0;
  std::string start_time;
};
std::optional<ProcStat> proc_stat(int64_t pid) {
  std::string line = read_first_line("/proc/" + std::to_string(pid) + "/stat");
  size_t close = line.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream rest(line.substr(close + 1));
  ProcStat ps;
  std::string field;
  for (int i = 3; i <= 22 && rest >> field; ++i) {
    if (i == 3) ps.state = field.empty() ? 0 : field[0];
    if (i == 22) ps.start_time = field;
  }
  return ps;
}

}  // namespace

std::string this_host() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return {};
  return buf;
}

// A pid alone is not an identity: pids are reused, and a reboot resets them all.
std::string process_identity(int64_t pid) {
  auto ps = proc_stat(pid);
  if (!ps || ps->start_time.empty()) return {};
  return boot_id() + ":" + ps->start_time;
}

// True only when we can tell for sure that the writer of a run is gone; anything we cannot
// check (no /proc, another user's process) counts as alive, so a live run is never cut short.
bool writer_gone(int64_t pid, const std::string& recorded) {
  if (pid <= 0) return false;
  size_t colon = recorded.rfind(':');
  std::string rec_boot = colon == std::string::npos ? "" : recorded.substr(0, colon);
  std::string rec_start = colon == std::string::npos ? "" : recorded.substr(colon + 1);
  if (!rec_boot.empty() && !boot_id().empty() && rec_boot != boot_id()) return true;
  if (kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) return true;
  auto ps = proc_stat(pid);
  if (!ps) return false;
  if (ps->state == 'Z' || ps->state == 'X') return true;  // exited, not yet reaped
  return !rec_start.empty() && !ps->start_time.empty() && ps->start_time != rec_start;
}

std::string interrupted_reason(int64_t pid) {
  return "the runner (pid " + std::to_string(pid) + ") ended without finishing the run";
}

}  // namespace d500::store::detail
