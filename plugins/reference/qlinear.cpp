// MatMulInteger, QLinearMatMul, ConvInteger and QLinearConv (quantize.h). The integer inputs,
// less their zero points (times their scales for the QLinear forms), become doubles that the
// reference's own MatMul and Conv multiply: integer sums are exact there. The QLinear results
// are then requantized (rounded half to even, saturated) to y_zero_point's dtype.
#include <functional>

#include "conv.h"
#include "matmul.h"
#include "quant_common.h"
#include "quantize.h"

namespace d500::reference {
namespace {

bool given(const std::vector<TensorInfo>& in, size_t i) {
  return i < in.size() && in[i].present();
}
bool passed(Inputs in, size_t i) {
  return i < in.size() && in[i].ndim() != D500_ABSENT_NDIM && in[i].defined();
}

TensorInfo as_double(const TensorInfo& t) {
  return TensorInfo(sdk::dtype_of<double>(), t.shape());
}

// Input i's values, or `fallback` when it was left out.
std::vector<double> values_or(Inputs in, size_t i, double fallback) {
  return passed(in, i) ? to_doubles(in[i]) : std::vector<double>{fallback};
}

// Which entry of a scale / zero point applies to element e of its tensor: `groups(e)` gives the
// row (A), column (B) or output channel (W) of e, `count` how many such groups there are; a
// parameter of one element applies to all.
struct Grouping {
  std::function<int64_t(int64_t)> group;
  int64_t count = 1;
  int64_t of(int64_t e, size_t n) const { return n == 1 ? 0 : group(e) % count; }
};

void expect_grouped(const TensorInfo& p, const Grouping& g, const char* what) {
  if (p.numel() != 1 && p.numel() != g.count)
    throw std::invalid_argument(std::string(what) + " " + p.str() + " must have 1 or " +
                                std::to_string(g.count) + " elements");
}

// (t - zero point) * scale, element-wise, with the parameter entries of each element's group.
std::vector<double> centered(const sdk::InTensor& t, const std::vector<double>& zp,
                             const std::vector<double>& scale, const Grouping& g) {
  std::vector<double> v = to_doubles(t);
  for (size_t e = 0; e < v.size(); ++e) {
    const auto k = static_cast<int64_t>(e);
    v[e] = (v[e] - zp[static_cast<size_t>(g.of(k, zp.size()))]) *
           scale[static_cast<size_t>(g.of(k, scale.size()))];
  }
  return v;
}

// Where each input of an operator is: data, its scale and its zero point (kNone when it has
// none; bias -1).
struct Layout {
  size_t a, a_scale, a_zp, b, b_scale, b_zp, y_scale, y_zp;
  int bias;
};
constexpr size_t kNone = 99;
constexpr Layout kIntegerLayout{0, kNone, 2, 1, kNone, 3, kNone, kNone, -1};
constexpr Layout kQLinearLayout{0, 1, 2, 3, 4, 5, 6, 7, 8};

// The shared body: the two operands as doubles, the float operator `Op` over them, the result
// written as int32 (the Integer forms) or requantized with y_scale / y_zero_point.
template <class Op>
class Quantized {
 public:
  std::vector<TensorInfo> outputs() const {
    return {TensorInfo(out_dtype_, op_->outputs()[0].shape())};
  }
  void forward(Inputs in, Outputs out) {
    sdk::expect_count(out.size(), 1, "outputs");
    expect_shape(in[l_.a], shapes_[0], l_.y_scale == kNone ? "A" : "x");
    expect_shape(in[l_.b], shapes_[1], l_.y_scale == kNone ? "B" : "w");
    auto scale = [&](size_t i) {
      return i == kNone ? std::vector<double>{1.0} : to_doubles(in[i]);
    };
    std::vector<double> a = centered(in[l_.a], values_or(in, l_.a_zp, 0), scale(l_.a_scale), ga_);
    std::vector<double> b = centered(in[l_.b], values_or(in, l_.b_zp, 0), scale(l_.b_scale), gb_);
    std::vector<double> bias;
    if (l_.bias >= 0 && passed(in, static_cast<size_t>(l_.bias))) {
      // B is int32 with scale x_scale * w_scale and zero point 0.
      const std::vector<double> as = scale(l_.a_scale), bs = scale(l_.b_scale);
      bias = to_doubles(in[static_cast<size_t>(l_.bias)]);
      for (size_t m = 0; m < bias.size(); ++m) bias[m] *= as[0] * bs[bs.size() == 1 ? 0 : m];
    }
    const Shape y_shape = op_->outputs()[0].shape();
    std::vector<double> y(static_cast<size_t>(numel(y_shape)));
    std::vector<DLTensor> args = {double_view(a, shapes_[0]), double_view(b, shapes_[1])};
    if (!bias.empty()) args.push_back(double_view(bias, shapes_[2]));
    DLTensor result = double_view(y, y_shape);
    op_->forward(Inputs(args.data(), args.size()), Outputs(&result, 1));
    if (l_.y_scale != kNone) {
      const double ys = to_doubles(in[l_.y_scale])[0], yz = values_or(in, l_.y_zp, 0)[0];
      for (double& v : y) v = std::nearbyint(v / ys) + yz;
    }
    write_values(out[0], y);
  }

 protected:
  // Checks the dtypes and parameter shapes and creates Op over doubles.
  Quantized(const Attributes& op_attrs, const std::vector<TensorInfo>& in, Layout l) : l_(l) {
    const size_t needed = l.y_scale == kNone ? 2 : 8;
    if (in.size() < needed || !given(in, l.a) || !given(in, l.b))
      throw std::invalid_argument("expects at least " + std::to_string(needed) + " inputs, got " +
                                  std::to_string(in.size()));
    expect_quantized(in[l.a], l.y_scale == kNone ? "A" : "x");
    expect_quantized(in[l.b], l.y_scale == kNone ? "B" : "w");
    shapes_ = {in[l.a].shape(), in[l.b].shape()};
    std::vector<TensorInfo> infos = {as_double(in[l.a]), as_double(in[l.b])};
    if (l.bias >= 0 && given(in, static_cast<size_t>(l.bias))) {
      if (!in[static_cast<size_t>(l.bias)].is<int32_t>())
        throw std::invalid_argument("B must be int32, got " +
                                    in[static_cast<size_t>(l.bias)].str());
      shapes_.push_back(in[static_cast<size_t>(l.bias)].shape());
      infos.push_back(as_double(in[static_cast<size_t>(l.bias)]));
    }
    op_ = std::make_unique<Op>(op_attrs, infos);
    out_dtype_ = sdk::dtype_of<int32_t>();
    if (l.y_scale != kNone) {
      if (!given(in, l.y_zp)) throw std::invalid_argument("y_zero_point is required");
      expect_quantized(in[l.y_zp], "y_zero_point");
      out_dtype_ = in[l.y_zp].dtype();
      if (in[l.y_scale].numel() != 1 || in[l.y_zp].numel() != 1)
        throw sdk::unsupported("y_scale and y_zero_point must be scalars in this implementation");
    }
  }
  void set_groups(const std::vector<TensorInfo>& in, Grouping a, Grouping b) {
    ga_ = std::move(a), gb_ = std::move(b);
    for (size_t i : {l_.a_scale, l_.a_zp})
      if (i != kNone && given(in, i))
        expect_grouped(in[i], ga_, i == l_.a_zp ? "A's zero point" : "A's scale");
    for (size_t i : {l_.b_scale, l_.b_zp})
      if (i != kNone && given(in, i))
        expect_grouped(in[i], gb_, i == l_.b_zp ? "B's zero point" : "B's scale");
  }

  Layout l_;
  std::unique_ptr<Op> op_;
  std::vector<Shape> shapes_;
  Grouping ga_, gb_;
  DLDataType out_dtype_{};
};

// A's parameters per row of A, B's per column of B (MatMulInteger, QLinearMatMul).
class QuantizedMatMul : public Quantized<MatMul> {
 protected:
  QuantizedMatMul(const Attributes& attrs, const std::vector<TensorInfo>& in, Layout l)
      : Quantized<MatMul>(Attributes(nullptr, 0), in, l) {
    attrs.expect_only({});
    const Shape& a = in[l.a].shape();
    const Shape& b = in[l.b].shape();
    const int64_t k = a.back(), m = a.size() > 1 ? a[a.size() - 2] : 1,
                  n = b.size() > 1 ? b.back() : 1;
    this->set_groups(in, {[k](int64_t e) { return e / k; }, m},
                     {[n](int64_t e) { return e % n; }, n});
  }
};

// W's parameters per output channel (ConvInteger, QLinearConv); X's per tensor.
class QuantizedConv : public Quantized<Conv> {
 protected:
  QuantizedConv(const Attributes& attrs, const std::vector<TensorInfo>& in, Layout l)
      : Quantized<Conv>(attrs, in, l) {
    const Shape& w = in[l.b].shape();
    const int64_t per_m = numel(w) / w[0];
    this->set_groups(in, {[](int64_t) { return int64_t{0}; }, 1},
                     {[per_m](int64_t e) { return e / per_m; }, w[0]});
  }
};

class MatMulInteger : public QuantizedMatMul, public sdk::Operator<MatMulInteger> {
 public:
  MatMulInteger(const Attributes& a, const std::vector<TensorInfo>& in)
      : QuantizedMatMul(a, in, kIntegerLayout) {}
};
class QLinearMatMul : public QuantizedMatMul, public sdk::Operator<QLinearMatMul> {
 public:
  QLinearMatMul(const Attributes& a, const std::vector<TensorInfo>& in)
      : QuantizedMatMul(a, in, kQLinearLayout) {}
};
class ConvInteger : public QuantizedConv, public sdk::Operator<ConvInteger> {
 public:
  ConvInteger(const Attributes& a, const std::vector<TensorInfo>& in)
      : QuantizedConv(a, in, kIntegerLayout) {}
};
class QLinearConv : public QuantizedConv, public sdk::Operator<QLinearConv> {
 public:
  QLinearConv(const Attributes& a, const std::vector<TensorInfo>& in)
      : QuantizedConv(a, in, kQLinearLayout) {}
};

}  // namespace

void add_qlinear_ops(std::vector<d500_operator>& ops) {
  ops.push_back(MatMulInteger::define(
      {"MatMulInteger", "", "default", "ONNX MatMulInteger of uint8/int8 to int32"}));
  ops.push_back(QLinearMatMul::define(
      {"QLinearMatMul", "", "default", "ONNX QLinearMatMul of uint8/int8, exact in double"}));
  ops.push_back(ConvInteger::define(
      {"ConvInteger", "", "default", "ONNX ConvInteger of uint8/int8 to int32"}));
  ops.push_back(QLinearConv::define(
      {"QLinearConv", "", "default", "ONNX QLinearConv of uint8/int8, exact in double"}));
}

}  // namespace d500::reference
