// Environment capture (measurement.md, "Provenance"): what machine and software produced a number.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace d500::env {

struct PluginVersion {
  std::string name;
  std::string version;
  std::string wraps;  // the library it wraps and its version, "" for none
};

struct CaptureOptions {
  std::vector<PluginVersion> plugins;  // the plugins loaded for the run
  std::string checkout_dir;            // where to look for a git checkout ("" = current folder)
};

// Captures CPU model and count, frequency governor, memory, OS and kernel, compiler and build
// type, d500's version, each plugin's version and wrapped library, the BLAS in use, thread counts,
// behaviour-changing environment variables and the git revision of a checkout. Deterministic for
// one machine and setup (no timestamps), so its hash identifies the environment.
nlohmann::json capture(const CaptureOptions& options);

// The keys whose values differ between two environments, as "path: a -> b" lines.
std::vector<std::string> diff(const nlohmann::json& a, const nlohmann::json& b);

}  // namespace d500::env
