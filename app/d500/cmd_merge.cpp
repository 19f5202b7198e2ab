// `d500 merge`, `export-run`, `import-run`: stores from many machines (core/store merge.h).
#include <filesystem>
#include <iostream>

#include "commands.h"
#include "d500/store/merge.h"

namespace d500::cli {

namespace {

store::MergeSummary merge_or_throw(const std::vector<std::string>& inputs, const std::string& out,
                                   const store::MergeOptions& o) {
  auto r = store::merge_stores(inputs, out, o);
  if (!r) throw CliError{kStoreError, r.error().to_string()};
  return r.value();
}

void print_summary(const GlobalOptions& g, const store::MergeSummary& s, const std::string& out) {
  if (g.json) {
    std::cout << nlohmann::json{{"output", out},
                                {"runs_seen", s.runs_seen},
                                {"runs_added", s.runs_added},
                                {"runs_present", s.runs_present},
                                {"environments_added", s.environments_added}}
                     .dump()
              << "\n";
    return;
  }
  std::cout << printable(out) << ": " << s.runs_added << " runs added, " << s.runs_present
            << " already there (same run identity), " << s.environments_added
            << " environments added\n";
}

}  // namespace

int cmd_merge(const GlobalOptions& g, const std::vector<std::string>& inputs,
              const std::string& output) {
  print_summary(g, merge_or_throw(inputs, output, {}), output);
  return kOk;
}

int cmd_export_run(const GlobalOptions& g, const std::string& run, const std::string& output) {
  int64_t id = 0;
  {
    auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
    id = require_run(*s, run).id;
  }
  store::MergeOptions o;
  o.only_runs = {id};
  o.replace_output = true;
  merge_or_throw({g.db}, output, o);
  if (!g.json)
    std::cout << "run " << id << " of " << printable(g.db) << " written to " << printable(output)
              << "\n";
  else
    std::cout << nlohmann::json{{"run", id}, {"output", output}}.dump() << "\n";
  return kOk;
}

int cmd_import_run(const GlobalOptions& g, const std::string& file) {
  {
    auto s = open_store(file, store::ResultStore::Mode::ReadOnly);
    if (s->runs().empty()) throw CliError{kBadInput, file + ": holds no run to import"};
  }
  print_summary(g, merge_or_throw({file}, g.db, {}), g.db);
  return kOk;
}

}  // namespace d500::cli
