// Test support: run a program with arguments (no shell), capture exit status, stdout and stderr.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace d500::test {

struct ProcessResult {
  int exit_code = -1;  // valid when signal == 0
  int signal = 0;      // the signal that ended it, 0 if it exited
  std::string out, err;
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A fresh empty folder under the system temp folder, removed by the destructor.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "d500-test-XXXXXX").string();
    path_ = mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Starts a child; its stdout/stderr go to files in `dir`.
class Process {
 public:
  Process(const std::vector<std::string>& argv, const std::string& dir,
          const std::vector<std::string>& extra_env = {}) {
    out_ = dir + "/stdout." + std::to_string(counter()++);
    err_ = out_ + ".err";
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    std::vector<std::string> env_storage;
    // extra_env replaces variables of the same name (NAME=value), rather than adding a second.
    auto name_of = [](const std::string& kv) { return kv.substr(0, kv.find('=') + 1); };
    for (char** e = environ; *e; ++e) {
      const std::string kv = *e;
      bool replaced = false;
      for (const auto& x : extra_env) replaced = replaced || name_of(x) == name_of(kv);
      if (!replaced) env_storage.push_back(kv);
    }
    for (const auto& e : extra_env) env_storage.push_back(e);
    std::vector<char*> envp;
    for (auto& e : env_storage) envp.push_back(e.data());
    envp.push_back(nullptr);
    if (posix_spawn(&pid_, args[0], &fa, nullptr, args.data(), envp.data()) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&fa);
  }
  pid_t pid() const { return pid_; }
  void kill(int sig) { ::kill(pid_, sig); }
  std::string stdout_so_far() const { return read_file(out_); }
  ProcessResult wait() {
    ProcessResult r;
    int status = 0;
    if (pid_ > 0 && waitpid(pid_, &status, 0) == pid_) {
      if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
      if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
    }
    r.out = read_file(out_);
    r.err = read_file(err_);
    return r;
  }

 private:
  static int& counter() {
    static int c = 0;
    return c;
  }
  pid_t pid_ = -1;
  std::string out_, err_;
};

inline ProcessResult run(const std::vector<std::string>& argv, const std::string& dir,
                         const std::vector<std::string>& extra_env = {}) {
  return Process(argv, dir, extra_env).wait();
}

// Waits until `pred` holds or `timeout` passes; returns whether it held.
template <class Pred>
bool eventually(Pred pred, std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
  auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (pred()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return pred();
}

}  // namespace d500::test
