// `d500 list`: the store's runs ranked on agreed workloads (core/ranking ranking.h).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "commands.h"
#include "d500/json_input.h"
#include "d500/ranking/ranking.h"

namespace d500::cli {

namespace {

// The points of a problem list file ({"d500_problems": 1, "name", "points": [...]}).
std::vector<nlohmann::json> read_problems(const std::string& path, std::string* name) {
  std::ifstream in(path);
  if (!in) throw CliError{kBadInput, path + ": cannot read the problem list"};
  auto j = nlohmann::json::parse(in, nullptr, false);
  if (!j.is_object() || !j.contains("points") || !j["points"].is_array())
    throw CliError{kBadInput, path + ":$.points: expected a problem list with an array of points"};
  *name = j.value("name", std::filesystem::path(path).stem().string());
  std::vector<nlohmann::json> out;
  for (const auto& p : j["points"])
    if (p.is_object()) out.push_back(p);
  return out;
}

}  // namespace

int cmd_list(const GlobalOptions& g, const ListOptions& o) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  ranking::ListPage page;
  page.store = g.db;
  std::vector<nlohmann::json> problems;
  if (!o.problems.empty()) problems = read_problems(o.problems, &page.problems_name);
  page.training = ranking::training_lists(*s, o.recipe);
  if (o.recipe.empty()) page.throughput = ranking::throughput_lists(*s, problems);
  if (!o.recipe.empty() && page.training.empty())
    throw CliError{kBadInput, "no run in " + g.db + " follows a recipe named \"" + o.recipe + "\""};
  if (!o.html.empty()) {
    write_text_file(o.html, ranking::render_html(page, ""));
    // Each listed run's page beside the list, where its links point.
    const auto folder = std::filesystem::absolute(o.html).parent_path();
    std::set<int64_t> ids;
    for (const auto& l : page.training)
      for (const auto* part : {&l.ranked, &l.apart})
        for (const auto& e : *part) ids.insert(e.run.id);
    for (const auto& l : page.throughput)
      for (const auto* part : {&l.ranked, &l.apart})
        for (const auto& e : *part) ids.insert(e.run.id);
    for (int64_t id : ids)
      write_text_file((folder / ("run-" + std::to_string(id) + ".html")).string(),
                      ranking::render_run_html(*s, *s->run(id)));
    std::cerr << "d500: wrote " << printable(o.html) << " and " << ids.size()
              << " run pages beside it\n";
  }
  if (o.csv && !o.report.format.empty() && o.report.format != "csv")
    throw CliError{kUsage, "list: --csv and --format " + o.report.format + " exclude each other"};
  const bool csv = o.csv || o.report.format == "csv";
  if (csv || o.html.empty() || !o.report.output.empty() || !o.report.format.empty())
    write_report(csv ? ranking::list_table(page) : ranking::list_report(page),
                 {csv ? "csv" : o.report.format, o.report.output});
  return kOk;
}

}  // namespace d500::cli
