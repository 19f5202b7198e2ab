// ONNX operators for the torch executor, as autograd-recording ATen calls (graph_ops.h).
#include "graph_ops.h"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>

#include "d500/sdk/status.h"
#include "pointwise.h"
#include "reduce.h"
#include "window.h"

namespace d500::torch_plugin {

namespace {

using Attrs = sdk::Attributes;
using Ints = std::vector<int64_t>;

Ints shape_of(const d500_tensor_info& t) { return Ints(t.shape, t.shape + std::max(t.ndim, 0)); }
bool given(const NodeSignature& s, size_t i) {
  return i < s.inputs.size() && s.inputs[i].ndim != D500_ABSENT_NDIM;
}
int64_t norm_axis(int64_t axis, int64_t rank) {
  const int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= std::max<int64_t>(rank, 1))
    throw std::invalid_argument("axis " + std::to_string(axis) + " is out of range for rank " +
                                std::to_string(rank));
  return a;
}
// ATen's constant_pad_nd lists pads from the last dimension backwards.
Ints aten_pads(const Ints& begin, const Ints& end) {
  Ints p;
  for (size_t i = begin.size(); i-- > 0;) {
    p.push_back(begin[i]);
    p.push_back(end[i]);
  }
  return p;
}

NodeFn unary(at::Tensor (*f)(const at::Tensor&)) {
  return [f](const std::vector<at::Tensor>& in) { return std::vector<at::Tensor>{f(in[0])}; };
}

// Conv: symmetric pads go to at::convolution, any remainder is padded explicitly.
NodeFn conv(const Attrs& a, const NodeSignature& s) {
  const Ints x = shape_of(s.inputs[0]), w = shape_of(s.inputs[1]);
  if (x.size() < 3 || w.size() != x.size())
    throw std::invalid_argument("X and W must both be [N, C, d1..dk]");
  const Ints spatial(x.begin() + 2, x.end()), wsp(w.begin() + 2, w.end());
  const Window win = read_window(a, spatial, read_kernel(a, spatial.size(), &wsp));
  const int64_t groups = a.get_int("group", 1);
  Ints common, extra_b, extra_e;
  bool extra = false;
  for (size_t i = 0; i < spatial.size(); ++i) {
    const int64_t c = std::min(win.pad_begin[i], win.pad_end[i]);
    common.push_back(c);
    extra_b.push_back(win.pad_begin[i] - c);
    extra_e.push_back(win.pad_end[i] - c);
    extra = extra || extra_b.back() || extra_e.back();
  }
  const Ints pads = aten_pads(extra_b, extra_e);
  const bool bias = given(s, 2);
  return [=](const std::vector<at::Tensor>& in) {
    const at::Tensor src = extra ? at::constant_pad_nd(in[0], pads, 0) : in[0];
    return std::vector<at::Tensor>{at::convolution(src, in[1], bias ? in[2] : at::Tensor(),
                                                   win.stride, common, win.dilation, false,
                                                   Ints(spatial.size(), 0), groups)};
  };
}

// ConvTranspose: the full transposed convolution, then cut (pads) or extended (output_padding
// beyond the pads) to ONNX's output, and the bias added last.
NodeFn conv_transpose(const Attrs& a, const NodeSignature& s) {
  const Ints x = shape_of(s.inputs[0]), w = shape_of(s.inputs[1]);
  if (x.size() < 3 || w.size() != x.size())
    throw std::invalid_argument("X and W must both be [N, C, d1..dk]");
  const size_t n = x.size() - 2;
  const Ints wsp(w.begin() + 2, w.end());
  const Ints kernel = read_kernel(a, n, &wsp);
  const Ints stride = ints_of_rank(a, "strides", n, 1, 1);
  const Ints dil = ints_of_rank(a, "dilations", n, 1, 1);
  const Ints outpad = ints_of_rank(a, "output_padding", n, 0, 0);
  const int64_t groups = a.get_int("group", 1);
  Ints pb(n, 0), pe(n, 0);
  const std::string auto_pad = a.get_string("auto_pad", "NOTSET");
  Ints out_shape = a.get_ints("output_shape");
  if (out_shape.size() == n + 2) out_shape.erase(out_shape.begin(), out_shape.begin() + 2);
  for (size_t i = 0; i < n; ++i) {
    const int64_t full = stride[i] * (x[i + 2] - 1) + outpad[i] + (kernel[i] - 1) * dil[i] + 1;
    if (!out_shape.empty() || auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      const int64_t target = out_shape.empty() ? x[i + 2] * stride[i] : out_shape.at(i);
      const int64_t total = full - target;
      pb[i] = auto_pad == "SAME_UPPER" ? total / 2 : total - total / 2;
      pe[i] = total - pb[i];
    } else if (auto_pad == "NOTSET") {
      const Ints pads = a.get_ints("pads", Ints(2 * n, 0));
      if (pads.size() != 2 * n) throw std::invalid_argument("pads must have 2k values");
      pb[i] = pads[i];
      pe[i] = pads[i + n];
    }
  }
  const bool bias = given(s, 2);
  return [=](const std::vector<at::Tensor>& in) {
    at::Tensor y = at::convolution(in[0], in[1], at::Tensor(), stride, Ints(n, 0), dil, true,
                                   Ints(n, 0), groups);
    // Output range [pb, full_no_outpad + outpad - pe) along each spatial dimension.
    Ints cut_b(n), cut_e(n);
    for (size_t i = 0; i < n; ++i) {
      cut_b[i] = -pb[i];
      cut_e[i] = outpad[i] - pe[i];
    }
    y = at::constant_pad_nd(y, aten_pads(cut_b, cut_e), 0);
    if (bias) {
      Ints bshape(n + 2, 1);
      bshape[1] = -1;
      y = y + in[2].reshape(bshape);
    }
    return std::vector<at::Tensor>{y};
  };
}

// MaxPool and AveragePool. The common geometry (symmetric pads that LibTorch accepts, and the
// same output sizes) runs natively; any other is padded explicitly (-inf for max; for average,
// a sum pooling divided by a pooled count of what ONNX counts).
NodeFn pool(const Attrs& a, const NodeSignature& s, bool is_max) {
  const Ints x = shape_of(s.inputs[0]);
  if (x.size() < 3 || x.size() > 5) throw std::invalid_argument("X must be [N, C, d1..dk], k 1..3");
  const size_t n = x.size() - 2;
  const Ints spatial(x.begin() + 2, x.end());
  const Window win = read_window(a, spatial, read_kernel(a, n, nullptr), is_max);
  if (!is_max)
    for (int64_t d : a.get_ints("dilations"))
      if (d != 1) throw sdk::unsupported("AveragePool with dilations: ATen's avg_pool has none");
  const bool ceil = a.get_flag("ceil_mode", false);
  const bool include = a.get_flag("count_include_pad", false);
  const Ints out = window_output(win, spatial, ceil);
  bool native = win.symmetric();
  for (size_t i = 0; i < n && native; ++i)
    native = win.pad_begin[i] * 2 <= win.kernel[i] &&
             torch_pooled_size(spatial[i], win.kernel[i], win.pad_begin[i], win.stride[i],
                               win.dilation[i], ceil) == out[i];
  // 1-D pools run as 2-D ones over a unit dimension.
  auto lift = [n](Ints v, int64_t one) {
    if (n == 1) v.insert(v.begin(), one);
    return v;
  };
  const Ints k = lift(win.kernel, 1), st = lift(win.stride, 1), dl = lift(win.dilation, 1);
  Ints extra_end(n);
  for (size_t i = 0; i < n; ++i)
    extra_end[i] = std::max<int64_t>(
        0, (out[i] - 1) * win.stride[i] + win.extent(i) - spatial[i] - win.pad_begin[i] - win.pad_end[i]);
  Ints pe = win.pad_end;
  for (size_t i = 0; i < n; ++i) pe[i] += extra_end[i];
  const Ints all_pads = aten_pads(win.pad_begin, pe);
  const Ints p = lift(native ? win.pad_begin : Ints(n, 0), 0), zero = lift(Ints(n, 0), 0);
  return [=](const std::vector<at::Tensor>& in) {
    at::Tensor src = n == 1 ? in[0].unsqueeze(2) : in[0];
    const bool three = n == 3;
    auto run_max = [&](const at::Tensor& t, const Ints& pad, bool c) {
      return three ? at::max_pool3d(t, k, st, pad, dl, c) : at::max_pool2d(t, k, st, pad, dl, c);
    };
    auto run_avg = [&](const at::Tensor& t, const Ints& pad, bool c, bool inc,
                       c10::optional<int64_t> div) {
      return three ? at::avg_pool3d(t, k, st, pad, c, inc, div) : at::avg_pool2d(t, k, st, pad, c, inc, div);
    };
    at::Tensor y;
    if (native) {
      y = is_max ? run_max(src, p, ceil) : run_avg(src, p, ceil, include, c10::nullopt);
    } else if (is_max) {
      at::Tensor padded =
          at::constant_pad_nd(in[0], all_pads, -std::numeric_limits<double>::infinity());
      y = run_max(n == 1 ? padded.unsqueeze(2) : padded, zero, false);
    } else {
      at::Tensor padded = at::constant_pad_nd(in[0], all_pads, 0);
      // What ONNX divides by: the real elements, plus the declared padding with count_include_pad.
      at::Tensor ones = at::ones(in[0].sizes().slice(2), in[0].options()).unsqueeze(0).unsqueeze(0);
      at::Tensor mask = include ? at::constant_pad_nd(at::constant_pad_nd(ones, aten_pads(win.pad_begin, win.pad_end), 1), aten_pads(Ints(n, 0), extra_end), 0)
                                : at::constant_pad_nd(ones, all_pads, 0);
      if (n == 1) {
        padded = padded.unsqueeze(2);
        mask = mask.unsqueeze(2);
      }
      y = run_avg(padded, zero, false, true, 1) / run_avg(mask, zero, false, true, 1);
    }
    return std::vector<at::Tensor>{n == 1 ? y.squeeze(2) : y};
  };
}

NodeFn gemm(const Attrs& a, const NodeSignature& s) {
  const bool ta = a.get_int("transA", 0) != 0, tb = a.get_int("transB", 0) != 0;
  const double alpha = a.get_float("alpha", 1.0), beta = a.get_float("beta", 1.0);
  const bool has_c = given(s, 2);
  return [=](const std::vector<at::Tensor>& in) {
    const at::Tensor A = ta ? in[0].t() : in[0];
    const at::Tensor B = tb ? in[1].t() : in[1];
    if (has_c) return std::vector<at::Tensor>{at::addmm(in[2], A, B, beta, alpha)};
    at::Tensor y = at::mm(A, B);
    return std::vector<at::Tensor>{alpha == 1.0 ? y : y * alpha};
  };
}

// Softmax and LogSoftmax: along `axis` from opset 13, over the dimensions from `axis` on (the
// input seen as 2-D) before it.
NodeFn softmax(const Attrs& a, const NodeSignature& s, bool log) {
  const int64_t opset = a.get_int(D500_ATTR_OPSET, 13);
  const int64_t rank = s.inputs[0].ndim;
  const int64_t axis = norm_axis(a.get_int("axis", opset >= 13 ? -1 : 1), rank);
  const Ints shape = shape_of(s.inputs[0]);
  return [=](const std::vector<at::Tensor>& in) {
    if (opset >= 13) return std::vector<at::Tensor>{log ? at::log_softmax(in[0], axis) : at::softmax(in[0], axis)};
    const at::Tensor flat = in[0].flatten(axis).flatten(0, std::max<int64_t>(axis - 1, 0));
    const at::Tensor two = axis == 0 ? flat.reshape({1, -1}) : flat;
    const at::Tensor y = log ? at::log_softmax(two, 1) : at::softmax(two, 1);
    return std::vector<at::Tensor>{y.reshape(shape)};
  };
}

NodeFn flatten(const Attrs& a, const NodeSignature& s) {
  const Ints x = shape_of(s.inputs[0]);
  const int64_t axis = a.get_int("axis", 1);
  const int64_t ax = axis < 0 ? axis + static_cast<int64_t>(x.size()) : axis;
  if (ax < 0 || ax > static_cast<int64_t>(x.size())) throw std::invalid_argument("axis out of range");
  int64_t outer = 1;
  for (int64_t i = 0; i < ax; ++i) outer *= x[i];
  return [=](const std::vector<at::Tensor>& in) {
    return std::vector<at::Tensor>{in[0].reshape({outer, -1})};
  };
}

// Shape-only operators take the output shape the host inferred (complete for a built executor).
NodeFn reshape_to_output(const NodeSignature& s, const char* op) {
  if (s.outputs.empty() || s.outputs[0].ndim < 0)
    throw sdk::unsupported(std::string(op) + " without an inferred output shape");
  const Ints out = shape_of(s.outputs[0]);
  for (int64_t d : out)
    if (d < 0) throw sdk::unsupported(std::string(op) + " without a complete output shape");
  return [=](const std::vector<at::Tensor>& in) { return std::vector<at::Tensor>{in[0].reshape(out)}; };
}

NodeFn transpose(const Attrs& a, const NodeSignature& s) {
  Ints perm = a.get_ints("perm");
  if (perm.empty())
    for (int64_t i = s.inputs[0].ndim; i-- > 0;) perm.push_back(i);
  return [=](const std::vector<at::Tensor>& in) {
    return std::vector<at::Tensor>{in[0].permute(perm).contiguous()};
  };
}

NodeFn batch_norm(const Attrs& a, const NodeSignature&) {
  if (a.get_int("training_mode", 0) != 0)
    throw sdk::unsupported("BatchNormalization with training_mode=1 (batch statistics)");
  const double eps = a.get_float("epsilon", 1e-5), momentum = a.get_float("momentum", 0.9);
  // LibTorch's fused batch_norm for X, scale and B; the graph IR also trains mean and var, whose
  // gradients native_batch_norm refuses. They follow from the others: with inv = 1/sqrt(var+eps),
  // dL/dmean = -scale*inv * dL/dB and dL/dvar = -scale*inv^2/2 * dL/dscale. Adding
  // (mean - mean.detach()) * (-scale*inv) to B (zero in value) routes exactly that gradient to
  // mean through B's, and likewise for var through scale's: per-channel work only.
  return [=](const std::vector<at::Tensor>& in) {
    const at::Tensor mean = in[3].detach(), var = in[4].detach();
    if (!at::GradMode::is_enabled() || !(in[3].requires_grad() || in[4].requires_grad()))
      return std::vector<at::Tensor>{
          at::batch_norm(in[0], in[1], in[2], mean, var, false, 1 - momentum, eps, true)};
    // The per-channel factors without autograd, then two fused addcmul's that carry it.
    at::Tensor dmean, dvar;
    {
      at::NoGradGuard no_grad;
      dmean = at::rsqrt(var + eps);           // inv
      dvar = dmean * dmean;                   // inv^2
      dmean.mul_(in[1]).neg_();               // -scale * inv
      dvar.mul_(in[1]).mul_(-0.5);            // -scale * inv^2 / 2
    }
    const at::Tensor scale = at::addcmul(in[1], in[4] - var, dvar);
    const at::Tensor bias = at::addcmul(in[2], in[3] - mean, dmean);
    return std::vector<at::Tensor>{
        at::batch_norm(in[0], scale, bias, mean, var, false, 1 - momentum, eps, true)};
  };
}

// Reductions: axes from the attribute, or (ReduceSum from opset 13, all from 18) the second input,
// which must then be a constant. `f` keeps the reduced dimensions; without keepdims they are
// dropped after.
using ReduceFn = at::Tensor (*)(const at::Tensor& x, at::IntArrayRef dims);
NodeFn reduce(const Attrs& a, const NodeSignature& s, ReduceFn f) {
  Ints axes = a.get_ints("axes");
  if (given(s, 1)) {
    if (!s.constants.at(1)) throw sdk::unsupported("axes given as a computed input");
    const at::Tensor c = s.constants[1]->to(at::kLong).contiguous();
    axes.assign(c.data_ptr<int64_t>(), c.data_ptr<int64_t>() + c.numel());
  }
  const bool keep = a.get_int("keepdims", 1) != 0;
  const bool noop = a.get_int("noop_with_empty_axes", 0) != 0;
  const Ints x = shape_of(s.inputs[0]);
  const int64_t rank = s.inputs[0].ndim;
  for (auto& ax : axes) ax = norm_axis(ax, rank);
  Ints dims = axes, out;
  if (dims.empty())
    for (int64_t i = 0; i < rank; ++i) dims.push_back(i);
  for (int64_t i = 0; i < rank; ++i)
    if (std::find(dims.begin(), dims.end(), i) == dims.end()) out.push_back(x[i]);
  return [=](const std::vector<at::Tensor>& in) {
    if (axes.empty() && noop) return std::vector<at::Tensor>{in[0]};
    const at::Tensor y = f(in[0], dims);
    return std::vector<at::Tensor>{keep ? y : y.reshape(out)};
  };
}

int64_t reduction_of(const Attrs& a) {
  const std::string r = a.get_string("reduction", "mean");
  if (r == "mean") return at::Reduction::Mean;
  if (r == "sum") return at::Reduction::Sum;
  if (r == "none") return at::Reduction::None;
  throw std::invalid_argument("reduction '" + r + "' is not none, sum or mean");
}

NodeFn nll(const Attrs& a, const NodeSignature& s, bool with_softmax) {
  const int64_t red = reduction_of(a);
  const int64_t ignore = a.get_int("ignore_index", -100000007);
  const bool weighted = given(s, 2);
  return [=](const std::vector<at::Tensor>& in) {
    const at::Tensor logp = with_softmax ? at::log_softmax(in[0], 1) : in[0];
    at::Tensor loss = at::nll_loss_nd(logp, in[1], weighted ? in[2] : at::Tensor(), red, ignore);
    std::vector<at::Tensor> out{loss};
    if (with_softmax) out.push_back(logp);
    return out;
  };
}

NodeFn mse(const Attrs& a) {
  const int64_t red = reduction_of(a);
  return [=](const std::vector<at::Tensor>& in) {
    return std::vector<at::Tensor>{at::mse_loss(in[0], in[1], red)};
  };
}

NodeFn binary(at::Tensor (*f)(const at::Tensor&, const at::Tensor&)) {
  return [f](const std::vector<at::Tensor>& in) { return std::vector<at::Tensor>{f(in[0], in[1])}; };
}

}  // namespace

NodeFn compile_node(const std::string& op, const std::string& domain, const sdk::Attributes& a,
                    const NodeSignature& s) {
  if (domain == "ai.d500" && op == "MeanSquaredError") return mse(a);
  if (!domain.empty() && domain != "ai.onnx")
    throw sdk::unsupported("operator " + op + " of domain " + domain);
  if (op == "Conv") return conv(a, s);
  if (op == "ConvTranspose") return conv_transpose(a, s);
  if (op == "MaxPool") return pool(a, s, true);
  if (op == "AveragePool") return pool(a, s, false);
  if (op == "GlobalAveragePool" || op == "GlobalMaxPool") {
    const bool avg = op == "GlobalAveragePool";
    return [avg](const std::vector<at::Tensor>& in) {
      Ints dims;
      for (int64_t i = 2; i < in[0].dim(); ++i) dims.push_back(i);
      return std::vector<at::Tensor>{avg ? at::mean(in[0], dims, true) : at::amax(in[0], dims, true)};
    };
  }
  if (op == "BatchNormalization") return batch_norm(a, s);
  if (op == "Gemm") return gemm(a, s);
  if (op == "MatMul") return binary([](const at::Tensor& x, const at::Tensor& y) { return at::matmul(x, y); });
  if (op == "Add") return binary([](const at::Tensor& x, const at::Tensor& y) { return x + y; });
  if (op == "Sub") return binary([](const at::Tensor& x, const at::Tensor& y) { return x - y; });
  if (op == "Mul") return binary([](const at::Tensor& x, const at::Tensor& y) { return x * y; });
  if (op == "Div") return binary([](const at::Tensor& x, const at::Tensor& y) { return x / y; });
  if (op == "Pow") return binary([](const at::Tensor& x, const at::Tensor& y) { return at::pow(x, y); });
  if (const PointwiseOp* p = find_pointwise(op)) {
    const PointwiseParams params = pointwise_params(*p, a);
    return [p, params](const std::vector<at::Tensor>& in) {
      return std::vector<at::Tensor>{p->f(in[0], params)};
    };
  }
  if (op == "Clip") {
    const ClipBounds b = ClipBounds::read(a);
    const bool lo = given(s, 1), hi = given(s, 2);
    return [b, lo, hi](const std::vector<at::Tensor>& in) {
      return std::vector<at::Tensor>{
          onnx_clip(in[0], b, lo ? in[1] : at::Tensor(), hi ? in[2] : at::Tensor())};
    };
  }
  if (op == "PRelu") {
    const Ints view = prelu_slope_view(shape_of(s.inputs.at(0)), shape_of(s.inputs.at(1)),
                                       a.get_int(D500_ATTR_OPSET, 7));
    return [view](const std::vector<at::Tensor>& in) {
      return std::vector<at::Tensor>{onnx_prelu(in[0], in[1].reshape(view))};
    };
  }
  if (op == "Identity") return unary([](const at::Tensor& x) { return x; });
  if (op == "Softmax") return softmax(a, s, false);
  if (op == "LogSoftmax") return softmax(a, s, true);
  if (op == "Flatten") return flatten(a, s);
  if (op == "Reshape") return reshape_to_output(s, "Reshape");
  if (op == "Transpose") return transpose(a, s);
  if (op == "Concat") {
    const int64_t axis = norm_axis(a.get_int("axis"), s.inputs.at(0).ndim);
    return [axis](const std::vector<at::Tensor>& in) { return std::vector<at::Tensor>{at::cat(in, axis)}; };
  }
  if (op == "Sum") {
    return [](const std::vector<at::Tensor>& in) {
      at::Tensor y = in[0];
      for (size_t i = 1; i < in.size(); ++i) y = y + in[i];
      return std::vector<at::Tensor>{y};
    };
  }
  if (op == "Dropout") {
    // Inference semantics (training_mode, when given, must be a constant false): Y = X and an
    // all-true mask.
    if (given(s, 2) && (!s.constants.at(2) || s.constants[2]->item<bool>()))
      throw sdk::unsupported("Dropout in training mode");
    return [](const std::vector<at::Tensor>& in) {
      return std::vector<at::Tensor>{in[0], at::ones(in[0].sizes(), in[0].options().dtype(at::kBool))};
    };
  }
  if (op == "ReduceMean")
    return reduce(a, s, [](const at::Tensor& x, at::IntArrayRef d) { return at::mean(x, d, true); });
  if (op == "ReduceSum")
    return reduce(a, s, [](const at::Tensor& x, at::IntArrayRef d) { return at::sum(x, d, true); });
  if (const ReduceOp* r = find_reduce(op)) return reduce(a, s, r->f);
  if (op == "NegativeLogLikelihoodLoss") return nll(a, s, false);
  if (op == "SoftmaxCrossEntropyLoss") return nll(a, s, true);
  throw sdk::unsupported("operator " + op + " is not implemented by the torch executor");
}

}  // namespace d500::torch_plugin
