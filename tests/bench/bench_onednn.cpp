// Bench (issue 18): the onednn plugin through d500 against the same oneDNN primitive in a bare
// loop, on the Conv and MatMul shapes of the problem lists (resources/problems: the 3x3 layers of
// deepbench_conv_3x3.json, the GEMMs of deepbench_gemm_train.json). d500's side is a real operator
// run (run_operator_experiment into a scratch store, validation off): its stored median, which
// leaves out the reorders to and from the ONNX layout (the plugin times them apart, and they are
// stored as "<point> [reorder]"). The bare side creates the primitive once from the same memory
// descriptors (format_tag::any, so oneDNN picks the same layouts), reorders its inputs once, and
// times blocks of execute + wait with the steady clock. Rounds alternate the two sides; medians
// over the rounds. Printed: both medians, their ratio (goal <= 1.01), the reorders per call as
// d500 stored them and as the same reorders take in a bare loop of whole calls (reorders in,
// convolution, reorder out), and the kernel. Nothing is asserted.
//
//   build/tests/bench/bench_onednn [--rounds R] [--quick]   (default 5 rounds; --quick: 1 round,
//                                                            first shape of each list)
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <oneapi/dnnl/dnnl.hpp>
#include <string>
#include <vector>

#include "d500/measure/stats.h"
#include "d500/operators/operator_benchmark.h"

using namespace d500;
using Clock = std::chrono::steady_clock;
using Dims = dnnl::memory::dims;
using nlohmann::json;

namespace {

using d500::stats::median;

// Median ns per call of `call` over blocks that last >= 2 ms each, for about `seconds`.
double bare_median_ns(const std::function<void()>& call, double seconds) {
  for (int i = 0; i < 5; ++i) call();
  auto block_ns = [&](int n) {
    const auto t0 = Clock::now();
    for (int i = 0; i < n; ++i) call();
    return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
  };
  int block = 1;
  while (block < (1 << 16) && block_ns(block) < 2e6) block *= 2;
  std::vector<double> per_call;
  const auto start = Clock::now();
  while (per_call.size() < 10 ||
         (per_call.size() < 300 &&
          std::chrono::duration<double>(Clock::now() - start).count() < seconds))
    per_call.push_back(block_ns(block) / block);
  return median(per_call);
}

dnnl::engine& engine() {
  static dnnl::engine e(dnnl::engine::kind::cpu, 0);
  return e;
}
dnnl::stream& stream() {
  static dnnl::stream s(engine());
  return s;
}

dnnl::memory filled(const dnnl::memory::desc& md) {
  dnnl::memory m(md, engine());
  auto* p = static_cast<float*>(m.get_data_handle());
  for (size_t i = 0; i < md.get_size() / sizeof(float); ++i)
    p[i] = static_cast<float>(i % 17) / 17.f - .5f;
  return m;
}

dnnl::memory::desc plain(const Dims& d, dnnl::memory::format_tag tag) {
  return dnnl::memory::desc(d, dnnl::memory::data_type::f32, tag);
}

struct Bare {
  double op_ns = 0, reorder_ns = 0;
  std::string kernel;
};

// The convolution as the plugin's convolution_direct makes it, executed on inputs already in its
// layouts; and the reorders the plugin does per call (X and W in, Y out), timed apart.
Bare bare_conv(const json& p, double seconds) {
  using tag = dnnl::memory::format_tag;
  const int64_t n = p["N"], c = p["C"], h = p["H"], w = p["W"], k = p["K"], pad = p["pad"];
  const Dims x{n, c, h, w}, wt{k, c, 3, 3}, y{n, k, h + 2 * pad - 2, w + 2 * pad - 2};
  auto any = [](const Dims& d) {
    return dnnl::memory::desc(d, dnnl::memory::data_type::f32, tag::any);
  };
  const dnnl::convolution_forward::desc d(
      dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, any(x), any(wt),
      dnnl::memory::desc(), any(y), {1, 1}, {0, 0}, {pad, pad}, {pad, pad});
  const dnnl::convolution_forward::primitive_desc pd(d, engine());
  dnnl::convolution_forward conv(pd);
  dnnl::memory src = filled(pd.src_desc()), wei = filled(pd.weights_desc()),
               dst = filled(pd.dst_desc());
  dnnl::memory ux = filled(plain(x, tag::nchw)), uw = filled(plain(wt, tag::oihw)),
               uy = filled(plain(y, tag::nchw));
  std::vector<std::pair<dnnl::reorder, std::pair<dnnl::memory, dnnl::memory>>> reorders;
  if (pd.src_desc() != ux.get_desc()) reorders.push_back({dnnl::reorder(ux, src), {ux, src}});
  if (pd.weights_desc() != uw.get_desc()) reorders.push_back({dnnl::reorder(uw, wei), {uw, wei}});
  if (pd.dst_desc() != uy.get_desc()) reorders.push_back({dnnl::reorder(dst, uy), {dst, uy}});
  Bare b;
  b.kernel = pd.impl_info_str();
  b.op_ns = bare_median_ns(
      [&] {
        conv.execute(stream(), {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wei}, {DNNL_ARG_DST, dst}});
        stream().wait();
      },
      seconds);
  // The reorders timed as the plugin times them: inside whole calls (X and W in, the convolution,
  // Y out), each phase ended by a stream wait, so they read memory the convolution just left (a
  // loop of reorders alone would find its buffers hot in cache and read faster than any call can).
  if (!reorders.empty()) {
    const size_t n_in = reorders.size() - (pd.dst_desc() != uy.get_desc() ? 1 : 0);
    std::vector<double> per_call;
    auto phase = [&](size_t from, size_t to) {
      const auto t0 = Clock::now();
      for (size_t i = from; i < to; ++i)
        reorders[i].first.execute(stream(), reorders[i].second.first, reorders[i].second.second);
      stream().wait();
      return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
    };
    const auto start = Clock::now();
    for (int i = 0; i < 5 || per_call.size() < 10 ||
                    (per_call.size() < 300 &&
                     std::chrono::duration<double>(Clock::now() - start).count() < seconds);
         ++i) {
      double ns = phase(0, n_in);
      conv.execute(stream(), {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wei}, {DNNL_ARG_DST, dst}});
      stream().wait();
      ns += phase(n_in, reorders.size());
      if (i >= 5) per_call.push_back(ns);
    }
    b.reorder_ns = median(per_call);
  }
  return b;
}

// MatMul on row-major memory, as the plugin's (no reorders).
Bare bare_matmul(const json& p, double seconds) {
  using tag = dnnl::memory::format_tag;
  const int64_t m = p["M"], n = p["N"], k = p["K"];
  const auto a = plain({m, k}, tag::ab), b = plain({k, n}, tag::ab), c = plain({m, n}, tag::ab);
  const dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(a, b, c), engine());
  dnnl::matmul mm(pd);
  dnnl::memory ma = filled(a), mb = filled(b), mc = filled(c);
  Bare out;
  out.kernel = pd.impl_info_str();
  out.op_ns = bare_median_ns(
      [&] {
        mm.execute(stream(), {{DNNL_ARG_SRC, ma}, {DNNL_ARG_WEIGHTS, mb}, {DNNL_ARG_DST, mc}});
        stream().wait();
      },
      seconds);
  return out;
}

struct Through {
  double op_ns = 0, reorder_ns = 0;
  std::string kernel;
};

// One point through d500: the operator run as `d500 run` does it, into `store`.
Through through_d500(const json& op, const json& point, const plugin::OperatorImpl* impl,
                     store::ResultStore& store, double seconds) {
  json j{{"d500", 1},
         {"name", "bench-onednn"},
         {"level", "operator"},
         {"seed", 18u},
         {"operator", op},
         {"points", {point}},
         {"implementations", {impl->id()}},
         {"validate", {{"forward", false}, {"backward", false}, {"determinism", false}}},
         {"repetition",
          {{"min_samples", 10},
           {"max_samples", 300},
           {"max_seconds", seconds},
           {"target_rel_ci", 0.01}}}};
  auto e = spec::parse_experiment(j, "bench_onednn");
  if (!e) {
    std::fprintf(stderr, "bench_onednn: %s\n", e.error().to_string().c_str());
    std::exit(1);
  }
  const int64_t run = store.create_run(store::RunInfo{});
  auto s = operators::run_operator_experiment(*e, {impl}, nullptr, store, run, {}, {});
  if (s.failed) std::fprintf(stderr, "bench_onednn: %s\n", s.errors.front().c_str());
  Through t;
  for (const auto& m : store.measurements(run)) {
    if (operators::is_transfer_row(m)) {
      t.reorder_ns = m.median;
    } else {
      t.op_ns = m.median;
      t.kernel = m.kernel;
    }
  }
  return t;
}

json points_of(const char* file) {
  std::ifstream in(std::string(D500_SOURCE_DIR) + "/resources/problems/" + file);
  if (!in) {
    std::fprintf(stderr, "bench_onednn: cannot read %s\n", file);
    std::exit(1);
  }
  return json::parse(in)["points"];
}

std::string label(const json& p) {
  std::string s;
  for (auto it = p.begin(); it != p.end(); ++it)
    s += (s.empty() ? "" : " ") + it.key() + "=" + it.value().dump();
  return s;
}

void print_row(const std::string& shape, const std::vector<double>& d500_ns,
               const std::vector<double>& bare_ns, const std::vector<double>& d500_re,
               const std::vector<double>& bare_re, const std::string& kernel) {
  const double a = median(d500_ns), b = median(bare_ns);
  char re[64] = "-";
  if (median(bare_re) > 0 || median(d500_re) > 0)
    std::snprintf(re, sizeof re, "%9.1f / %-9.1f", median(d500_re) / 1e3, median(bare_re) / 1e3);
  std::printf("%-44s %10.1f %10.1f %7.3f   %-21s %s\n", shape.c_str(), a / 1e3, b / 1e3, a / b, re,
              kernel.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 5;
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
      rounds = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--quick"))
      quick = true;
    else {
      std::fprintf(stderr, "usage: bench_onednn [--rounds R] [--quick]\n");
      return 2;
    }
  }
  if (quick) rounds = 1;
  const double seconds = quick ? 0.3 : 1.0;
  plugin::PluginManager manager({D500_TEST_PLUGIN_DIR});
  manager.load({"onednn"});
  const auto* conv = manager.operators().find_impl("Conv", "", "onednn/convolution_direct");
  const auto* matmul = manager.operators().find_impl("MatMul", "", "onednn/default");
  if (!conv || !matmul) {
    std::fprintf(stderr, "bench_onednn: no onednn plugin in %s\n", D500_TEST_PLUGIN_DIR);
    return 1;
  }
  const std::string db = (std::filesystem::temp_directory_path() /
                          ("bench_onednn_" + std::to_string(getpid()) + ".d500db"))
                             .string();
  auto store = store::ResultStore::open(db, store::ResultStore::Mode::ReadWrite).value();
  std::printf(
      "onednn through d500 vs the same primitive in a bare loop; medians of %d round(s), "
      "us per call\n%s\n",
      rounds, conv->op->description);
  std::printf("%-44s %10s %10s %7s   %-21s %s\n", "shape", "d500", "bare", "ratio",
              "reorders d500 / bare", "kernel");
  const json conv_op = {
      {"op", "Conv"},
      {"dtype", "float32"},
      {"inputs", {{"N", "C", "H", "W"}, {"K", "C", 3, 3}}},
      {"attributes", {{"pads", {"$pad", "$pad", "$pad", "$pad"}}, {"strides", {1, 1}}}}};
  // json::array: {{"M", "K"}, {"K", "N"}} alone would read as an object.
  const json mm_op = {{"op", "MatMul"},
                      {"dtype", "float32"},
                      {"inputs", json::array({json::array({"M", "K"}), json::array({"K", "N"})})}};
  struct List {
    const char* file;
    const json* op;
    const plugin::OperatorImpl* impl;
    Bare (*bare)(const json&, double);
  };
  for (const List& l : {List{"deepbench_conv_3x3.json", &conv_op, conv, &bare_conv},
                        List{"deepbench_gemm_train.json", &mm_op, matmul, &bare_matmul}}) {
    json points = points_of(l.file);
    if (quick) points = json::array({points[0]});
    for (const json& p : points) {
      std::vector<double> a, b, ar, br;
      std::string kernel;
      for (int r = 0; r < rounds; ++r) {
        const Bare bare = l.bare(p, seconds);
        const Through t = through_d500(*l.op, p, l.impl, *store, seconds);
        a.push_back(t.op_ns), b.push_back(bare.op_ns), ar.push_back(t.reorder_ns),
            br.push_back(bare.reorder_ns);
        kernel = t.kernel == bare.kernel ? t.kernel : t.kernel + " (bare: " + bare.kernel + ")";
      }
      print_row(std::string(l.impl->op->op_type) + " " + label(p), a, b, ar, br, kernel);
    }
  }
  store.reset();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
  return 0;
}
