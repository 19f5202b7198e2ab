// The onednn plugin's LayerNormalization and training-mode BatchNormalization (issue 18) against
// the reference plugin, on every output (Y, Mean, InvStdDev; Y, running_mean, running_var) and
// every input gradient, with gradients given for every output or for Y alone. Tolerance:
// relative L2 1e-5 forward, 1e-4 backward, against the float64 reference. Skips with the reason
// when the plugin is not built.
#include "onednn_harness.h"

namespace d500::test {
namespace {

using plugin::Attribute;

struct NormRun {
  std::vector<Tensor> outputs, grads;  // grads: one per input
};

Tensor cast(const Tensor& t, DType d) {
  return as_dtype(t, d);
}

// Runs `op` of `plugin` ("onednn" or "reference") on the values of `x` in dtype `d`: forward,
// then backward with `dy` (an empty-shaped entry, or one past dy's end, is an absent gradient).
NormRun run_op(const std::string& op, const std::string& plugin,
               const std::vector<Attribute>& attrs, const std::vector<Tensor>& x, DType d,
               const std::vector<const Tensor*>& dy) {
  const auto* impl = onednn_ops().find_impl(op, "", plugin);
  if (!impl) throw std::runtime_error("no " + plugin + " " + op);
  std::vector<Tensor> xs;
  for (const Tensor& t : x) xs.push_back(cast(t, d));
  plugin::OperatorInstance inst(*impl, attrs, infos_of(xs));
  NormRun r;
  r.outputs = outputs_for(inst);
  std::vector<DLTensor> yv = views_of(r.outputs);
  inst.forward(views_of(xs), yv);
  if (dy.empty()) return r;
  std::vector<Tensor> gs;
  for (size_t o = 0; o < r.outputs.size(); ++o)
    gs.push_back(o < dy.size() && dy[o] ? cast(*dy[o], d) : Tensor(d, r.outputs[o].shape()));
  std::vector<DLTensor> gv = views_of(gs);
  for (size_t o = 0; o < gv.size(); ++o)
    if (o >= dy.size() || !dy[o]) gv[o].data = nullptr;  // not given
  for (const Tensor& t : xs) r.grads.emplace_back(d, t.shape());
  std::vector<DLTensor> dxv = views_of(r.grads);
  inst.backward(gv, views_of(xs), views_of(r.outputs), dxv);
  return r;
}

// Random inputs of these shapes; `positive` entries kept in [0.5, 1.5] (a variance).
std::vector<Tensor> random_inputs(const std::vector<Shape>& shapes, uint64_t seed,
                                  std::vector<size_t> positive = {}) {
  std::vector<Tensor> x;
  for (size_t i = 0; i < shapes.size(); ++i) {
    Tensor t(DType::Float64, shapes[i]);
    fill_uniform(t, seed + i, -1.0, 1.0);
    for (size_t p : positive)
      if (p == i)
        for (int64_t k = 0; k < t.numel(); ++k) t.set(k, 0.5 + std::fabs(t.at(k)));
    x.push_back(std::move(t));
  }
  return x;
}

// onednn against the reference: every output forward; with `all_grads` a random gradient for
// every output, else for output 0 only; every input gradient.
void compare(const std::string& op, const std::vector<Shape>& shapes,
             const std::vector<Attribute>& attrs, uint64_t seed, bool all_grads,
             std::vector<size_t> positive = {}) {
  SCOPED_TRACE(op + " seed " + std::to_string(seed));
  const std::vector<Tensor> x = random_inputs(shapes, seed, positive);
  const NormRun probe = run_op(op, "reference", attrs, x, DType::Float64, {});
  std::vector<Tensor> dy;
  for (size_t o = 0; o < probe.outputs.size(); ++o) {
    dy.emplace_back(DType::Float64, probe.outputs[o].shape());
    fill_uniform(dy.back(), seed + 50 + o, -1.0, 1.0);
  }
  std::vector<const Tensor*> given;
  for (size_t o = 0; o < dy.size(); ++o) given.push_back(all_grads || o == 0 ? &dy[o] : nullptr);
  const NormRun want = run_op(op, "reference", attrs, x, DType::Float64, given);
  const NormRun got = run_op(op, "onednn", attrs, x, DType::Float32, given);
  ASSERT_EQ(got.outputs.size(), want.outputs.size());
  for (size_t o = 0; o < want.outputs.size(); ++o) {
    EXPECT_EQ(got.outputs[o].shape(), want.outputs[o].shape()) << "output " << o;
    EXPECT_LE(rel_l2(got.outputs[o], want.outputs[o]), 1e-5) << "output " << o;
  }
  for (size_t i = 0; i < want.grads.size(); ++i)
    EXPECT_LE(rel_l2(got.grads[i], want.grads[i]), 1e-4) << "gradient of input " << i;
}

Attribute axis(int64_t a) {
  return {"axis", a};
}

TEST(OnednnNorm, LayerNormalizationMatchesTheReferenceOnEveryOutputAndGradient) {
  D500_REQUIRE_ONEDNN();
  compare("LayerNormalization", {{2, 3, 4, 5}, {5}, {5}}, {}, 1, true);  // axis -1
  compare("LayerNormalization", {{2, 3, 4, 5}, {3, 4, 5}, {3, 4, 5}}, {axis(1)}, 2, true);
  compare("LayerNormalization", {{2, 3, 4, 5}, {4, 5}, {4, 5}}, {axis(-2), {"epsilon", 1e-2}}, 3,
          true);
  compare("LayerNormalization", {{6, 7}, {6, 7}, {6, 7}}, {axis(0)}, 4, true);
  compare("LayerNormalization", {{4, 3, 8}, {3, 8}}, {axis(1)}, 5, true);  // no B
  compare("LayerNormalization", {{3, 64}, {64}, {64}}, {}, 6, false);      // dY only
  compare("LayerNormalization", {{2, 3, 5}, {3, 5}, {3, 5}}, {axis(-2)}, 7, false);
}

// The statistics outputs are X.shape[:axis] followed by 1s, InvStdDev is 1/sqrt(var + eps).
TEST(OnednnNorm, LayerNormalizationStatisticsHaveTheOnnxShape) {
  D500_REQUIRE_ONEDNN();
  const std::vector<Tensor> x = random_inputs({{2, 3, 4}, {3, 4}, {3, 4}}, 9);
  const NormRun r =
      run_op("LayerNormalization", "onednn", {axis(1), {"epsilon", 0.5}}, x, DType::Float32, {});
  ASSERT_EQ(r.outputs.size(), 3u);
  EXPECT_EQ(r.outputs[1].shape(), (Shape{2, 1, 1}));
  EXPECT_EQ(r.outputs[2].shape(), (Shape{2, 1, 1}));
  for (int64_t n = 0; n < 2; ++n) {  // row n of X: its 12 elements
    double s = 0, q = 0;
    for (int64_t i = 0; i < 12; ++i) s += x[0].at(n * 12 + i);
    const double mean = s / 12;
    for (int64_t i = 0; i < 12; ++i) q += std::pow(x[0].at(n * 12 + i) - mean, 2);
    EXPECT_NEAR(r.outputs[1].at(n), mean, 1e-6);
    EXPECT_NEAR(r.outputs[2].at(n), 1 / std::sqrt(q / 12 + 0.5), 1e-5);
  }
}

TEST(OnednnNorm, LayerNormalizationRefusesWhatOneDnnCannotDoWithAReason) {
  D500_REQUIRE_ONEDNN();
  const auto* ln = onednn_ops().find_impl("LayerNormalization", "", "onednn");
  ASSERT_NE(ln, nullptr);
  const auto f32 = [](Shape s) { return plugin::tensor_info(DType::Float32, std::move(s)); };
  const auto refusal = [&](const std::vector<Attribute>& attrs,
                           const std::vector<d500_tensor_info>& in) -> std::string {
    try {
      plugin::OperatorInstance op(*ln, attrs, in);
    } catch (const D500Error& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_NE(refusal({}, {f32({4, 5}), f32({1}), f32({1})}).find("no broadcasting"),
            std::string::npos);
  EXPECT_NE(refusal({{"stash_type", int64_t{0}}}, {f32({4, 5}), f32({5})}).find("stash_type 0"),
            std::string::npos);
  EXPECT_NE(refusal({axis(2)}, {f32({4, 5}), f32({5})}).find("axis 2 outside"), std::string::npos);
}

Attribute training() {
  return {"training_mode", int64_t{1}};
}

TEST(OnednnNorm, TrainingBatchNormalizationMatchesTheReferenceOnEveryOutputAndGradient) {
  D500_REQUIRE_ONEDNN();
  const std::vector<Shape> nchw = {{2, 3, 4, 5}, {3}, {3}, {3}, {3}};
  compare("BatchNormalization", nchw, {training()}, 11, true, {4});
  compare("BatchNormalization", nchw, {training(), {"momentum", 0.7}, {"epsilon", 1e-2}}, 12, false,
          {4});
  compare("BatchNormalization", {{8, 6}, {6}, {6}, {6}, {6}}, {training()}, 13, true, {4});
  // Inference mode's backward: dX, dscale, dB and the gradients of the given mean and variance.
  compare("BatchNormalization", nchw, {}, 14, true, {4});
}

// Two training steps, each feeding the running statistics it produced into the next, as a
// training loop does: both plugins' running mean and variance agree after the second.
TEST(OnednnNorm, TrainingBatchNormalizationRunningStatisticsFollowTheSteps) {
  D500_REQUIRE_ONEDNN();
  const std::vector<Attribute> attrs = {training(), {"momentum", 0.8}};
  std::vector<Tensor> x = random_inputs({{4, 3, 2, 2}, {3}, {3}, {3}, {3}}, 21, {4});
  std::vector<Tensor> ref;
  for (const Tensor& t : x) ref.push_back(cast(t, DType::Float64));
  for (int step = 0; step < 2; ++step) {
    x[0] = std::move(random_inputs({{4, 3, 2, 2}}, 30 + static_cast<uint64_t>(step))[0]);
    ref[0] = cast(x[0], DType::Float64);
    NormRun got = run_op("BatchNormalization", "onednn", attrs, x, DType::Float32, {});
    NormRun want = run_op("BatchNormalization", "reference", attrs, ref, DType::Float64, {});
    ASSERT_EQ(got.outputs.size(), 3u);
    for (size_t o = 0; o < 3; ++o)
      EXPECT_LE(rel_l2(got.outputs[o], want.outputs[o]), 1e-5)
          << "step " << step << " output " << o;
    x[3] = cast(got.outputs[1], DType::Float64);
    x[4] = cast(got.outputs[2], DType::Float64);
    ref[3] = std::move(want.outputs[1]);
    ref[4] = std::move(want.outputs[2]);
  }
  // The running mean moved away from the initial one toward the batches' means.
  const std::vector<Tensor> start = random_inputs({{4, 3, 2, 2}, {3}, {3}, {3}, {3}}, 21, {4});
  EXPECT_GT(rel_l2(x[3], start[3]), 1e-3);
}

}  // namespace
}  // namespace d500::test
