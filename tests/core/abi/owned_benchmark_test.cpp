// The operator benchmark with outputs the plugin owns (ABI 1.3, issue 16 item 1): a real run into
// a store of an operator with forward_owned. Its calls are measured as a user's loop `y = op(x)`
// makes them (each result released once the next exists, so no more than a few are alive at
// once, and every one released), and the copy of the last outputs that validation needs is
// stored as a measurement of its own beside the operator's.
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "abi_fixtures.h"
#include "d500/operators/operator_benchmark.h"
#include "d500/store/result_store.h"

using namespace d500;
using d500::test::abi_plugins;
using d500::test::owned_counts;
using nlohmann::json;

TEST(OwnedBenchmark, CallsAreMeasuredAndTheCopyIsItsOwnMeasurement) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("d500_owned_bench_" + std::to_string(getpid()) + ".d500db");
  std::filesystem::remove(path);
  auto store =
      std::move(store::ResultStore::open(path.string(), store::ResultStore::Mode::ReadWrite))
          .value();
  store::RunInfo info;
  info.name = "owned";
  info.level = "operator";
  const int64_t run = store->create_run(info);
  json j{{"d500", 1},
         {"name", "owned"},
         {"level", "operator"},
         {"seed", 7u},
         {"operator",
          {{"op", "Twice"},
           {"domain", "ai.d500.fixture"},
           {"dtype", "float32"},
           {"inputs", {{4, "N"}}}}},
         {"implementations", {"fixture_owned"}},
         {"sweep", {{"N", {50, 64}}}},
         {"validate", {{"determinism", true}, {"backward", false}}},
         {"repetition", {{"min_samples", 10}, {"max_samples", 40}, {"max_seconds", 1}}}};
  auto e = spec::parse_experiment(j, "owned.json");
  ASSERT_TRUE(e.ok()) << e.error().to_string();
  auto impls = operators::resolve_implementations(*e, abi_plugins().operators());
  ASSERT_TRUE(impls.ok()) << impls.error().to_string();
  ASSERT_TRUE((*impls)[0]->has_forward_owned());
  const auto before = owned_counts();
  d500::test::owned_peak_live();  // counts from here
  auto summary = operators::run_operator_experiment(*e, *impls, nullptr, *store, run, {});
  EXPECT_EQ(summary.failed, 0u) << (summary.errors.empty() ? "" : summary.errors.front());
  const auto after = owned_counts();
  EXPECT_GT(after.made - before.made, 20);                                // many measured calls
  EXPECT_EQ(after.made - before.made, after.released - before.released);  // all released
  // The one being made, the previous call's, and the one kept for validation: not a block's worth.
  EXPECT_LE(d500::test::owned_peak_live(), 3);

  int ops = 0, copies = 0;
  for (const auto& m : store->measurements(run)) {
    ASSERT_TRUE(m.error.empty()) << m.error;
    const json p = json::parse(m.point_json);
    if (!p.contains("transfer")) {
      ++ops;
      EXPECT_GE(m.n, 10);
      EXPECT_GT(m.median, 0.0);
      continue;
    }
    ++copies;
    EXPECT_EQ(p["transfer"], "owned");
    EXPECT_NE(m.subject.find("[owned copy]"), std::string::npos) << m.subject;
    EXPECT_EQ(m.n, 1);
    EXPECT_EQ(m.bytes, 4 * 4 * p["N"].get<double>());
  }
  EXPECT_EQ(ops, 2);
  EXPECT_EQ(copies, 2);
  // The measured outputs were checked: run twice, the same (determinism), from the copy.
  int determinism = 0;
  for (const auto& v : store->validations(run)) {
    if (v.metric.find("determinism") == std::string::npos) continue;
    ++determinism;
    EXPECT_TRUE(v.passed) << v.detail;
  }
  EXPECT_EQ(determinism, 2);
  store.reset();
  std::filesystem::remove(path);
}
