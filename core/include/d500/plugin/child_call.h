// Running plugin code in a forked child process (issue 15, "isolation of plugin code"): a crash,
// an abort, an exit or a hang in it ends the child, not the caller, and is reported in words.
// Used to load plugins that are not shipped with d500 (probe_isolated) and to measure operator
// implementations in a process of their own (core/operators, "isolation": "process").
//
// The child is a fork without exec: it sees the caller's memory (loaded plugins, inputs) as it
// was at the fork, and only the forking thread. Plugins that started threads or a GPU context
// in the caller before the fork may not work in it; those are best measured in-process.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace d500::plugin {

struct ChildOptions {
  // From the fork to the end of the reply; past it the child is killed with SIGKILL.
  std::chrono::milliseconds deadline{std::chrono::seconds(30)};
  // Polled while waiting (and on EINTR): once set, the child gets SIGTERM (the caller's handlers,
  // which it inherits, may turn that into an orderly stop and a reply) and SIGKILL after `grace`.
  const std::atomic<bool>* cancel = nullptr;
  std::chrono::milliseconds grace{std::chrono::seconds(2)};
  // Files the child must not touch (the result store): it closes its copies of descriptors open
  // on them, or on a file whose path extends one of them ("-wal", "-shm"), before `body` runs.
  std::vector<std::string> leave_alone;
};

struct ChildOutcome {
  bool reported = false;  // the body returned and its whole reply arrived
  std::string reply;      // the body's return value (when reported)
  // When not reported, how the child ended: "killed by SIGSEGV", "exited with status 0 before
  // reporting", "no result within 2.5 s: killed", "cancelled: killed", "failed: <exception>".
  std::string failure;
  int signal = 0;          // the signal that ended the child, 0 when it exited or was reaped late
  int exit_status = -1;    // its exit status when it exited
  bool timed_out = false;  // killed at the deadline
  bool cancelled = false;  // `cancel` was set while it ran (reported or not)
};

// Forks; the child runs `body` and writes what it returns to a pipe, then leaves with _exit(0)
// (no atexit handlers, no stdio flush: those belong to the caller). A body that calls exit()
// leaves with its status, also without running the caller's handlers. The caller's stdio is
// flushed before the fork so nothing buffered is printed twice. Never throws for a failing child;
// a failing fork or pipe is reported as `failure`.
ChildOutcome call_in_child(const std::function<std::string()>& body, const ChildOptions& options);

// "SIGSEGV", or "signal 42" for one without a name.
std::string signal_name(int sig);

}  // namespace d500::plugin
