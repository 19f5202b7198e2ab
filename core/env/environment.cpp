#include "d500/env/environment.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "d500/build_info.h"
#include "gpu_info.h"

namespace d500::env {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string read_first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\t')) s.pop_back();
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return s.substr(i);
}

// Runs a command without a shell's help for quoting; used only for fixed git invocations.
std::string command_output(const std::string& cmd) {
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    std::array<char, 256> buf{};
    while (fgets(buf.data(), buf.size(), p)) out += buf.data();
    if (pclose(p) != 0) return {};
  }
  return trim(out);
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

json cpu_info() {
  json cpu;
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  std::set<std::string> flags_of_interest = {"avx",    "avx2", "avx512f", "fma",
                                             "sse4_2", "neon", "asimd"};
  std::vector<std::string> flags;
  while (std::getline(in, line)) {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
    if (key == "model name" && !cpu.contains("model")) cpu["model"] = value;
    if ((key == "flags" || key == "Features") && flags.empty()) {
      std::istringstream fs_(value);
      std::string f;
      while (fs_ >> f)
        if (flags_of_interest.count(f)) flags.push_back(f);
    }
  }
  if (!cpu.contains("model")) cpu["model"] = "unknown";
  cpu["logical_cpus"] = std::thread::hardware_concurrency();
  cpu["online_cpus"] = sysconf(_SC_NPROCESSORS_ONLN);
  cpu["simd"] = flags;
  std::string gov = read_first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  cpu["governor"] = gov.empty() ? "unavailable" : gov;
  std::string max_khz = read_first_line("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  if (!max_khz.empty()) cpu["max_mhz"] = std::stod(max_khz) / 1000.0;
  return cpu;
}

json memory_info() {
  json mem;
  std::ifstream in("/proc/meminfo");
  std::string key;
  long long kb = 0;
  std::string unit;
  while (in >> key >> kb >> unit) {
    if (key == "MemTotal:") mem["total_mib"] = kb / 1024;
    if (key == "SwapTotal:") mem["swap_mib"] = kb / 1024;
  }
  const char* tun = std::getenv("GLIBC_TUNABLES");
  mem["glibc_tunables"] = tun ? tun : "";
  return mem;
}

json os_info() {
  json os;
  utsname u{};
  if (uname(&u) == 0) {
    os["kernel"] = std::string(u.sysname) + " " + u.release;
    os["machine"] = u.machine;
  }
  std::ifstream in("/etc/os-release");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("PRETTY_NAME=", 0) == 0) {
      std::string v = line.substr(12);
      if (v.size() >= 2 && v.front() == '"') v = v.substr(1, v.size() - 2);
      os["distribution"] = v;
    }
  return os;
}

// The BLAS the system's libblas.so.3 resolves to (Debian alternatives), and any BLAS mapped in
// this process (a plugin may have loaded one).
json blas_info() {
  json blas;
  std::error_code ec;
  for (const char* link : {"/etc/alternatives/libblas.so.3-x86_64-linux-gnu",
                           "/etc/alternatives/libblas.so.3-aarch64-linux-gnu"}) {
    fs::path target = fs::read_symlink(link, ec);
    if (!ec) blas["system_libblas"] = target.string();
  }
  std::set<std::string> mapped;
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    auto slash = line.rfind('/');
    if (slash == std::string::npos) continue;
    std::string file = line.substr(slash + 1);
    for (const char* name : {"blas", "mkl", "dnnl", "blis"})
      if (file.find(name) != std::string::npos) mapped.insert(line.substr(line.find('/')));
  }
  blas["mapped"] = std::vector<std::string>(mapped.begin(), mapped.end());
  return blas;
}

json behaviour_env() {
  // Variables known to change how fast or how deterministically numerical code runs.
  static const char* kVars[] = {"OMP_NUM_THREADS",
                                "OMP_PROC_BIND",
                                "OMP_PLACES",
                                "MKL_NUM_THREADS",
                                "OPENBLAS_NUM_THREADS",
                                "OPENBLAS_CORETYPE",
                                "OPENBLAS_L2_SIZE",
                                "GOTO_NUM_THREADS",
                                "CUDA_VISIBLE_DEVICES",
                                "CUDA_LAUNCH_BLOCKING",
                                "CUBLAS_WORKSPACE_CONFIG",
                                "TORCH_CUDNN_V8_API_ENABLED",
                                "GLIBC_TUNABLES",
                                "LD_PRELOAD",
                                "MALLOC_ARENA_MAX",
                                "D500_PLUGIN_PATH",
                                "OMPI_COMM_WORLD_SIZE"};
  json env = json::object();
  for (const char* v : kVars)
    if (const char* val = std::getenv(v)) env[v] = val;
  return env;
}

json git_info(const std::string& dir) {
  std::string d = dir.empty() ? fs::current_path().string() : dir;
  std::string base = "git -C " + shell_quote(d) + " ";
  std::string rev = command_output(base + "rev-parse HEAD 2>/dev/null");
  if (rev.empty()) return nullptr;
  json g;
  g["revision"] = rev;
  g["dirty"] =
      !command_output(base + "status --porcelain --untracked-files=no 2>/dev/null").empty();
  g["toplevel"] = command_output(base + "rev-parse --show-toplevel 2>/dev/null");
  return g;
}

void diff_into(const json& a, const json& b, const std::string& path,
               std::vector<std::string>& out) {
  if (a.is_object() && b.is_object()) {
    std::set<std::string> keys;
    for (auto it = a.begin(); it != a.end(); ++it) keys.insert(it.key());
    for (auto it = b.begin(); it != b.end(); ++it) keys.insert(it.key());
    for (const auto& k : keys) {
      const json& av = a.contains(k) ? a[k] : json();
      const json& bv = b.contains(k) ? b[k] : json();
      diff_into(av, bv, path.empty() ? k : path + "." + k, out);
    }
    return;
  }
  if (a != b) out.push_back(path + ": " + a.dump() + " -> " + b.dump());
}

}  // namespace

json capture(const CaptureOptions& options) {
  json e;
  e["cpu"] = cpu_info();
  e["memory"] = memory_info();
  e["os"] = os_info();
  e["build"] = {{"d500_version", D500_VERSION_STRING},
                {"build_type", D500_BUILD_TYPE},
                {"compiler", D500_CXX_COMPILER}};
  json plugins = json::object();
  for (const auto& p : options.plugins)
    plugins[p.name] = {{"version", p.version}, {"wraps", p.wraps}};
  e["plugins"] = plugins;
  e["blas"] = blas_info();
  e["gpu"] = gpu_info();
  e["threads"] = {{"hardware_concurrency", std::thread::hardware_concurrency()}};
  e["env"] = behaviour_env();
  e["git"] = git_info(options.checkout_dir);
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  e["host"] = host;
  return e;
}

std::vector<std::string> diff(const json& a, const json& b) {
  std::vector<std::string> out;
  diff_into(a, b, "", out);
  return out;
}

}  // namespace d500::env
