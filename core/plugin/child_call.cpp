#include "d500/plugin/child_call.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace d500::plugin {

namespace {

using Clock = std::chrono::steady_clock;

// The reply's frame: a tag ('R' the body's value, 'E' the message of what it threw), the payload's
// length as 8 bytes, the payload. A frame that is not whole means the child died while writing.
constexpr size_t kHeader = 9;

std::string frame(char tag, const std::string& payload) {
  std::string f(kHeader, '\0');
  f[0] = tag;
  uint64_t n = payload.size();
  for (int i = 0; i < 8; ++i) f[1 + i] = static_cast<char>((n >> (8 * i)) & 0xff);
  return f + payload;
}

// True when `bytes` is exactly one whole frame; then tag and payload are set.
bool unframe(const std::string& bytes, char& tag, std::string& payload) {
  if (bytes.size() < kHeader) return false;
  uint64_t n = 0;
  for (int i = 0; i < 8; ++i) n |= uint64_t(static_cast<unsigned char>(bytes[1 + i])) << (8 * i);
  if (bytes.size() - kHeader != n) return false;
  tag = bytes[0];
  payload = bytes.substr(kHeader);
  return true;
}

void write_all(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

// Closes the descriptors (other than `keep`) open on a file whose path starts with one of
// `paths` (absolute, canonical).
void close_descriptors_on(const std::vector<std::string>& paths, int keep) {
  if (paths.empty()) return;
  DIR* dir = ::opendir("/proc/self/fd");
  if (!dir) return;
  std::vector<int> doomed;
  const int own = ::dirfd(dir);
  while (dirent* ent = ::readdir(dir)) {
    const int fd = std::atoi(ent->d_name);
    if (fd <= STDERR_FILENO || fd == own || fd == keep) continue;
    char target[4096];
    const std::string link = std::string("/proc/self/fd/") + ent->d_name;
    ssize_t n = ::readlink(link.c_str(), target, sizeof target - 1);
    if (n <= 0) continue;
    const std::string_view t(target, static_cast<size_t>(n));
    for (const auto& p : paths)
      if (t.substr(0, p.size()) == p) doomed.push_back(fd);
  }
  ::closedir(dir);
  for (int fd : doomed) ::close(fd);
}

[[noreturn]] void child_main(const std::function<std::string()>& body, int fd,
                             const std::vector<std::string>& leave_alone) {
  // Report a crash as the signal that caused it: undo handlers inherited from the caller, and
  // skip writing a core file nobody asked for.
  for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGPIPE}) ::signal(sig, SIG_DFL);
  rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  close_descriptors_on(leave_alone, fd);
  // Plugin code that calls exit() ends here first (exit runs handlers last registered first), so
  // the caller's own atexit handlers and static destructors (MPI, the store) never run in the
  // child; the status is kept for the report.
  ::on_exit(
      [](int status, void*) {
        std::fflush(nullptr);
        ::_exit(status);
      },
      nullptr);
  std::string out;
  try {
    out = frame('R', body());
  } catch (const std::exception& e) {
    out = frame('E', e.what());
  } catch (...) {
    out = frame('E', "an unknown exception");
  }
  write_all(fd, out);
  // _exit: the caller's atexit handlers, static destructors and buffered stdio are the caller's.
  ::_exit(0);
}

std::string seconds_text(std::chrono::milliseconds d) {
  std::ostringstream os;
  os << static_cast<double>(d.count()) / 1000.0;
  return os.str();
}

// The parent's side: reads the child's reply until EOF and reaps it, within the deadline.
class Waiter {
 public:
  Waiter(pid_t pid, int fd, const ChildOptions& o)
      : pid_(pid), fd_(fd), o_(o), deadline_(Clock::now() + o.deadline) {}

  ChildOutcome wait() {
    while (!(exited_ && fd_ < 0)) {
      check_cancel();
      if (Clock::now() >= deadline_) {
        kill_and_reap();
        break;
      }
      if (fd_ >= 0)
        read_some();
      else
        ::poll(nullptr, 0, 1);  // the pipe is closed but the child has not ended yet
      reap(WNOHANG);
      // A grandchild may hold the pipe open after the child is gone: take what is there.
      if (exited_ && fd_ >= 0 && !readable(0)) close_pipe();
    }
    close_pipe();
    return outcome();
  }

 private:
  void check_cancel() {
    if (cancel_sent_ || !o_.cancel || !o_.cancel->load()) return;
    cancel_sent_ = true;
    ::kill(pid_, SIGTERM);
    deadline_ = std::min(deadline_, Clock::now() + o_.grace);
  }
  bool readable(int timeout_ms) {
    pollfd p{fd_, POLLIN, 0};
    int r = ::poll(&p, 1, timeout_ms);
    return r > 0;
  }
  void read_some() {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now());
    const int slice = static_cast<int>(std::clamp<int64_t>(left.count(), 0, 100));
    if (!readable(slice)) return;  // timeout, or EINTR: the loop checks cancel and deadline
    char buf[65536];
    ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) return;
    if (n <= 0) return close_pipe();
    bytes_.append(buf, static_cast<size_t>(n));
  }
  void reap(int flags) {
    if (exited_) return;
    pid_t r;
    while ((r = ::waitpid(pid_, &status_, flags)) < 0 && errno == EINTR) {
    }
    // ECHILD: someone else reaped it (SIGCHLD ignored); nothing is left to wait for.
    if (r == pid_ || (r < 0 && errno == ECHILD)) exited_ = true;
  }
  void kill_and_reap() {
    if (!exited_) {
      ::kill(pid_, SIGKILL);
      killed_ = true;
      reap(0);
    }
  }
  void close_pipe() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  ChildOutcome outcome() const {
    ChildOutcome c;
    c.cancelled = cancel_sent_;
    char tag = 0;
    std::string payload;
    if (unframe(bytes_, tag, payload)) {
      if (tag == 'R') {
        c.reported = true;
        c.reply = std::move(payload);
        return c;
      }
      c.failure = "failed: " + payload;
      return c;
    }
    if (WIFSIGNALED(status_)) c.signal = WTERMSIG(status_);
    if (WIFEXITED(status_)) c.exit_status = WEXITSTATUS(status_);
    if (killed_ && cancel_sent_) {
      c.failure = "cancelled: killed";
    } else if (killed_) {
      c.timed_out = true;
      c.failure = "no result within " + seconds_text(o_.deadline) + " s: killed";
    } else if (c.signal) {
      c.failure = "killed by " + signal_name(c.signal);
    } else {
      c.failure = "exited with status " + std::to_string(c.exit_status) + " before reporting";
    }
    if (cancel_sent_ && !killed_) c.failure = "cancelled: " + c.failure;
    return c;
  }

  pid_t pid_;
  int fd_;
  const ChildOptions& o_;
  Clock::time_point deadline_;
  std::string bytes_;
  int status_ = 0;
  bool exited_ = false, killed_ = false, cancel_sent_ = false;
};

// Absolute, canonical, so that they compare with /proc/self/fd's links.
std::vector<std::string> canonical_paths(const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::error_code ec;
    auto c = std::filesystem::weakly_canonical(std::filesystem::absolute(p, ec), ec);
    if (!ec && !c.empty()) out.push_back(c.string());
  }
  return out;
}

}  // namespace

std::string signal_name(int sig) {
  if (const char* abbrev = sigabbrev_np(sig)) return std::string("SIG") + abbrev;
  return "signal " + std::to_string(sig);
}

ChildOutcome call_in_child(const std::function<std::string()>& body, const ChildOptions& options) {
  const std::vector<std::string> leave_alone = canonical_paths(options.leave_alone);
  ChildOutcome failed;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    failed.failure = std::string("could not start a child: pipe: ") + std::strerror(errno);
    return failed;
  }
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    failed.failure = std::string("could not start a child: fork: ") + std::strerror(errno);
    return failed;
  }
  if (pid == 0) {
    // A child never outlives its caller (a runner killed at a time limit leaves no plugin code
    // running, even one that ignores SIGTERM).
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    ::close(fds[0]);
    child_main(body, fds[1], leave_alone);
  }
  ::close(fds[1]);
  return Waiter(pid, fds[0], options).wait();
}

}  // namespace d500::plugin
