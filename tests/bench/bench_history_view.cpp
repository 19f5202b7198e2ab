// Benchmark for issue 31 (scale): a store of 10,000 operator runs in 1,000 series (10 runs each,
// 40 samples per run, a 10% shift in every tenth series). Figures: change-point detection over the
// whole store (history::series_of + overview, what `d500 history --changes` does; goal < 2 s) and
// the studio's History view opening on it (the tab built, its table filled and the first series
// drawn; goal < 1 s). Baseline measured in the same run: reading every run's measurements and raw
// samples through the store, which both must do at least once.
// Not a pass/fail test. Run: build/tests/bench/bench_history_view (offscreen by default).
#include <unistd.h>

#include <QApplication>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

#include "charts/chart_kind.h"
#include "charts/chart_tab.h"
#include "d500/history/overview.h"
#include "d500/store/result_store.h"

using Clock = std::chrono::steady_clock;
using d500::store::ResultStore;

namespace {

double seconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

void fill(const std::string& path) {
  auto s = std::move(ResultStore::open(path, ResultStore::Mode::ReadWrite)).value();
  const nlohmann::json env = {{"cpu", {{"model", "Bench CPU"}, {"logical_cpus", 2}}}};
  const int64_t env_id = s->put_environment(env.dump());
  std::mt19937_64 rng(3);
  std::normal_distribution<double> noise(0, 0.02);
  for (int run = 0; run < 10; ++run)
    for (int series = 0; series < 1000; ++series) {
      d500::store::RunInfo r;
      r.name = "exp" + std::to_string(series);
      r.level = "operator";
      r.environment_id = env_id;
      r.id = s->create_run(r);
      s->start_run(r.id);
      const double level = 1000.0 * (series % 10 == 0 && run >= 5 ? 1.1 : 1.0);
      std::vector<double> x;
      for (int k = 0; k < 40; ++k) x.push_back(level * (1 + noise(rng)));
      d500::store::MeasurementRow m;
      m.run_id = r.id;
      m.subject = "Gemm N=64";
      m.implementation = "reference/default";
      m.point_json = R"({"N":64})";
      m.n = 40;
      m.median = level;
      s->add_measurement(m, x);
      s->finish_run(r.id, d500::store::RunStatus::Succeeded, 0, "");
    }
}

}  // namespace

int main(int argc, char** argv) {
  if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
  QApplication app(argc, argv);
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("d500-bench-history-" + std::to_string(::getpid()) + ".d500db"))
                               .string();
  std::filesystem::remove(path);
  std::printf("writing 10,000 runs in 1,000 series...\n");
  fill(path);
  auto s = std::move(ResultStore::open(path, ResultStore::Mode::ReadOnly)).value();

  auto t0 = Clock::now();
  size_t samples = 0;
  for (const auto& r : s->runs())
    for (const auto& m : s->measurements(r.id)) samples += s->samples(m.id).size();
  const double baseline = seconds(Clock::now() - t0);

  t0 = Clock::now();
  const auto all = d500::history::series_of(*s, {});
  const auto rows = d500::history::overview(*s, all);
  const double detect = seconds(Clock::now() - t0);
  size_t changed = 0;
  for (const auto& r : rows) changed += r.found.changes.empty() ? 0 : 1;

  t0 = Clock::now();
  const auto* kind = d500::studio::ChartKindRegistry::studio().find(QStringLiteral("history"));
  std::unique_ptr<d500::studio::ChartTab> tab(kind->create(QString::fromStdString(path), {}));
  tab->resize(1100, 760);
  tab->show();
  QApplication::processEvents();
  const double view = seconds(Clock::now() - t0);

  std::printf("baseline: read %zu runs' measurements and %zu samples: %.3f s\n", s->runs().size(),
              samples, baseline);
  std::printf(
      "change points over %zu series (%zu with a change; 100 shifted): %.3f s = %.1fx "
      "baseline (goal < 2 s)\n",
      all.size(), changed, detect, detect / baseline);
  std::printf(
      "History view open (table, first series drawn): %.3f s = %.1fx baseline (goal < 1 s)\n", view,
      view / baseline);
  tab.reset();
  s.reset();
  std::filesystem::remove(path);
  return 0;
}
