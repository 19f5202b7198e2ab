// Test helpers for the onednn plugin (issue 18): the onednn and reference plugins loaded once per
// process through the real loader, why onednn is absent when it is (the tree builds without
// libdnnl-dev), one operator case run through both plugins and compared, and the kernel text an
// instance reports through d500_onednn_kernel().
#pragma once

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"

namespace d500::test {

struct OnednnPlugins {
  std::unique_ptr<plugin::PluginManager> manager;
  std::string absent;  // why onednn is not there; "" when it loaded
};

inline const OnednnPlugins& onednn_plugins() {
  static const OnednnPlugins p = [] {
    OnednnPlugins out;
    out.manager =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    out.manager->load({"reference"});
    try {
      out.manager->load({"onednn"});
      const plugin::PluginRecord* rec = out.manager->find("onednn");
      if (rec->state != plugin::PluginState::Loaded) out.absent = "onednn is broken: " + rec->error;
    } catch (const D500Error& e) {
      out.absent = std::string("the onednn plugin is not built (no libdnnl-dev?): ") + e.what();
    }
    return out;
  }();
  return p;
}

inline const plugin::OperatorRegistry& onednn_ops() {
  return onednn_plugins().manager->operators();
}

#define D500_REQUIRE_ONEDNN()                                \
  do {                                                       \
    if (!::d500::test::onednn_plugins().absent.empty())      \
      GTEST_SKIP() << ::d500::test::onednn_plugins().absent; \
  } while (0)

struct OnednnCase {
  std::string op;
  std::string variant;  // of the onednn plugin
  std::vector<Shape> inputs;
  std::vector<plugin::Attribute> attrs = {};
  double tol_forward = 1e-5;
  double tol_backward = 1e-4;
};

// What a test's cases came to: compared with the reference, or refused by onednn as unsupported
// (with its reason), or broken (already a gtest failure).
struct OnednnTally {
  size_t ran = 0, broken = 0;
  std::vector<std::string> refused;  // "case: reason"
  size_t total() const { return ran + broken + refused.size(); }
  void print(const std::string& what) const {
    std::printf("  %s: %zu of %zu cases ran\n", what.c_str(), ran, total());
    for (const std::string& r : refused) std::printf("    refused: %s\n", r.c_str());
  }
};

inline double rel_l2(const Tensor& got, const Tensor& want) {
  double num = 0, den = 0;
  for (int64_t i = 0; i < want.numel(); ++i) {
    const double d = got.at(i) - want.at(i);
    num += d * d;
    den += want.at(i) * want.at(i);
  }
  return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
}

inline Tensor as_dtype(const Tensor& t, DType dtype) {
  Tensor out(dtype, t.shape());
  for (int64_t i = 0; i < t.numel(); ++i) out.set(i, t.at(i));
  return out;
}

inline std::vector<d500_tensor_info> infos_of(const std::vector<Tensor>& ts) {
  std::vector<d500_tensor_info> out;
  for (const Tensor& t : ts) out.push_back(plugin::tensor_info(t.dtype(), t.shape()));
  return out;
}

inline std::vector<DLTensor> views_of(const std::vector<Tensor>& ts) {
  std::vector<DLTensor> out;
  for (const Tensor& t : ts) out.push_back(t.dl());
  return out;
}

// Outputs of `op` for its output_info, allocated (float32 or as the operator says).
inline std::vector<Tensor> outputs_for(plugin::OperatorInstance& op) {
  std::vector<Tensor> out;
  for (const auto& i : op.output_info())
    out.emplace_back(from_dlpack(i.dtype), Shape(i.shape, i.shape + i.ndim));
  return out;
}

// Runs one case through onednn (float32) and the reference (float64 on the same values), forward
// and, where onednn has a backward, backward for a random output gradient; compares the first
// output and every input gradient by relative L2. Counts the case in `tally`.
inline void check_case(const OnednnCase& c, uint64_t seed, OnednnTally& tally) {
  const std::string what = c.op + " onednn/" + c.variant;
  SCOPED_TRACE(what);
  const auto* mine = onednn_ops().find_impl(c.op, "", "onednn/" + c.variant);
  const auto* ref = onednn_ops().find_impl(c.op, "", "reference");
  if (!mine || !ref) {
    ADD_FAILURE() << "missing implementation";
    ++tally.broken;
    return;
  }
  std::vector<Tensor> x32, x64;
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    Tensor t(DType::Float32, c.inputs[i]);
    fill_uniform(t, seed + i, -1.0, 1.0);
    const bool positive = c.op == "Sqrt" || c.op == "Reciprocal" || c.op == "Div" ||
                          (c.op == "BatchNormalization" && i == 4);  // a variance
    if (positive)                                                    // keep away from 0
      for (int64_t k = 0; k < t.numel(); ++k) t.set(k, 0.5 + std::fabs(t.at(k)));
    x64.push_back(as_dtype(t, DType::Float64));
    x32.push_back(std::move(t));
  }
  std::unique_ptr<plugin::OperatorInstance> cpu;
  try {
    cpu = std::make_unique<plugin::OperatorInstance>(*mine, c.attrs, infos_of(x32));
  } catch (const D500Error& e) {
    const std::string m = e.what();
    if (m.find("oneDNN does not support") != std::string::npos ||
        m.find("oneDNN's") != std::string::npos) {
      tally.refused.push_back(what + " (seed " + std::to_string(seed) + "): " + m);
    } else {
      ADD_FAILURE() << m;
      ++tally.broken;
    }
    return;
  }
  plugin::OperatorInstance reference(*ref, c.attrs, infos_of(x64));
  std::vector<Tensor> y64 = outputs_for(reference), y32 = outputs_for(*cpu);
  std::vector<DLTensor> y64v = views_of(y64), y32v = views_of(y32);
  reference.forward(views_of(x64), y64v);
  cpu->forward(views_of(x32), y32v);
  EXPECT_LE(rel_l2(y32[0], y64[0]), c.tol_forward) << "forward output 0";
  for (size_t o = 1; o < y32.size() && o < y64.size(); ++o)  // integer outputs (Indices): exact
    if (y32[o].dtype() == DType::Int64)
      for (int64_t i = 0; i < y32[o].numel(); ++i)
        if (y32[o].at(i) != y64[o].at(i)) {
          ADD_FAILURE() << "output " << o << " differs at " << i << ": " << y32[o].at(i) << " vs "
                        << y64[o].at(i);
          break;
        }
  if (mine->has_backward()) {
    std::vector<Tensor> g64, gs32;
    gs32.emplace_back(DType::Float32, y32[0].shape());
    fill_uniform(gs32[0], seed + 100, -1.0, 1.0);
    g64.push_back(as_dtype(gs32[0], DType::Float64));
    for (size_t o = 1; o < y32.size(); ++o) {  // no gradient through extra outputs (Indices)
      g64.emplace_back(DType::Float64, y64[o].shape());
      gs32.emplace_back(DType::Float32, y32[o].shape());
    }
    std::vector<Tensor> dx64, dx32;
    for (const Tensor& t : x64) dx64.emplace_back(DType::Float64, t.shape());
    for (const Tensor& t : x32) dx32.emplace_back(DType::Float32, t.shape());
    std::vector<DLTensor> dx64v = views_of(dx64), dx32v = views_of(dx32);
    reference.backward(views_of(g64), views_of(x64), views_of(y64), dx64v);
    cpu->backward(views_of(gs32), views_of(x32), views_of(y32), dx32v);
    for (size_t i = 0; i < dx32.size(); ++i)
      EXPECT_LE(rel_l2(dx32[i], dx64[i]), c.tol_backward) << "gradient of input " << i;
  }
  ++tally.ran;
}

// The kernel text of a raw onednn instance (d500_onednn_kernel); "" when the symbol or the
// instance is unknown.
inline std::string kernel_text(const void* instance) {
  const plugin::PluginRecord* rec = onednn_plugins().manager->find("onednn");
  void* lib = dlopen(rec->library_path.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (!lib) return "";
  using Fn = int (*)(const void*, char*, size_t);
  auto fn = reinterpret_cast<Fn>(dlsym(lib, "d500_onednn_kernel"));
  char text[1024] = {};
  const bool ok = fn && fn(instance, text, sizeof text) == 0;
  dlclose(lib);
  return ok ? std::string(text) : std::string();
}

}  // namespace d500::test
