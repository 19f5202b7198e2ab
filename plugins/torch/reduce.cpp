// The reduction table (reduce.h) and its kernels.
//   L2's gradient is X / Y, 0 where Y = 0; Max and Min share dY evenly among the elements equal
//   to the extremum (as amax/amin's autograd); Prod's is the product of the other elements,
//   exact with zeros (only a sole zero of its output gets a gradient).
#include "reduce.h"

#include <iterator>
#include <utility>

#include "common.h"
#include "registry.h"

namespace d500::torch_plugin {

ReduceGeometry::ReduceGeometry(const sdk::Attributes& a, const std::vector<sdk::TensorInfo>& in,
                               const sdk::Constants& c) {
  a.expect_only({"axes", "keepdims", "noop_with_empty_axes"});
  if (in.empty() || in.size() > 2) throw std::invalid_argument("expects data and optional axes");
  x = in[0].shape();
  const int64_t rank = static_cast<int64_t>(x.size());
  Shape axes = a.get_ints("axes");
  if (present(in, 1)) {
    if (a.has("axes")) throw std::invalid_argument("axes given as attribute and as input");
    axes = c.ints(1, "axes");
  }
  const bool keepdims = a.get_flag("keepdims", true);
  noop = axes.empty() && a.get_flag("noop_with_empty_axes", false);
  std::vector<bool> reduced(x.size(), axes.empty() && !noop);
  for (int64_t axis : axes) reduced[static_cast<size_t>(normalize_axis(axis, rank))] = true;
  for (size_t i = 0; i < x.size(); ++i) {
    if (reduced[i]) {
      dims.push_back(static_cast<int64_t>(i));
      count *= x[i];
    }
    keep.push_back(reduced[i] ? 1 : x[i]);
    if (!reduced[i] || keepdims) y.push_back(keep.back());
  }
  if (dims.empty()) noop = true;  // nothing to reduce: a copy (also rank-0 data)
}

namespace {

using T = at::Tensor;
using Dims = at::IntArrayRef;

T product(const T& x, Dims dims) {
  T y = x;
  for (int64_t d : dims) y = at::prod(y, d, /*keepdim=*/true);
  return y;
}

// Where X equals Y (the extremum), dY shared among the ties.
T extremum_grad(const T& dy, const T& x, const T& y, Dims dims) {
  const T hit = (x == y).to(dy.scalar_type());
  return dy * hit / at::sum(hit, dims, true);
}

constexpr ReduceOp kReduceOps[] = {
    {"ReduceSumSquare", "ONNX ReduceSumSquare, sum of x * x",
     [](const T& x, Dims d) { return at::sum(x * x, d, true); },
     [](const T& dy, const T& x, const T&, Dims) { return dy * x * 2; }},
    {"ReduceL1", "ONNX ReduceL1, sum of |x|",
     [](const T& x, Dims d) { return at::sum(at::abs(x), d, true); },
     [](const T& dy, const T& x, const T&, Dims) { return dy * at::sgn(x); }},
    {"ReduceL2", "ONNX ReduceL2 via at::linalg_vector_norm",
     [](const T& x, Dims d) { return at::linalg_vector_norm(x, 2, d, true); },
     [](const T& dy, const T& x, const T& y, Dims) {
       return dy * (x / y).masked_fill_(y == 0, 0);
     }},
    {"ReduceLogSum", "ONNX ReduceLogSum, log of the sum",
     [](const T& x, Dims d) { return at::log(at::sum(x, d, true)); },
     [](const T& dy, const T& x, const T& y, Dims) {
       return (dy * at::exp(-y)).expand(x.sizes());
     }},
    {"ReduceLogSumExp", "ONNX ReduceLogSumExp via at::logsumexp",
     [](const T& x, Dims d) { return at::logsumexp(x, d, true); },
     [](const T& dy, const T& x, const T& y, Dims) { return dy * at::exp(x - y); }},
    {"ReduceMax", "ONNX ReduceMax via at::amax; gradient shared among ties",
     [](const T& x, Dims d) { return at::amax(x, d, true); }, extremum_grad},
    {"ReduceMin", "ONNX ReduceMin via at::amin; gradient shared among ties",
     [](const T& x, Dims d) { return at::amin(x, d, true); }, extremum_grad},
    {"ReduceProd", "ONNX ReduceProd via at::prod; exact gradient with zeros", product,
     [](const T& dy, const T& x, const T& y, Dims d) {
       const T zero = x == 0;
       const T others = product(at::where(zero, at::ones_like(x), x), d);
       const T zeros = at::sum(zero, d, true);
       const T sole = zeros.eq(1).logical_and(zero);
       return dy * at::where(zeros.eq(0), y / x, at::where(sole, others, at::zeros_like(x)));
     }},
};

class ReduceKernel {
 public:
  ReduceKernel(const ReduceOp& op, const Attributes& a, const std::vector<TensorInfo>& in,
               const Constants& c)
      : op_(op), type_(real_type(in, 0, 1)), g_(a, in, c) {
    x_ = Slot("data", type_, g_.x), dx_ = Slot("d data", type_, g_.x);
    y_ = Slot("reduced", type_, g_.y, g_.keep), dy_ = Slot("d reduced", type_, g_.y, g_.keep);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, g_.y)}; }

  void forward(Inputs in, Outputs out) {
    at::Tensor& y = y_(out[0]);
    const at::Tensor& x = x_(in[0]);
    y.copy_(g_.noop ? x.view(g_.keep) : op_.f(x, g_.dims));
  }

  void backward(Inputs go, Inputs in, Inputs out, Outputs gi) {
    zero_gradient(gi, 1);  // axes
    if (!wanted(gi, 0)) return;
    at::Tensor& dx = dx_(gi[0]);
    const at::Tensor& dy = dy_(go[0]);
    if (g_.noop) {
      dx.copy_(dy.view(g_.x));
      return;
    }
    const at::Tensor& x = x_(in[0]);
    const at::Tensor y = given(out, 0) ? y_(out[0]) : op_.f(x, g_.dims);
    dx.copy_(op_.grad(dy, x, y, g_.dims));
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(g_.x));
    return {2 * n, static_cast<double>(type_size(type_)) * (n + static_cast<double>(numel(g_.y)))};
  }

 private:
  const ReduceOp& op_;
  at::ScalarType type_;
  ReduceGeometry g_;
  Slot x_, dx_, y_, dy_;
};

template <size_t I>
class ReduceAt : public ReduceKernel {
 public:
  ReduceAt(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants& c)
      : ReduceKernel(kReduceOps[I], a, in, c) {}
};

template <size_t I>
NodeFn graph_reduce(const Attributes& a, const NodeSignature& s) {
  return compile_reduce(a, s, kReduceOps[I].f);
}

template <size_t... I>
void add_reductions(std::vector<d500_operator>& ops, bool cuda, std::index_sequence<I...>) {
  (add<ReduceAt<I>>(ops, cuda, kReduceOps[I].op, kReduceOps[I].description, graph_reduce<I>), ...);
}

}  // namespace

// Reductions: axes from the attribute, or (ReduceSum from opset 13, all from 18) the second input,
// which must then be a constant. `f` keeps the reduced dimensions; without keepdims they are
// dropped after.
NodeFn compile_reduce(const sdk::Attributes& a, const NodeSignature& s, ReduceFn f) {
  using namespace graph;
  Ints axes = a.get_ints("axes");
  if (given(s, 1)) {
    if (!s.constants.at(1))
      throw sdk::unsupported("input 1 ('axes') must be a constant (an initializer)");
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

void add_reduce_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_reductions(ops, cuda, std::make_index_sequence<std::size(kReduceOps)>());
}

}  // namespace d500::torch_plugin
