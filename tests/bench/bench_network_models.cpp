// Issue 14 benchmark: three real models exported from PyTorch with random weights
// (tests/models/export_models.py: torchvision's ResNet-18 and MobileNetV2 at 3x64x64, a
// two-layer torch.nn.TransformerEncoder at 8x32), inference latency at batch 1 and throughput at
// batch 16. d500's torch executor (ONNX graph -> C ABI -> the plugin's ATen calls) against the
// same module at the same weights traced by torch.jit.trace, frozen (BatchNorm folded into the
// convolutions, as the ONNX exporter folds it) and run by LibTorch in a bare loop in the same
// process (torch::jit::load, graph optimisation off: the traced ATen ops one after another, as
// eager PyTorch runs them), measured interleaved by the same protocol, both under InferenceMode.
// Goal: ratio <= 1.03. The reference executor's time is printed beside it as a reference only.
// Prints a table; not a pass/fail test.
//
// Usage: bench_network_models [--quick] [--nodes] [MODELS_DIR]
//   MODELS_DIR  where the models are (exported there by export_models.py on the first run;
//               default build/tests/bench/models)
//   --quick     a smoke run: short measurements
//   --nodes     also the five slowest nodes of d500's torch executor at every point, and the
//               time of a pass outside its nodes (the executor's own per-call cost)
#include <c10/core/InferenceMode.h>
#include <torch/csrc/jit/runtime/graph_executor.h>
#include <torch/script.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "d500/measure/loop.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/tensor_file.h"
#include "torch_bench_setup.h"

using namespace d500;
namespace fs = std::filesystem;

namespace {

struct ModelCase {
  const char* name;   // export_models.py's name
  const char* label;  // for the table
};
const ModelCase kModels[] = {{"resnet18", "ResNet-18 3x64x64"},
                             {"mobilenet_v2", "MobileNetV2 3x64x64"},
                             {"transformer_encoder", "TransformerEncoder 2x(8x32)"}};
const int64_t kBatches[] = {1, 16};

// Exports the models at each batch size into DIR/b<batch> unless they are there and newer than
// the script; false when they cannot be (the reason printed as "skipped: ...").
bool ensure_models(const fs::path& dir) {
  const fs::path script = D500_EXPORT_SCRIPT;
  std::string names;
  for (const auto& m : kModels) names += std::string(names.empty() ? "" : ",") + m.name;
  for (int64_t b : kBatches) {
    const fs::path out = dir / ("b" + std::to_string(b));
    const fs::path stamp = out / ".exported";
    std::error_code ec;
    if (fs::exists(stamp) && fs::last_write_time(stamp, ec) >= fs::last_write_time(script, ec))
      continue;
    fs::create_directories(out, ec);
    const std::string log = (out / "export.log").string();
    const std::string cmd = std::string(D500_PYTHON3) + " " + script.string() + " " + out.string() +
                            " --only " + names + " --batch " + std::to_string(b) +
                            " --torchscript > " + log + " 2>&1";
    std::printf("exporting the models at batch %lld into %s ...\n", static_cast<long long>(b),
                out.string().c_str());
    std::fflush(stdout);
    const int rc = std::system(cmd.c_str());
    const int code = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    if (code != 0) {
      std::printf("skipped: export_models.py exited with %d (%s)%s\n", code, log.c_str(),
                  code == 77 ? ": python3-torch or python3-torchvision missing" : "");
      return false;
    }
    std::FILE* f = std::fopen(stamp.c_str(), "w");
    if (f) std::fclose(f);
  }
  return true;
}

class ExecutorSubject : public measure::Subject {
 public:
  explicit ExecutorSubject(network::NetworkExecutor& ex) : ex_(ex) {}
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) ex_.forward();
  }

 private:
  network::NetworkExecutor& ex_;
};

// The traced module in a bare loop.
class ScriptSubject : public measure::Subject {
 public:
  ScriptSubject(torch::jit::Module& m, at::Tensor x) : m_(m), in_{std::move(x)} {}
  void run(uint64_t n) override {
    c10::InferenceMode guard;
    for (uint64_t i = 0; i < n; ++i) out_ = m_.forward(in_).toTensor();
  }
  const at::Tensor& output() const { return out_; }

 private:
  torch::jit::Module& m_;
  std::vector<c10::IValue> in_;
  at::Tensor out_;
};

std::string ms_ci(const stats::Summary& s) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f [%.3f, %.3f]", s.median / 1e6, s.ci_lo / 1e6, s.ci_hi / 1e6);
  return buf;
}

// Per-node times of `reps` forward passes (node events, steady clock): the five slowest nodes
// by median and the median pass time outside every node.
void print_nodes(network::NetworkExecutor& ex, int reps) {
  using clock = std::chrono::steady_clock;
  std::vector<std::vector<double>> per_node;  // [node][rep] ns
  std::vector<std::string> labels;
  std::vector<double> outside;
  clock::time_point start, pass_start;
  double in_nodes = 0;
  ex.set_node_callback([&](const network::NodeEvent& e) {
    const auto now = clock::now();
    if (!e.after) return void(start = now);
    if (e.node >= per_node.size()) per_node.resize(e.node + 1), labels.resize(e.node + 1);
    const double ns = std::chrono::duration<double, std::nano>(now - start).count();
    per_node[e.node].push_back(ns);
    if (labels[e.node].empty()) labels[e.node] = *e.name + " (" + *e.op_type + ")";
    in_nodes += ns;
  });
  for (int r = 0; r < reps; ++r) {
    in_nodes = 0;
    pass_start = clock::now();
    ex.forward();
    outside.push_back(std::chrono::duration<double, std::nano>(clock::now() - pass_start).count() -
                      in_nodes);
  }
  ex.set_node_callback({});
  auto median = [](std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
  };
  std::vector<std::pair<double, size_t>> order;
  for (size_t i = 0; i < per_node.size(); ++i)
    if (!per_node[i].empty()) order.push_back({median(per_node[i]), i});
  std::sort(order.rbegin(), order.rend());
  double sum = 0;
  for (auto& [t, i] : order) sum += t;
  std::printf("    %zu nodes, %.3f ms in nodes (sum of medians), %.3f ms per pass outside them\n",
              order.size(), sum / 1e6, median(outside) / 1e6);
  for (size_t k = 0; k < std::min<size_t>(5, order.size()); ++k)
    std::printf("      %8.3f ms  %s\n", order[k].first / 1e6, labels[order[k].second].c_str());
}

struct Options {
  bool quick = false, nodes = false;
  fs::path dir = D500_BENCH_MODELS_DIR;
};

// One model at one batch size: one table row (false on an error, printed).
bool run_point(const ModelCase& mc, int64_t batch, const Options& o,
               const plugin::PluginManager& pm, const measure::TimerInfo& timer, int& met) {
  const fs::path folder = o.dir / ("b" + std::to_string(batch)) / mc.name;
  auto fail = [&](const std::string& what) {
    std::fprintf(stderr, "%s b%lld: %s\n", mc.name, static_cast<long long>(batch), what.c_str());
    return false;
  };
  auto graph = network::Graph::load((folder / "model.onnx").string());
  if (!graph) return fail(graph.error().to_string());
  auto x = onnx::read_tensor_file((folder / "test_data_set_0" / "input_0.pb").string());
  if (!x) return fail(x.error().to_string());
  network::ExecutorOptions timing;
  timing.allocate_gradients = false;
  timing.keep_intermediates =
      false;  // temporaries freed after their last reader, as in TorchScript
  auto torch_ex = network::make_executor("torch", graph->clone(), pm, timing);
  if (!torch_ex) return fail(torch_ex.error().to_string());
  auto ref_ex = network::make_executor("reference", std::move(graph).value(), pm);
  if (!ref_ex) return fail(ref_ex.error().to_string());
  const std::string in = (*torch_ex)->input_names().at(0), out = (*torch_ex)->output_names().at(0);
  (*torch_ex)->set_input(in, *x);
  (*ref_ex)->set_input(in, *x);

  torch::jit::Module script = torch::jit::load((folder / "model.pt").string());
  script.eval();
  at::Tensor xt = torch::from_blob(const_cast<void*>(x->data()), x->shape(), torch::kFloat).clone();
  ScriptSubject bare(script, xt);
  bare.run(1);
  (*torch_ex)->forward();
  const Tensor& y = (*torch_ex)->output(out);
  at::Tensor yt = torch::from_blob(const_cast<void*>(y.data()), y.shape(), torch::kFloat);
  const double diff = (yt - bare.output()).abs().max().item<double>();

  measure::Policy policy;
  policy.target_rel_ci = 0.005;
  policy.min_samples = o.quick ? 10 : 30;
  policy.max_seconds = o.quick ? 1.5 : 15;
  policy.warmup_calls = o.quick ? 3 : 10;
  ExecutorSubject a(**torch_ex);
  std::vector<measure::Subject*> subjects{&a, &bare};
  auto ms = measure::measure_interleaved(subjects, policy, 500 + batch, timer);
  measure::Policy ref_policy = policy;
  ref_policy.min_samples = o.quick ? 3 : 10;
  ref_policy.max_seconds = o.quick ? 1 : 10;
  ref_policy.warmup_calls = 1;
  ExecutorSubject r(**ref_ex);
  auto mr = measure::measure(r, ref_policy, timer);

  const double ratio = ms[0].summary.median / ms[1].summary.median;
  met += ratio <= 1.03;
  std::printf("%-28s %5lld %28s %10.3f %8.4f %7s %9.0f %11.3f %9.1e\n", mc.label,
              static_cast<long long>(batch), ms_ci(ms[0].summary).c_str(),
              ms[1].summary.median / 1e6, ratio, ratio <= 1.03 ? "met" : "MISSED",
              batch * 1e9 / ms[0].summary.median, mr.summary.median / 1e6, diff);
  std::fflush(stdout);
  if (o.nodes) print_nodes(**torch_ex, o.quick ? 20 : 100);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bench::use_runner_allocator(argv);
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--quick")
      o.quick = true;
    else if (a == "--nodes")
      o.nodes = true;
    else if (!a.empty() && a[0] != '-')
      o.dir = a;
    else {
      std::fprintf(stderr,
                   "bench_network_models: unknown option '%s' (--quick, --nodes, MODELS_DIR)\n",
                   a.c_str());
      return 2;
    }
  }
  plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  if (!bench::load_torch_plugin(pm)) return 1;
  pm.load({"reference"});
  if (!ensure_models(o.dir)) return 0;
  torch::jit::setGraphExecutorOptimize(false);
  std::printf(
      "bare: the same module traced and frozen, run by LibTorch (TorchScript, optimisation off)\n");
  std::printf("reference: d500's reference executor, for reference only (not the goal)\n\n");
  std::printf("%-28s %5s %28s %10s %8s %7s %9s %11s %9s\n", "model", "batch",
              "d500 torch ms [95% CI]", "bare ms", "ratio", "goal", "d500 /s", "reference ms",
              "max|diff|");
  const auto timer = measure::calibrate_timer();
  int met = 0, points = 0;
  for (const auto& mc : kModels)
    for (int64_t b : kBatches) {
      ++points;
      if (!run_point(mc, b, o, pm, timer, met)) return 1;
    }
  std::printf("\ngoal ratio <= 1.03 (d500 torch / bare): met at %d of %d points%s\n", met, points,
              o.quick ? " (--quick: a smoke run, not a measurement)" : "");
  return 0;
}
