// ONNX normalizations beyond BatchNormalization (norm.cpp): LayerNormalization,
// InstanceNormalization, GroupNormalization, LpNormalization, LRN and
// MeanVarianceNormalization, float32/float64; one NodeOp entry each serves the kernel and the
// torch executor (node_kernel.h), gradients by autograd. Statistics are computed in the input's
// dtype, variances biased (divided by the count), as ONNX defines them.
#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

at::ScalarType real_input(const NodeSignature& s, size_t first, size_t last) {
  const at::ScalarType t = common_type(s, first, last);
  offer(is_real(t), t, "float32 and float64 are");
  return t;
}

Ints range_from(int64_t first, int64_t rank) {
  Ints d;
  for (int64_t i = first; i < rank; ++i) d.push_back(i);
  return d;
}

// (x - mean) / sqrt(var + eps) over `dims`, and the mean and 1 / sqrt(var + eps) kept as 1.
struct Normalized {
  at::Tensor y, mean, inv;
};
Normalized normalize(const at::Tensor& x, const Ints& dims, double eps) {
  const at::Tensor mean = x.mean(dims, true);
  const at::Tensor centred = x - mean;
  const at::Tensor inv = at::rsqrt((centred * centred).mean(dims, true) + eps);
  return {centred * inv, mean, inv};
}

// Whether a node's output 1 or 2 may be used: the signature lists them (even as omitted), or does
// not know the outputs at all (the operator kernel).
bool stats_maybe_used(const NodeSignature& s) {
  return s.outputs.empty() || s.outputs.size() > 1;
}

// LayerNormalization as one at::native_layer_norm (Scale and B of the normalized shape, the
// statistics in X's dtype): its Mean and rstd come out [leading dims, 1...] as ONNX's keep-dims
// outputs, but carry no gradient, so while autograd records and the statistics may be used
// they are computed again as the decomposed form does.
NodeFn layer_norm_fused(const Ints& x, int64_t axis, double eps, bool bias, bool stats_used) {
  const Ints normalized(x.begin() + axis, x.end());
  return [=](const Args& in) {
    auto [y, mean, rstd] = at::native_layer_norm(
        in[0], normalized, in[1], bias ? c10::optional<at::Tensor>(in[2]) : c10::nullopt, eps);
    const bool recording =
        at::GradMode::is_enabled() &&
        (in[0].requires_grad() || in[1].requires_grad() || (bias && in[2].requires_grad()));
    if (stats_used && recording) {
      const Normalized n = normalize(in[0], range_from(axis, static_cast<int64_t>(x.size())), eps);
      return Args{y, n.mean, n.inv};
    }
    Ints kept(x.begin(), x.begin() + axis);
    kept.resize(x.size(), 1);
    return Args{y, mean.reshape(kept), rstd.reshape(kept)};
  };
}

// LayerNormalization (opset 17): over the dimensions from axis on; outputs Y, Mean, InvStdDev
// (in stash_type: float32 by default).
NodeFn norm_layer(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis", "epsilon", "stash_type"});
  if (s.inputs.size() < 2 || s.inputs.size() > 3)
    throw std::invalid_argument("expects X, Scale and optional B");
  real_input(s, 0, 3);
  const int64_t rank = rank_of(s, 0);
  const int64_t axis = norm_axis(a.get_int("axis", -1), rank);
  const double eps = a.get_float("epsilon", 1e-5);
  const int64_t stash = a.get_int("stash_type", 1);
  if (stash != 1 && stash != 11)
    throw std::invalid_argument("stash_type must be 1 (float) or 11 (double)");
  const at::ScalarType stats = stash == 1 ? at::kFloat : at::kDouble;
  const bool bias = given(s, 2);
  const Ints x = input_shape(s, 0), normalized(x.begin() + axis, x.end());
  if (stats == input_type(s, 0) && input_shape(s, 1) == normalized &&
      (!bias || input_shape(s, 2) == normalized))
    return layer_norm_fused(x, axis, eps, bias, stats_maybe_used(s));
  return [=](const Args& in) {
    const Normalized n = normalize(in[0], range_from(axis, rank), eps);
    at::Tensor y = n.y * in[1];
    if (bias) y = y + in[2];
    return Args{y, n.mean.to(stats), n.inv.to(stats)};
  };
}

// InstanceNormalization: per sample and channel over the spatial dimensions.
NodeFn norm_instance(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"epsilon"});
  sdk::expect_count(s.inputs.size(), 3, "inputs");
  real_input(s, 0, 3);
  const Ints x = input_shape(s, 0);
  if (x.size() < 3) throw std::invalid_argument("input must be [N, C, d1..dk]");
  if (input_shape(s, 1) != Ints{x[1]} || input_shape(s, 2) != Ints{x[1]})
    throw std::invalid_argument("scale and B must be [C]");
  const double eps = a.get_float("epsilon", 1e-5);
  Ints channel(x.size(), 1);
  channel[1] = x[1];
  const int64_t rank = static_cast<int64_t>(x.size());
  return one([=](const Args& in) {
    return normalize(in[0], range_from(2, rank), eps).y * in[1].reshape(channel) +
           in[2].reshape(channel);
  });
}

// GroupNormalization (opset 18): statistics per sample and group of channels; scale and bias
// per group ([G], as opset 18 defines them) or per channel ([C], as opset 21 does).
NodeFn norm_group(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"epsilon", "num_groups", "stash_type"});
  sdk::expect_count(s.inputs.size(), 3, "inputs");
  real_input(s, 0, 3);
  const Ints x = input_shape(s, 0);
  if (x.size() < 2) throw std::invalid_argument("input must be [N, C, ...]");
  const int64_t g = a.get_int("num_groups");
  if (g < 1 || x[1] % g != 0)
    throw std::invalid_argument("num_groups " + std::to_string(g) + " does not divide the " +
                                std::to_string(x[1]) + " channels");
  const int64_t per = numel(input_shape(s, 1));
  if (per != g && per != x[1])
    throw std::invalid_argument("scale must have num_groups or C values");
  if (numel(input_shape(s, 2)) != per) throw std::invalid_argument("bias must be as long as scale");
  const double eps = a.get_float("epsilon", 1e-5);
  Ints channel(x.size(), 1);
  channel[1] = x[1];
  const int64_t repeat = x[1] / per;
  return one([=](const Args& in) {
    const at::Tensor grouped = in[0].reshape({x[0], g, -1});
    const at::Tensor y = normalize(grouped, {2}, eps).y.reshape(x);
    auto per_channel = [&](const at::Tensor& v) {
      return (repeat == 1 ? v.reshape({-1}) : v.reshape({-1}).repeat_interleave(repeat))
          .reshape(channel);
    };
    return y * per_channel(in[1]) + per_channel(in[2]);
  });
}

NodeFn norm_lp(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis", "p"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  real_input(s, 0, 1);
  const int64_t axis = norm_axis(a.get_int("axis", -1), rank_of(s, 0));
  const int64_t p = a.get_int("p", 2);
  if (p != 1 && p != 2) throw std::invalid_argument("p must be 1 or 2, got " + std::to_string(p));
  return one([axis, p](const Args& in) {
    return in[0] / at::linalg_vector_norm(in[0], static_cast<double>(p), {axis}, true);
  });
}

// LRN: x / (bias + alpha / size * sum of squares over a window of channels)^beta.
NodeFn norm_lrn(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"alpha", "beta", "bias", "size"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  real_input(s, 0, 1);
  const Ints x = input_shape(s, 0);
  if (x.size() < 3) throw std::invalid_argument("input must be [N, C, d1..dk]");
  const int64_t size = a.get_int("size");
  if (size < 1) throw std::invalid_argument("size must be positive");
  const double alpha = a.get_float("alpha", 1e-4), beta = a.get_float("beta", 0.75),
               bias = a.get_float("bias", 1.0);
  const int64_t before = (size - 1) / 2, after = size - 1 - before, c = x[1];
  Ints pads(2 * (x.size() - 1), 0);  // ATen order: last dimension first; channels are last here
  pads[pads.size() - 2] = before, pads[pads.size() - 1] = after;
  return one([=](const Args& in) {
    const at::Tensor sq = at::constant_pad_nd(in[0] * in[0], pads, 0);
    at::Tensor sum = sq.narrow(1, 0, c);
    for (int64_t k = 1; k < size; ++k) sum = sum + sq.narrow(1, k, c);
    return in[0] / at::pow(sum * (alpha / static_cast<double>(size)) + bias, beta);
  });
}

// MeanVarianceNormalization: (x - mean) / (sqrt(E[x^2] - mean^2) + 1e-9) over `axes`.
NodeFn norm_mean_variance(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axes"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  real_input(s, 0, 1);
  const int64_t rank = rank_of(s, 0);
  Ints axes;
  for (int64_t ax : a.get_ints("axes", {0, 2, 3})) axes.push_back(norm_axis(ax, rank));
  return one([axes](const Args& in) {
    const at::Tensor mean = in[0].mean(axes, true);
    const at::Tensor sd = at::sqrt((in[0] * in[0]).mean(axes, true) - mean * mean);
    return (in[0] - mean) / (sd + 1e-9);
  });
}

constexpr NodeOp kNormOps[] = {
    {"LayerNormalization", "ONNX LayerNormalization (outputs Y, Mean, InvStdDev)", norm_layer},
    {"InstanceNormalization", "ONNX InstanceNormalization", norm_instance},
    {"GroupNormalization", "ONNX GroupNormalization (scale per group or per channel)", norm_group},
    {"LpNormalization", "ONNX LpNormalization (p 1 or 2) via at::linalg_vector_norm", norm_lp},
    {"LRN", "ONNX LRN: windowed sum of squares over channels", norm_lrn},
    {"MeanVarianceNormalization", "ONNX MeanVarianceNormalization", norm_mean_variance},
};

}  // namespace

void add_norm_node_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kNormOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
