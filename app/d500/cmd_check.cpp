// `d500 check FILE`: the runner's verdict on an experiment without running it (check_experiment,
// the function `d500 run` calls before it records a run, and the studio's Problems pane lists).
#include <filesystem>
#include <iostream>

#include "commands.h"
#include "d500/check/check_experiment.h"
#include "d500/json_input.h"

namespace d500::cli {

int cmd_check(const GlobalOptions& g, const CheckCommandOptions& o) {
  spec::Problems problems;
  auto doc = read_json_file(o.file);
  if (!doc) {
    problems.push_back({"$", doc.error().to_string()});
  } else {
    check::CheckOptions co;
    co.base_dir =
        o.base_dir.empty() ? std::filesystem::path(o.file).parent_path().string() : o.base_dir;
    if (o.check_store) co.store_path = g.db;
    auto pm = make_plugin_manager(g);
    problems = check::check_experiment(*doc, o.file, pm.get(), co);
  }
  if (g.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& p : problems) list.push_back({{"path", p.path}, {"message", p.message}});
    std::cout << nlohmann::json{{"ok", problems.empty()}, {"problems", list}}.dump(2) << "\n";
  } else if (problems.empty()) {
    std::cout << "ok: the runner will accept this experiment\n";
  } else {
    for (const auto& p : problems)
      std::cout << printable(o.file + ":" + p.path + ": " + p.message, true) << "\n";
  }
  return problems.empty() ? kOk : kBadInput;
}

}  // namespace d500::cli
