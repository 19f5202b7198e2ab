// Rerun to confirm: plan the blocks, run them, judge, store the verdict.
#include "d500/run/confirm_change.h"

#include <chrono>
#include <random>

#include "d500/error.h"
#include "d500/history/history.h"
#include "d500/ranking/ranking.h"
#include "d500/report/format.h"

namespace d500::run {

namespace {

struct Side {
  store::RunInfo run;
  spec::Experiment experiment;
};

Side side_of(const store::ResultStore& s, int64_t id) {
  const auto run = s.run(id);
  if (!run) throw Failure{kBadInput, "no run " + std::to_string(id) + " in " + s.path()};
  if (run->level != "operator" && run->level != "network")
    throw Failure{kBadInput, "run " + std::to_string(id) + " is a " + run->level +
                                 " run; only operator and network runs have change points"};
  const std::string where = "run " + std::to_string(id) + " in " + s.path();
  if (run->spec_json.empty())
    throw Failure{kBadInput, where +
                                 " has no stored experiment to rerun (it was imported or "
                                 "written by another tool)"};
  return {*run, stored_experiment(*run, s.path())};
}

// "AB BA AB ...": each block's order by a coin.
std::string plan(int blocks, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::bernoulli_distribution coin(0.5);
  std::string order;
  for (int b = 0; b < blocks; ++b) order += std::string(b ? " " : "") + (coin(rng) ? "BA" : "AB");
  return order;
}

int64_t rerun(const ConfirmRequest& req, const Side& side, char letter, const std::string& tag,
              Observer& observer) {
  if (req.cancel && req.cancel->load()) throw Failure{kCancelled, "cancelled; reruns kept"};
  Request r;
  r.experiment = side.experiment;
  r.spec_path = side.run.spec_path;
  r.source = std::string(history::kConfirmSource) + ": " + tag + " (" + letter + ")";
  r.name = side.run.name;
  r.db = req.db;
  r.plugin_path = req.plugin_path;
  r.program_dir = req.program_dir;
  r.rerun_of = side.run.id;
  r.cancel = req.cancel;
  const Result res = run_experiment(r, observer);
  if (res.code == kCancelled) throw Failure{kCancelled, "cancelled; reruns kept"};
  if (res.code != kOk)
    throw Failure{kRunFailed, "the rerun of run " + std::to_string(side.run.id) + " (run " +
                                  std::to_string(res.run_id) + ") failed: " + res.reason};
  return res.run_id;
}

}  // namespace

history::Confirmation confirm_change(const ConfirmRequest& req, Observer& observer) {
  if (req.blocks < history::min_blocks(req.alpha) || req.blocks > 100)
    throw Failure{kBadInput, "--blocks " + std::to_string(req.blocks) + ": between " +
                                 std::to_string(history::min_blocks(req.alpha)) +
                                 " (the fewest a sign test at alpha " +
                                 report::fixed(req.alpha, 3) + " can decide on) and 100"};
  Side a, b;
  {
    const auto s = open_store(req.db, store::ResultStore::Mode::ReadOnly);
    a = side_of(*s, req.before_run);
    b = side_of(*s, req.after_run);
  }
  history::Confirmation c;
  c.before_run = a.run.id;
  c.after_run = b.run.id;
  c.blocks = req.blocks;
  const uint64_t seed =
      req.seed ? req.seed
               : static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  c.order = plan(req.blocks, seed);
  const std::string tag = "runs " + std::to_string(a.run.id) + " -> " + std::to_string(b.run.id);
  for (char letter : c.order) {
    if (letter == ' ') continue;
    const int64_t id = rerun(req, letter == 'A' ? a : b, letter, tag, observer);
    (letter == 'A' ? c.a_runs : c.b_runs).push_back(id);
  }
  const auto s = open_store(req.db, store::ResultStore::Mode::ReadWrite);
  const auto first = s->run(c.a_runs.front());
  c.machine = history::machine_class(ranking::system_of(*s, *first, {}));
  c.confirmed_at = static_cast<double>(std::chrono::duration_cast<std::chrono::seconds>(
                                           std::chrono::system_clock::now().time_since_epoch())
                                           .count());
  try {
    history::judge_reruns(*s, c, req.alpha, seed);
  } catch (const D500Error& e) {
    throw Failure{kStoreError, e.what()};
  }
  const std::string text = history::to_json(c);
  s->add_artifact({0, c.after_run, history::kConfirmationArtifact, "application/json",
                   std::vector<uint8_t>(text.begin(), text.end())});
  return c;
}

}  // namespace d500::run
