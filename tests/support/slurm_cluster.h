// Test support: a real one-node Slurm (Debian's slurm-wlm 22.05 with munge) in a scratch folder,
// for tests that submit jobs with sbatch (issue 20). It writes its own munge key, munged socket
// and slurm.conf (MpiDefault=none, proctrack/linuxproc, task/none, select/cons_tres, one node
// "localhost" with this machine's CPUs, shared by up to 4 jobs), keeps state, spool, pid files and
// logs in the scratch folder, listens on free ports, waits (bounded) until the node is idle, and
// at the end cancels what is left and stops every daemon it started, by its pid. The daemons also
// die with the test process (PR_SET_PDEATHSIG), so a crashed test leaves none behind. Root only,
// like slurmd; missing() says why a machine cannot have one.
#pragma once

#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "process.h"

namespace d500::test {

class SlurmCluster {
 public:
  // Why no cluster can be started here, or "" when one can.
  static std::string missing() {
    for (const char* p : {"/usr/sbin/munged", "/usr/sbin/slurmctld", "/usr/sbin/slurmd",
                          "/usr/bin/sbatch", "/usr/bin/squeue", "/usr/bin/sinfo"})
      if (access(p, X_OK) != 0)
        return std::string(p) +
               " is not installed (Debian: slurm-wlm and munge; "
               "packaging/install-deps.sh installs them)";
    if (geteuid() != 0) return "slurmd needs root to start jobs";
    if (cpus() < 2) return "the 2-rank jobs need 2 CPUs, this machine has 1";
    return "";
  }

  SlurmCluster() = default;
  SlurmCluster(const SlurmCluster&) = delete;
  SlurmCluster& operator=(const SlurmCluster&) = delete;
  ~SlurmCluster() { stop(); }

  // Starts munged, slurmctld and slurmd; "" once the node is idle, else what went wrong (with the
  // daemons' logs' last lines).
  std::string start() {
    namespace fs = std::filesystem;
    for (const char* d : {"state", "spool", "log"}) fs::create_directories(dir_.file(d));
    write_key();
    const int ctld_port = free_port(), slurmd_port = free_port();
    conf_ = dir_.file("slurm.conf");
    std::ofstream(conf_) << "ClusterName=d500test\nSlurmctldHost=localhost\n"
                         << "SlurmUser=root\nSlurmdUser=root\n"
                         << "SlurmctldPort=" << ctld_port << "\nSlurmdPort=" << slurmd_port << "\n"
                         << "AuthType=auth/munge\nCredType=cred/munge\n"
                         << "AuthInfo=socket=" << socket() << "\n"
                         << "MpiDefault=none\nProctrackType=proctrack/linuxproc\n"
                         << "TaskPlugin=task/none\nSelectType=select/cons_tres\n"
                         << "SelectTypeParameters=CR_Core\n"
                         << "StateSaveLocation=" << dir_.file("state") << "\n"
                         << "SlurmdSpoolDir=" << dir_.file("spool") << "\n"
                         << "SlurmctldPidFile=" << dir_.file("slurmctld.pid") << "\n"
                         << "SlurmdPidFile=" << dir_.file("slurmd.pid") << "\n"
                         << "SlurmctldLogFile=" << dir_.file("log/slurmctld.log") << "\n"
                         << "SlurmdLogFile=" << dir_.file("log/slurmd.log") << "\n"
                         << "ReturnToService=2\nAccountingStorageType=accounting_storage/none\n"
                         << "JobAcctGatherType=jobacct_gather/none\nJobCompType=jobcomp/none\n"
                         // Finished jobs stay in squeue 10 minutes: the tests read their states.
                         << "MinJobAge=600\nKillWait=30\nSchedulerParameters=sched_interval=2\n"
                         << "NodeName=localhost CPUs=" << cpus() << " State=UNKNOWN\n"
                         << "PartitionName=d500 Nodes=localhost Default=YES MaxTime=INFINITE "
                            "State=UP OverSubscribe=FORCE:4\n";
    spawn({"/usr/sbin/munged", "-F", "--force", "--socket=" + socket(),
           "--key-file=" + dir_.file("munge.key"), "--pid-file=" + dir_.file("munged.pid"),
           "--log-file=" + dir_.file("log/munged.log"), "--seed-file=" + dir_.file("munged.seed")},
          "munged");
    if (!eventually([&] { return std::filesystem::exists(socket()); }, std::chrono::seconds(15)))
      return "munged did not create its socket within 15 s" + logs();
    spawn({"/usr/sbin/slurmctld", "-D", "-f", conf_}, "slurmctld");
    spawn({"/usr/sbin/slurmd", "-D", "-N", "localhost", "-f", conf_}, "slurmd");
    const bool idle = eventually(
        [&] {
          const auto r = run({"/usr/bin/sinfo", "--noheader", "--nodes=localhost", "--format=%t"},
                             dir_.path(), env());
          return r.exit_code == 0 && r.out.rfind("idle", 0) == 0;
        },
        std::chrono::seconds(60));
    return idle ? "" : "the node did not become idle within 60 s" + logs();
  }

  // Cancels the jobs left, then ends every daemon this started (SIGTERM, SIGKILL after 10 s).
  void stop() {
    if (pids_.empty()) return;
    run({"/usr/bin/scancel", "--quiet", "--partition=d500"}, dir_.path(), env());
    eventually(
        [&] {
          const auto r = run({"/usr/bin/squeue", "--noheader", "--format=%i"}, dir_.path(), env());
          return r.exit_code != 0 || r.out.empty();
        },
        std::chrono::seconds(30));
    for (auto it = pids_.rbegin(); it != pids_.rend(); ++it) {
      ::kill(*it, SIGTERM);
      const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
      while (waitpid(*it, nullptr, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > end) {
          ::kill(*it, SIGKILL);
          waitpid(*it, nullptr, 0);
          break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    }
    pids_.clear();
  }

  // What a client (sbatch, squeue, d500 job --submit) needs to reach this cluster.
  std::vector<std::string> env() const { return {"SLURM_CONF=" + conf_}; }
  const std::string& folder() const { return dir_.path(); }
  std::string logs() const {
    std::string out;
    for (const char* f : {"log/munged.log", "log/slurmctld.log", "log/slurmd.log", "munged.out",
                          "slurmctld.out", "slurmd.out"}) {
      std::string t = read_file(dir_.file(f));
      if (t.size() > 1500) t = "..." + t.substr(t.size() - 1500);
      if (!t.empty()) out += "\n--- " + std::string(f) + ":\n" + t;
    }
    return out;
  }

 private:
  static int cpus() {
    cpu_set_t set;
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
  }
  std::string socket() const { return dir_.file("munge.socket"); }

  void write_key() {
    std::random_device rd;
    std::string key(1024, '\0');
    for (char& c : key) c = static_cast<char>(rd());
    std::ofstream(dir_.file("munge.key"), std::ios::binary) << key;
    std::filesystem::permissions(dir_.file("munge.key"), std::filesystem::perms::owner_read);
  }

  // A port nothing listens on now (the kernel's choice for port 0).
  static int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = 0;
    if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
      port = ntohs(a.sin_port);
    close(fd);
    return port;
  }

  // A daemon in the foreground, its output in NAME.out, ended with this process if it dies.
  void spawn(const std::vector<std::string>& argv, const std::string& name) {
    const std::string out = dir_.file(name + ".out");
    const std::string conf = "SLURM_CONF=" + conf_;
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(127);
      const int fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(fd, 1);
      dup2(fd, 2);
      const int null = open("/dev/null", O_RDONLY);
      dup2(null, 0);
      putenv(const_cast<char*>(conf.c_str()));
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execv(args[0], args.data());
      _exit(127);
    }
    if (pid > 0) pids_.push_back(pid);
  }

  TempDir dir_;
  std::string conf_;
  std::vector<pid_t> pids_;
};

}  // namespace d500::test
