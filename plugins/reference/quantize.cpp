// QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear (quantize.h): uint8/int8 with
// per-tensor or per-axis scales and zero points, computed in double.
#include "quantize.h"

#include "quant_common.h"

namespace d500::reference {
namespace {

bool given(const std::vector<TensorInfo>& in, size_t i) {
  return i < in.size() && in[i].present();
}

// What QuantizeLinear and DequantizeLinear share: x, a scale, an optional zero point, axis.
class Linear {
 public:
  std::vector<TensorInfo> outputs() const { return {TensorInfo(out_dtype_, x_.shape())}; }

 protected:
  Linear(const Attributes& attrs, const std::vector<TensorInfo>& in, const char* scale_name,
         const char* zp_name) {
    attrs.expect_only({"axis", "saturate"});
    if (in.size() < 2 || in.size() > 3 || !given(in, 0) || !given(in, 1))
      throw std::invalid_argument(std::string("takes x, ") + scale_name + " and an optional " +
                                  zp_name + ", got " + std::to_string(in.size()) + " inputs");
    x_ = in[0];
    const int64_t axis = attrs.get_int("axis", 1);
    if (!is_real(in[1].dtype()))
      throw sdk::unsupported(std::string(scale_name) + " of dtype " +
                             sdk::dtype_name(in[1].dtype()) + " is not implemented");
    scale_ = QuantParam(in[1], x_.shape(), axis, scale_name);
    has_zp_ = given(in, 2);
    if (has_zp_) {
      if (in[2].shape() != in[1].shape())
        throw std::invalid_argument(std::string(zp_name) + " " + in[2].str() +
                                    " must have the shape of " + scale_name + " " + in[1].str());
      zp_ = scale_;
      zp_dtype_ = in[2].dtype();
    }
  }

  // out[i] = f(x[i], scale, zero point) over every element.
  template <class F>
  std::vector<double> map(Inputs in, F&& f) const {
    expect_shape(in[0], x_.shape(), "x");
    const std::vector<double> x = to_doubles(in[0]), s = to_doubles(in[1]);
    const std::vector<double> z = has_zp_ && in.size() > 2 && in[2].defined()
                                      ? to_doubles(in[2])
                                      : std::vector<double>(s.size(), 0.0);
    std::vector<double> y(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      const auto k = static_cast<int64_t>(i);
      y[i] = f(x[i], s[scale_.index(k)], z[zp_.index(k)]);
    }
    return y;
  }

  TensorInfo x_;
  QuantParam scale_, zp_;
  bool has_zp_ = false;
  DLDataType zp_dtype_ = sdk::dtype_of<uint8_t>(), out_dtype_{};
};

class QuantizeLinear : public Linear, public sdk::Operator<QuantizeLinear> {
 public:
  QuantizeLinear(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : Linear(attrs, in, "y_scale", "y_zero_point") {
    if (!is_real(x_.dtype()) && !x_.is<int32_t>())
      throw sdk::unsupported("x of dtype " + sdk::dtype_name(x_.dtype()) +
                             " is not implemented (float32, float64, int32)");
    if (has_zp_) expect_quantized(in[2], "y_zero_point");
    out_dtype_ = zp_dtype_;
    in_float32_ = x_.is<float>() && in[1].is<float>();
  }
  // y = saturate(round(x / scale) + zero point), rounding half to even; x / scale in float32
  // for float32 x, as ONNX's reference and ONNX Runtime divide (ties decide the rounding).
  void forward(Inputs in, Outputs out) {
    const auto [lo, hi] = int_range(out_dtype_);
    const bool f32 = in_float32_;
    write_values(out[0], map(in, [lo = lo, hi = hi, f32](double x, double s, double z) {
                   const double q = f32 ? static_cast<float>(x) / static_cast<float>(s) : x / s;
                   return std::clamp(std::nearbyint(q) + z, lo, hi);
                 }));
  }

 private:
  bool in_float32_ = false;
};

class DequantizeLinear : public Linear, public sdk::Operator<DequantizeLinear> {
 public:
  DequantizeLinear(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : Linear(attrs, in, "x_scale", "x_zero_point") {
    if (!is_quantized(x_.dtype()) && !x_.is<int32_t>())
      throw sdk::unsupported("x of dtype " + sdk::dtype_name(x_.dtype()) +
                             " is not implemented (uint8, int8, int32)");
    if (has_zp_ && !sdk::same_dtype(zp_dtype_, x_.dtype()))
      throw std::invalid_argument("x_zero_point " + in[2].str() + " must have x's dtype " +
                                  x_.str());
    out_dtype_ = in[1].dtype();
  }
  // y = (x - zero point) * scale.
  void forward(Inputs in, Outputs out) {
    write_values(out[0], map(in, [](double x, double s, double z) { return (x - z) * s; }));
  }
};

// y = saturate(round(x / scale) + zp) with scale = (max(0, max x) - min(0, min x)) / 255 and
// zp = saturate(round(-min(0, min x) / scale)), all uint8.
class DynamicQuantizeLinear : public sdk::Operator<DynamicQuantizeLinear> {
 public:
  DynamicQuantizeLinear(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({});
    sdk::expect_count(in.size(), 1, "inputs");
    if (!in[0].is<float>())
      throw sdk::unsupported("x of dtype " + sdk::dtype_name(in[0].dtype()) +
                             " is not implemented (ONNX defines float32)");
    x_ = in[0];
  }
  std::vector<TensorInfo> outputs() const {
    const DLDataType u8 = sdk::dtype_of<uint8_t>();
    return {TensorInfo(u8, x_.shape()), TensorInfo(sdk::dtype_of<float>(), {}), TensorInfo(u8, {})};
  }
  void forward(Inputs in, Outputs out) {
    sdk::expect_count(out.size(), 3, "outputs");
    expect_shape(in[0], x_.shape(), "x");
    const std::vector<double> x = to_doubles(in[0]);
    double lo = 0, hi = 0;
    for (double v : x) lo = std::min(lo, v), hi = std::max(hi, v);
    // In float32 throughout, as ONNX's reference computes it (a tie such as 0.5 / scale rounding
    // to 25.5 in float32, 25.49999 in double, decides the result).
    const float scale = static_cast<float>(hi - lo) / 255.0f;
    const auto div = [scale](double v) {
      return static_cast<double>(static_cast<float>(v) / scale);
    };
    const double zp = scale > 0 ? std::clamp(std::nearbyint(div(-lo)), 0.0, 255.0) : 0.0;
    std::vector<double> y(x.size(), zp);
    if (scale > 0)
      for (size_t i = 0; i < x.size(); ++i)
        y[i] = std::clamp(std::nearbyint(div(x[i])) + zp, 0.0, 255.0);
    write_values(out[0], y);
    write_values(out[1], {scale});
    write_values(out[2], {zp});
  }

 private:
  TensorInfo x_;
};

}  // namespace

void add_quantize_ops(std::vector<d500_operator>& ops) {
  ops.push_back(QuantizeLinear::define(
      {"QuantizeLinear", "", "default", "ONNX QuantizeLinear to uint8/int8, per tensor or axis"}));
  ops.push_back(
      DequantizeLinear::define({"DequantizeLinear", "", "default",
                                "ONNX DequantizeLinear of uint8/int8/int32, per tensor or axis"}));
  ops.push_back(DynamicQuantizeLinear::define(
      {"DynamicQuantizeLinear", "", "default", "ONNX DynamicQuantizeLinear, float32 to uint8"}));
}

}  // namespace d500::reference
