#include "d500/check/check_experiment.h"

#include <unistd.h>

#include <filesystem>

#include "level_checks.h"

namespace d500::check {

namespace {

namespace fs = std::filesystem;

using LevelCheck = spec::Problems (*)(const LevelInput&);

struct LevelEntry {
  const char* name;
  LevelCheck check;
};

constexpr LevelEntry kLevels[] = {{"operator", &check_operator_level},
                                  {"network", &check_network_level},
                                  {"training", &check_training_level},
                                  {"distributed", &check_distributed_level},
                                  {"collective", &check_collective_level}};

// The run opens (or creates) the store before anything else: a folder that is not there, or a
// name taken by a folder, refuses it.
spec::Problems check_store(const std::string& path) {
  std::error_code ec;
  const fs::path p(path);
  const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  const std::string why = " (the run would write its results to \"" + path + "\")";
  if (!fs::is_directory(dir, ec))
    return {{"$", "the store's folder \"" + dir.string() + "\" does not exist" + why}};
  if (fs::exists(p, ec) && !fs::is_regular_file(p, ec))
    return {{"$", "the store \"" + path + "\" is not a file" + why}};
  if (!fs::exists(p, ec) && ::access(dir.c_str(), W_OK) != 0)
    return {{"$", "the store's folder \"" + dir.string() + "\" is not writable" + why}};
  return {};
}

}  // namespace

spec::Problems check_experiment(const spec::Experiment& e, const std::string& source,
                                plugin::PluginManager* plugins, const CheckOptions& options) {
  spec::Problems out;
  if (!options.store_path.empty()) out = check_store(options.store_path);
  for (const LevelEntry& level : kLevels) {
    if (e.level != level.name) continue;
    for (auto& p : level.check(LevelInput{e, source, options.base_dir, plugins}))
      out.push_back(std::move(p));
    return out;
  }
  out.push_back({"$.level", "level \"" + e.level + "\" is not part of this build"});
  return out;
}

spec::Problems check_experiment(const nlohmann::json& doc, const std::string& source,
                                plugin::PluginManager* plugins, const CheckOptions& options) {
  auto e = spec::parse_experiment(doc, source, options.base_dir);
  if (!e) {
    spec::Problems out =
        options.store_path.empty() ? spec::Problems{} : check_store(options.store_path);
    for (auto& p : spec::problems_from_error(e.error(), source)) out.push_back(std::move(p));
    return out;
  }
  return check_experiment(*e, source, plugins, options);
}

}  // namespace d500::check
