// ONNX Conv and ConvTranspose through at::convolution(_out) and at::convolution_backward.
#include "common.h"
#include "registry.h"

namespace d500::torch_plugin {

// What Conv and ConvTranspose share: X [N, C, spatial...], W, optional B [M], 1-3 spatial dims.
struct ConvShapes {
  at::ScalarType type;
  Shape x, w, spatial, kernel;
  size_t rank = 0;
  int64_t groups = 1;
  bool has_bias = false;

  ConvShapes(const Attributes& a, const std::vector<TensorInfo>& in) : type(real_type(in)) {
    if (in.size() < 2 || in.size() > 3)
      throw std::invalid_argument("expects inputs X, W and optional B, got " +
                                  std::to_string(in.size()) + " inputs");
    x = in[0].shape();
    w = in[1].shape();
    if (x.size() < 3 || x.size() > 5 || w.size() != x.size())
      throw std::invalid_argument("X " + sdk::shape_string(x) + " and W " + sdk::shape_string(w) +
                                  " must both be [N, C, d1..dk] with k in 1..3");
    rank = x.size() - 2;
    spatial.assign(x.begin() + 2, x.end());
    const Shape w_spatial(w.begin() + 2, w.end());
    kernel = read_kernel(a, rank, &w_spatial);
    groups = a.get_int("group", 1);
    if (groups < 1) throw std::invalid_argument("group must be positive");
    has_bias = present(in, 2);
  }
  void check_bias(const std::vector<TensorInfo>& in, int64_t channels) const {
    if (has_bias && in[2].shape() != Shape{channels})
      throw std::invalid_argument("B " + sdk::shape_string(in[2].shape()) + " must be [" +
                                  std::to_string(channels) + "]");
  }
};

// Conv: Y = X * W + B. LibTorch pads symmetrically, so the symmetric part of ONNX's pads goes to
// at::convolution and any remainder (asymmetric pads, SAME_*) is applied explicitly by copying X
// into an instance-owned, zero-bordered buffer.
class Conv {
 public:
  Conv(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&)
      : s_(a, in) {
    a.expect_only({"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
    if (s_.x[1] != s_.w[1] * s_.groups || s_.w[0] % s_.groups != 0)
      throw std::invalid_argument("X " + sdk::shape_string(s_.x) + " and W " +
                                  sdk::shape_string(s_.w) + " do not fit group " +
                                  std::to_string(s_.groups));
    s_.check_bias(in, s_.w[0]);
    win_ = read_window(a, s_.spatial, s_.kernel);
    y_shape_ = {s_.x[0], s_.w[0]};
    for (int64_t o : window_output(win_, s_.spatial, false)) y_shape_.push_back(o);
    padded_shape_ = {s_.x[0], s_.x[1]};
    for (size_t i = 0; i < s_.rank; ++i) {
      const int64_t common = std::min(win_.pad_begin[i], win_.pad_end[i]);
      torch_pad_.push_back(common);
      extra_begin_.push_back(win_.pad_begin[i] - common);
      explicit_ = explicit_ || win_.pad_begin[i] != win_.pad_end[i];
      padded_shape_.push_back(s_.spatial[i] + win_.pad_begin[i] + win_.pad_end[i] - 2 * common);
    }
    output_padding_.assign(s_.rank, 0);
    bias_sizes_ = {s_.w[0]};
    const auto t = s_.type;
    x_ = Slot("X", t, s_.x), w_ = Slot("W", t, s_.w), b_ = Slot("B", t, {s_.w[0]});
    y_ = Slot("Y", t, y_shape_), dy_ = Slot("dY", t, y_shape_);
    dx_ = Slot("dX", t, s_.x), dw_ = Slot("dW", t, s_.w), db_ = Slot("dB", t, {s_.w[0]});
  }

  std::vector<TensorInfo> outputs() const { return {info(s_.type, y_shape_)}; }

  void forward(Inputs in, Outputs out) {
    c10::optional<at::Tensor> b;
    if (s_.has_bias) b = b_(in[2]);
    at::convolution_out(y_(out[0]), input(x_(in[0])), w_(in[1]), b, win_.stride, torch_pad_,
                        win_.dilation, false, output_padding_, s_.groups);
  }

  // ABI 1.3 forward_owned: at::convolution's own result, handed to the host without a copy.
  at::Tensor forward_tensor(Inputs in) {
    c10::optional<at::Tensor> b;
    if (s_.has_bias) b = b_(in[2]);
    return at::convolution(input(x_(in[0])), w_(in[1]), b, win_.stride, torch_pad_, win_.dilation,
                           false, output_padding_, s_.groups);
  }

  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    const std::array<bool, 3> mask{wanted(gi, 0), wanted(gi, 1), s_.has_bias && wanted(gi, 2)};
    if (!mask[0] && !mask[1] && !mask[2]) return;
    auto [gx, gw, gb] = at::convolution_backward(
        dy_(go[0]), input(x_(in[0])), w_(in[1]),
        s_.has_bias ? at::OptionalIntArrayRef(bias_sizes_) : c10::nullopt, win_.stride, torch_pad_,
        win_.dilation, false, output_padding_, s_.groups, mask);
    if (mask[0]) dx_(gi[0]).copy_(explicit_ ? region(gx, 2, extra_begin_, s_.spatial) : gx);
    if (mask[1]) dw_(gi[1]).copy_(gw);
    if (mask[2]) db_(gi[2]).copy_(gb);
  }

  Cost cost() const {
    const double per_output = 2.0 * static_cast<double>(s_.w[1] * numel(s_.kernel));
    Cost c;
    c.flops = per_output * static_cast<double>(numel(y_shape_)) +
              (s_.has_bias ? static_cast<double>(numel(y_shape_)) : 0.0);
    c.bytes = static_cast<double>(type_size(s_.type)) *
              static_cast<double>(numel(s_.x) + numel(s_.w) + numel(y_shape_) +
                                  (s_.has_bias ? s_.w[0] : 0));
    return c;
  }

 private:
  // X as at::convolution sees it: X itself, or X inside the explicitly padded buffer.
  const at::Tensor& input(const at::Tensor& x) {
    if (!explicit_) return x;
    if (!padded_.defined() || padded_.device() != x.device()) {
      padded_ = at::zeros(padded_shape_, x.options());  // the border stays zero for good
      interior_ = region(padded_, 2, extra_begin_, s_.spatial);
    }
    interior_.copy_(x);
    return padded_;
  }

  ConvShapes s_;
  Window win_;
  Shape y_shape_, torch_pad_, extra_begin_, padded_shape_, output_padding_, bias_sizes_;
  bool explicit_ = false;
  Slot x_, w_, b_, y_, dy_, dx_, dw_, db_;
  at::Tensor padded_, interior_;
};

// ConvTranspose: the gradient of Conv with respect to its input, as a layer. Symmetric pads with
// output_padding < max(stride, dilation) go to at::convolution(transposed) directly; any other
// geometry (asymmetric pads, SAME_*, output_shape, negative total padding) computes the full,
// unpadded result and crops or zero-extends it.
class ConvTranspose {
 public:
  ConvTranspose(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in,
                const Constants&)
      : s_(a, in) {
    a.expect_only({"auto_pad", "dilations", "group", "kernel_shape", "output_padding",
                   "output_shape", "pads", "strides"});
    const size_t n = s_.rank;
    if (s_.x[1] != s_.w[0])
      throw std::invalid_argument("X " + sdk::shape_string(s_.x) + " has " +
                                  std::to_string(s_.x[1]) + " channels, W " +
                                  sdk::shape_string(s_.w) + " expects " + std::to_string(s_.w[0]));
    if (s_.x[1] % s_.groups != 0) throw std::invalid_argument("channels do not divide by group");
    channels_ = s_.w[1] * s_.groups;
    s_.check_bias(in, channels_);
    stride_ = ints_of_rank(a, "strides", n, 1, 1);
    dilation_ = ints_of_rank(a, "dilations", n, 1, 1);
    output_padding_ = ints_of_rank(a, "output_padding", n, 0, 0);
    const std::string auto_pad = a.get_string("auto_pad", "NOTSET");
    Shape out_shape = a.get_ints("output_shape");
    if (out_shape.size() == n + 2) out_shape.erase(out_shape.begin(), out_shape.begin() + 2);
    if (!out_shape.empty() && out_shape.size() != n)
      throw std::invalid_argument("output_shape " + sdk::shape_string(out_shape) + " has " +
                                  std::to_string(out_shape.size()) + " values, expected " +
                                  std::to_string(n));
    const bool same = auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER";
    if (!same && auto_pad != "NOTSET" && auto_pad != "VALID")
      throw std::invalid_argument("auto_pad '" + auto_pad + "' is not a known value");
    if (out_shape.empty() && same)
      for (size_t i = 0; i < n; ++i) out_shape.push_back(s_.spatial[i] * stride_[i]);
    Shape pads = out_shape.empty() && auto_pad == "NOTSET" ? a.get_ints("pads", Shape(2 * n, 0))
                                                           : Shape(2 * n, 0);
    if (pads.size() != 2 * n) throw std::invalid_argument("pads needs 2 values per dimension");
    y_shape_ = {s_.x[0], channels_};
    full_shape_ = y_shape_;
    for (size_t i = 0; i < n; ++i) {
      const int64_t full = (s_.spatial[i] - 1) * stride_[i] + (s_.kernel[i] - 1) * dilation_[i] + 1;
      if (!out_shape.empty()) {
        const int64_t total = full + output_padding_[i] - out_shape[i];
        const int64_t half = total >= 0 ? total / 2 : -((-total + 1) / 2);
        pads[i] = auto_pad == "SAME_UPPER" ? half : total - half;
        pads[i + n] = total - pads[i];
      }
      begin_.push_back(pads[i]);
      const int64_t o = full + output_padding_[i] - pads[i] - pads[i + n];
      if (o < 1) throw std::invalid_argument("ConvTranspose output would be empty");
      y_shape_.push_back(o);
      full_shape_.push_back(full);
      direct_ = direct_ && pads[i] == pads[i + n] && pads[i] >= 0 &&
                output_padding_[i] < std::max(stride_[i], dilation_[i]);
      // Overlap of the output with the full result: y[o] = full[o + begin].
      overlap_lo_.push_back(std::max<int64_t>(0, -pads[i]));
      overlap_len_.push_back(std::min(o, full - pads[i]) - overlap_lo_.back());
      overlap_ = overlap_ && overlap_len_.back() > 0;
      full_lo_.push_back(overlap_lo_.back() + pads[i]);
    }
    zeros_.assign(n, 0);
    bias_view_ = Shape(n + 2, 1);
    bias_view_[1] = channels_;
    for (size_t i = 0; i < n + 2; ++i)
      if (i != 1) not_channel_.push_back(static_cast<int64_t>(i));
    const auto t = s_.type;
    x_ = Slot("X", t, s_.x), w_ = Slot("W", t, s_.w);
    b_ = Slot("B", t, {channels_});
    y_ = Slot("Y", t, y_shape_), dy_ = Slot("dY", t, y_shape_);
    dx_ = Slot("dX", t, s_.x), dw_ = Slot("dW", t, s_.w), db_ = Slot("dB", t, {channels_});
  }

  std::vector<TensorInfo> outputs() const { return {info(s_.type, y_shape_)}; }

  void forward(Inputs in, Outputs out) {
    at::Tensor& y = y_(out[0]);
    const at::Tensor& x = x_(in[0]);
    const at::Tensor& w = w_(in[1]);
    if (direct_) {
      c10::optional<at::Tensor> b;
      if (s_.has_bias) b = b_(in[2]);
      at::convolution_out(y, x, w, b, stride_, begin_, dilation_, true, output_padding_, s_.groups);
      return;
    }
    const at::Tensor full =
        at::convolution(x, w, c10::nullopt, stride_, zeros_, dilation_, true, zeros_, s_.groups);
    y.zero_();
    if (overlap_)
      region(y, 2, overlap_lo_, overlap_len_).copy_(region(full, 2, full_lo_, overlap_len_));
    if (s_.has_bias) y.add_(b_(in[2]).view(bias_view_));
  }

  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    const at::Tensor& dy = dy_(go[0]);
    const std::array<bool, 3> mask{wanted(gi, 0), wanted(gi, 1), s_.has_bias && wanted(gi, 2)};
    if (mask[0] || mask[1]) {
      std::tuple<at::Tensor, at::Tensor, at::Tensor> g;
      if (direct_) {
        g = at::convolution_backward(dy, x_(in[0]), w_(in[1]), c10::nullopt, stride_, begin_,
                                     dilation_, true, output_padding_, s_.groups,
                                     {mask[0], mask[1], false});
      } else {
        if (!dfull_.defined() || dfull_.device() != dy.device()) {
          dfull_ = at::zeros(full_shape_, dy.options());  // outside the overlap: zero for good
          dfull_overlap_ = overlap_ ? region(dfull_, 2, full_lo_, overlap_len_) : at::Tensor();
        }
        if (overlap_) dfull_overlap_.copy_(region(dy, 2, overlap_lo_, overlap_len_));
        g = at::convolution_backward(dfull_, x_(in[0]), w_(in[1]), c10::nullopt, stride_, zeros_,
                                     dilation_, true, zeros_, s_.groups, {mask[0], mask[1], false});
      }
      if (mask[0]) dx_(gi[0]).copy_(std::get<0>(g));
      if (mask[1]) dw_(gi[1]).copy_(std::get<1>(g));
    }
    if (mask[2]) at::sum_out(db_(gi[2]), dy, not_channel_);
  }

  Cost cost() const {
    Cost c;
    c.flops = 2.0 * static_cast<double>(numel(s_.x)) * static_cast<double>(s_.w[1]) *
                  static_cast<double>(numel(s_.kernel)) +
              (s_.has_bias ? static_cast<double>(numel(y_shape_)) : 0.0);
    c.bytes = static_cast<double>(type_size(s_.type)) *
              static_cast<double>(numel(s_.x) + numel(s_.w) + numel(y_shape_) +
                                  (s_.has_bias ? channels_ : 0));
    return c;
  }

 private:
  ConvShapes s_;
  int64_t channels_ = 0;
  Shape stride_, dilation_, output_padding_, begin_, zeros_, bias_view_;
  Shape y_shape_, full_shape_, overlap_lo_, overlap_len_, full_lo_, not_channel_;
  bool direct_ = true, overlap_ = true;
  Slot x_, w_, b_, y_, dy_, dx_, dw_, db_;
  at::Tensor dfull_, dfull_overlap_;
};

// The torch executor's functions of this file's operators (graph_ops.h).
namespace {
using namespace graph;

// Conv: symmetric pads go to at::convolution, any remainder is padded explicitly.
NodeFn graph_conv(const Attrs& a, const NodeSignature& s) {
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
NodeFn graph_conv_transpose(const Attrs& a, const NodeSignature& s) {
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
}  // namespace

void add_conv_ops(std::vector<d500_operator>& ops, bool cuda) {
  add<Conv>(ops, cuda, "Conv",
            "ONNX Conv 1-3D via at::convolution_out; backward at::convolution_backward; asymmetric "
            "pads by explicit zero padding into an instance buffer",
            graph_conv);
  add<ConvTranspose>(ops, cuda, "ConvTranspose",
                     "ONNX ConvTranspose 1-3D via at::convolution(transposed); backward "
                     "at::convolution_backward; asymmetric pads / output_shape by cropping the "
                     "full result",
                     graph_conv_transpose);
}

}  // namespace d500::torch_plugin
