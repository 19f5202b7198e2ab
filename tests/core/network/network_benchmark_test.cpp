// The network benchmark (issue 4, item 3) on a small MLP and the assembled reference executor:
// latency percentiles in order, a throughput and a forward+backward point per batch size, node
// times named after the graph's nodes, the slowest sorted, first call and memory recorded, a
// failing executor recorded without stopping the others, and everything stored.
#include "d500/network/network_benchmark.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "../../support/process.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "network_test_util.h"

using namespace d500;
using namespace d500::network;

namespace {

Graph mlp_graph(int64_t batch, bool with_loss = false) {
  onnx::MlpSpec spec{.inputs = 32, .hidden = {24, 16}, .classes = 6};
  auto bytes = onnx::build_mlp(spec, {.seed = 3, .batch = 0, .with_loss = with_loss});
  if (!bytes) throw D500Error(bytes.error());
  auto model = onnx::Model::parse(*bytes, "mlp");
  if (!model) throw D500Error(model.error());
  auto g = Graph::from_model(*model, {.batch = batch});
  if (!g) throw D500Error(g.error());
  return std::move(g).value();
}

ExecutorFactory mlp_factory(bool with_loss = false) {
  return [with_loss](int64_t batch, bool gradients) -> std::unique_ptr<NetworkExecutor> {
    ExecutorOptions o;
    o.allocate_gradients = gradients;
    return d500::test::make_executor(mlp_graph(batch, with_loss), o);
  };
}

NetworkBenchmarkOptions quick() {
  NetworkBenchmarkOptions o;
  o.batch_sizes = {1, 4, 8};
  o.policy.warmup_calls = 2;
  o.policy.min_samples = 10;
  o.policy.max_samples = 60;
  o.policy.max_seconds = 0.2;
  o.latency_min_samples = 40;
  o.seed = 7;
  return o;
}

const PointResult* find(const NetworkBenchmarkResult& r, const std::string& exec,
                        const std::string& subject) {
  for (const auto& p : r.points)
    if (p.executor == exec && p.subject == subject) return &p;
  return nullptr;
}

}  // namespace

TEST(NetworkBenchmark, PointsPercentilesAndNodes) {
  const NetworkBenchmarkOptions o = quick();
  std::vector<std::string> progress;
  BenchmarkCallbacks cb;
  size_t stored_points = 0;
  cb.progress = [&](size_t done, size_t total, const std::string& s) {
    EXPECT_LE(done, total);
    EXPECT_EQ(total, count_points(o));
    progress.push_back(s);
  };
  cb.on_point = [&](const std::vector<PointResult>& p, const std::vector<NodeTime>&) {
    stored_points += p.size();
  };
  auto r = run_network_benchmark({{"reference", mlp_factory()}}, o, cb);
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  EXPECT_FALSE(r.cancelled);
  // latency b=1; throughput b=1 (from the latency pass), 4, 8; fwd+bwd 1, 4, 8.
  EXPECT_EQ(count_points(o), 6u);
  EXPECT_EQ(progress.size(), 6u);
  EXPECT_EQ(r.points.size(), 7u);
  EXPECT_EQ(stored_points, 7u);

  const PointResult* lat = find(r, "reference", "latency b=1");
  ASSERT_NE(lat, nullptr);
  const auto& s = lat->m.summary;
  EXPECT_GE(s.n, 40u);  // latency_min_samples, for a p99 that is not just the maximum
  EXPECT_LE(s.median, s.p90);
  EXPECT_LE(s.p90, s.p99);
  EXPECT_LE(s.p99, s.max);
  EXPECT_GT(lat->first_call_ns, 0);
  EXPECT_GE(lat->peak_rss_delta_bytes, 0);
  EXPECT_FALSE(lat->memory_method.empty());
  EXPECT_FALSE(lat->description.empty());

  for (int64_t b : o.batch_sizes) {
    const PointResult* t = find(r, "reference", "throughput b=" + std::to_string(b));
    ASSERT_NE(t, nullptr) << b;
    EXPECT_EQ(t->batch, b);
    EXPECT_EQ(t->derived, b == 1);
    EXPECT_NEAR(t->samples_per_s, b * 1e9 / t->m.summary.median, 1e-6 * t->samples_per_s);
    if (t->m.summary.ci_valid) {
      EXPECT_LE(t->samples_per_s_lo, t->samples_per_s);
      EXPECT_GE(t->samples_per_s_hi, t->samples_per_s);
    }
    const PointResult* fb = find(r, "reference", "fwd+bwd b=" + std::to_string(b));
    ASSERT_NE(fb, nullptr) << b;
    EXPECT_GT(fb->m.summary.n, 0u);
  }

  // Node times: the forward of the latency pass names every graph node once.
  Graph g = mlp_graph(1);
  std::set<std::string> graph_nodes;
  for (const auto& n : g.nodes()) graph_nodes.insert(n.name);
  std::set<std::string> fwd_nodes, bwd_nodes;
  for (const auto& t : r.nodes) {
    EXPECT_EQ(t.executor, "reference");
    EXPECT_EQ(t.samples_ns.size(), t.summary.n);
    EXPECT_TRUE(graph_nodes.count(t.name)) << t.name;
    EXPECT_EQ(g.nodes()[t.node].name, t.name);
    EXPECT_EQ(g.nodes()[t.node].op_type, t.op_type);
    if (t.group == "fwd b=1") fwd_nodes.insert(t.name);
    if (t.group == "fwd+bwd b=8" && t.pass == Pass::Backward) bwd_nodes.insert(t.name);
  }
  EXPECT_EQ(fwd_nodes, graph_nodes);
  EXPECT_FALSE(bwd_nodes.empty());
  double share = 0;
  for (const auto& t : r.nodes)
    if (t.group == "fwd b=1") share += t.share;
  EXPECT_NEAR(share, 1.0, 1e-9);

  auto slow = slowest_nodes(r.nodes, "reference", "fwd b=1");
  ASSERT_EQ(slow.size(), std::min<size_t>(5, graph_nodes.size()));
  for (size_t i = 1; i < slow.size(); ++i)
    EXPECT_GE(slow[i - 1].summary.median, slow[i].summary.median);
  // The slowest of all is first, whichever it is.
  for (const auto& t : r.nodes)
    if (t.group == "fwd b=1") {
      EXPECT_LE(t.summary.median, slow.front().summary.median);
    }
}

TEST(NetworkBenchmark, NamedLossAndAFailingExecutor) {
  NetworkBenchmarkOptions o = quick();
  o.latency = false;
  o.throughput = false;
  o.batch_sizes = {4};
  o.loss = "loss";
  ExecutorFactory broken = [](int64_t, bool) -> std::unique_ptr<NetworkExecutor> {
    throw D500Error("cannot build this one");
  };
  auto r = run_network_benchmark({{"good", mlp_factory(true)}, {"broken", broken}}, o);
  ASSERT_EQ(r.points.size(), 2u);
  const PointResult* good = find(r, "good", "fwd+bwd b=4");
  const PointResult* bad = find(r, "broken", "fwd+bwd b=4");
  ASSERT_TRUE(good && bad);
  EXPECT_TRUE(good->m.error.empty()) << good->m.error;
  EXPECT_GT(good->m.summary.n, 0u);
  EXPECT_EQ(bad->m.stop, measure::StopReason::Error);
  EXPECT_NE(bad->m.error.find("cannot build this one"), std::string::npos);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_NE(r.errors[0].find("broken"), std::string::npos);
  // Node times of the training pass only for the executor that runs.
  for (const auto& t : r.nodes) EXPECT_EQ(t.executor, "good");
  EXPECT_FALSE(r.nodes.empty());

  // A loss that is not an output is that point's error, not a crash.
  o.loss = "nosuch";
  auto r2 = run_network_benchmark({{"good", mlp_factory(true)}}, o);
  ASSERT_EQ(r2.errors.size(), 1u);
  EXPECT_NE(r2.errors[0].find("nosuch"), std::string::npos) << r2.errors[0];
}

TEST(NetworkBenchmark, StoresRowsWithSamplesAndMemory) {
  d500::test::TempDir dir;
  auto st = store::ResultStore::open(dir.file("t.d500db"), store::ResultStore::Mode::ReadWrite);
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  store::RunInfo run;
  run.name = "net";
  run.level = "network";
  const int64_t id = (*st)->create_run(run);
  NetworkBenchmarkOptions o = quick();
  o.batch_sizes = {2};
  BenchmarkCallbacks cb;
  cb.on_point = [&](const auto& p, const auto& n) {
    store_benchmark_results(**st, id, p, n, o.policy);
  };
  auto r = run_network_benchmark({{"reference", mlp_factory()}}, o, cb);
  ASSERT_TRUE(r.errors.empty());
  std::set<std::string> subjects;
  for (const auto& m : (*st)->measurements(id)) {
    subjects.insert(m.subject);
    EXPECT_EQ(m.implementation, "reference");
    EXPECT_EQ((*st)->samples(m.id).size(), static_cast<size_t>(m.n)) << m.subject;
    if (m.subject == "latency b=1") {
      EXPECT_GT(m.first_call_ns, 0);
      EXPECT_LE(m.median, m.p99);
      EXPECT_EQ(m.unit, "ns");
    }
    EXPECT_EQ(m.unit, "ns") << m.subject;
  }
  for (const char* s : {"latency b=1", "throughput b=2", "fwd+bwd b=2"})
    EXPECT_TRUE(subjects.count(s)) << s;
  // Peak memory in the series: one point per measured (not derived) point, batch as the step.
  std::map<std::string, int64_t> memory;
  for (const auto& p : (*st)->series_after(id, 0, 100)) {
    memory[p.name] = p.step;
    EXPECT_GE(p.value, 0) << p.name;
  }
  EXPECT_EQ(memory.size(), 3u);
  EXPECT_EQ(memory["peak_rss_delta_bytes latency reference"], 1);
  EXPECT_EQ(memory["peak_rss_delta_bytes throughput reference"], 2);
  EXPECT_EQ(memory["peak_rss_delta_bytes fwd+bwd reference"], 2);
  const Graph g = mlp_graph(1);
  const Node& first = g.nodes()[g.order().front()];
  EXPECT_TRUE(subjects.count("node " + first.name + " (" + first.op_type + ") fwd b=1"));
  EXPECT_TRUE(subjects.count("node " + first.name + " (" + first.op_type + ") bwd b=2"));
  EXPECT_FALSE((*st)->logs(id).empty());  // the executor's description and memory method
}

TEST(NetworkBenchmark, PeakMemorySeesAnAllocation) {
  PeakMemory mem;
  if (mem.method().find("lower bound") != std::string::npos)
    GTEST_SKIP() << "this kernel does not let the peak be reset: " << mem.method();
  {
    std::vector<char> big(64 << 20, 1);  // touched: resident
    volatile char c = big[big.size() / 2];
    (void)c;
  }
  EXPECT_GE(mem.delta_bytes(), 60 << 20) << mem.method();
}
