#include "spatial_common.h"

#include <algorithm>

namespace d500::reference {

AutoPad auto_pad_of(const Attributes& attrs) {
  const std::string s = attrs.get_string("auto_pad", "NOTSET");
  if (s == "NOTSET") return AutoPad::NotSet;
  if (s == "SAME_UPPER") return AutoPad::SameUpper;
  if (s == "SAME_LOWER") return AutoPad::SameLower;
  if (s == "VALID") return AutoPad::Valid;
  throw std::invalid_argument("auto_pad must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, got '" +
                              s + "'");
}

Shape axis_ints(const Attributes& attrs, const char* name, size_t n, int64_t fallback,
                int64_t min_value) {
  if (!attrs.has(name)) return Shape(n, fallback);
  Shape v = attrs.get_ints(name);
  if (v.size() != n)
    throw std::invalid_argument(std::string(name) + " has " + std::to_string(v.size()) +
                                " values, expected one per spatial axis (" + std::to_string(n) +
                                ")");
  for (int64_t x : v)
    if (x < min_value)
      throw std::invalid_argument(std::string(name) + " " + str(v) +
                                  " must be >= " + std::to_string(min_value));
  return v;
}

Pads pads_of(const Attributes& attrs, size_t n, AutoPad auto_pad) {
  Pads p{Shape(n, 0), Shape(n, 0)};
  if (!attrs.has("pads")) return p;
  const Shape v = attrs.get_ints("pads");
  if (v.size() != 2 * n)
    throw std::invalid_argument("pads has " + std::to_string(v.size()) +
                                " values, expected begin and end for each spatial axis (" +
                                std::to_string(2 * n) + ")");
  for (size_t i = 0; i < n; ++i) {
    p.begin[i] = v[i];
    p.end[i] = v[n + i];
  }
  for (int64_t x : v) {
    if (x < 0) throw std::invalid_argument("pads " + str(v) + " must be >= 0");
    if (x != 0 && auto_pad != AutoPad::NotSet)
      throw std::invalid_argument("pads " + str(v) + " cannot be combined with auto_pad " +
                                  attrs.get_string("auto_pad"));
  }
  return p;
}

Window::Window(Shape in, Shape out, Shape kernel, Shape strides, Shape dilations, Pads pads)
    : in_(std::move(in)),
      out_(std::move(out)),
      kernel_(std::move(kernel)),
      strides_(std::move(strides)),
      dilations_(std::move(dilations)),
      pads_(std::move(pads)) {
  in_size_ = numel(in_);
  out_size_ = numel(out_);
  kernel_size_ = numel(kernel_);
}

void Window::starts(int64_t o, int64_t* start) const {
  for (size_t i = in_.size(); i-- > 0;) {
    start[i] = (o % out_[i]) * strides_[i] - pads_.begin[i];
    o /= out_[i];
  }
}

void Window::taps(int64_t o, std::vector<Tap>& taps) const {
  taps.clear();
  int64_t start[D500_MAX_DIMS];
  starts(o, start);
  for (int64_t k = 0; k < kernel_size_; ++k) {
    int64_t rest = k, x = 0, scale = 1;
    bool inside = true;
    for (size_t i = in_.size(); i-- > 0 && inside;) {
      const int64_t c = start[i] + (rest % kernel_[i]) * dilations_[i];
      rest /= kernel_[i];
      inside = c >= 0 && c < in_[i];
      x += c * scale;
      scale *= in_[i];
    }
    if (inside) taps.push_back({k, x});
  }
}

int64_t Window::padded_count(int64_t o) const {
  int64_t start[D500_MAX_DIMS];
  starts(o, start);
  int64_t count = 1;
  for (size_t i = 0; i < in_.size(); ++i) {
    int64_t on_axis = 0;
    for (int64_t k = 0; k < kernel_[i]; ++k) {
      const int64_t c = start[i] + k * dilations_[i];
      on_axis += c >= -pads_.begin[i] && c < in_[i] + pads_.end[i];
    }
    count *= on_axis;
  }
  return count;
}

void Window::expect_no_empty_window() const {
  // Taps are a product over the axes, so a window is empty exactly when it is on some axis.
  for (size_t i = 0; i < in_.size(); ++i)
    for (int64_t o = 0; o < out_[i]; ++o) {
      bool any = false;
      for (int64_t k = 0; k < kernel_[i] && !any; ++k) {
        const int64_t c = o * strides_[i] - pads_.begin[i] + k * dilations_[i];
        any = c >= 0 && c < in_[i];
      }
      if (!any)
        throw std::invalid_argument("window " + std::to_string(o) + " of spatial axis " +
                                    std::to_string(i) +
                                    " lies entirely in the padding (pads too large for the "
                                    "kernel and dilation)");
    }
}

Window sliding_window(const Shape& in, const Shape& kernel, const Shape& strides,
                      const Shape& dilations, AutoPad auto_pad, const Pads& pads, bool ceil_mode) {
  const size_t n = in.size();
  Shape out(n);
  Pads p = pads;
  for (size_t i = 0; i < n; ++i) {
    const int64_t span = (kernel[i] - 1) * dilations[i] + 1;  // the dilated kernel's extent
    if (auto_pad == AutoPad::SameUpper || auto_pad == AutoPad::SameLower) {
      // Output ceil(in / stride); the padding that needs is split evenly, the odd one at the
      // end for SAME_UPPER and at the beginning for SAME_LOWER.
      out[i] = (in[i] + strides[i] - 1) / strides[i];
      const int64_t total = std::max<int64_t>(0, (out[i] - 1) * strides[i] + span - in[i]);
      p.begin[i] = auto_pad == AutoPad::SameUpper ? total / 2 : total - total / 2;
      p.end[i] = total - p.begin[i];
      continue;
    }
    if (auto_pad == AutoPad::Valid) p.begin[i] = p.end[i] = 0;
    const int64_t room = in[i] + p.begin[i] + p.end[i] - span;
    if (room < 0)
      throw std::invalid_argument("kernel extent " + std::to_string(span) + " on spatial axis " +
                                  std::to_string(i) + " exceeds the padded input (" +
                                  std::to_string(in[i] + p.begin[i] + p.end[i]) + ")");
    out[i] = (ceil_mode ? (room + strides[i] - 1) / strides[i] : room / strides[i]) + 1;
    if (ceil_mode && (out[i] - 1) * strides[i] >= in[i] + p.begin[i]) --out[i];
  }
  return Window(in, out, kernel, strides, dilations, p);
}

Window pool_window(const Attributes& attrs, const Shape& x_shape) {
  if (x_shape.size() < 3)
    throw std::invalid_argument("X must be [N, C, D1, ...] with at least one spatial axis, got " +
                                str(x_shape));
  const size_t n = x_shape.size() - 2;
  if (!attrs.has("kernel_shape")) throw std::invalid_argument("missing attribute 'kernel_shape'");
  const AutoPad auto_pad = auto_pad_of(attrs);
  Window w = sliding_window(
      Shape(x_shape.begin() + 2, x_shape.end()), axis_ints(attrs, "kernel_shape", n, 1, 1),
      axis_ints(attrs, "strides", n, 1, 1), axis_ints(attrs, "dilations", n, 1, 1), auto_pad,
      pads_of(attrs, n, auto_pad), attrs.get_flag("ceil_mode", false));
  w.expect_no_empty_window();
  return w;
}

int64_t column_major_index(int64_t x, const Shape& dims) {
  int64_t coords[D500_MAX_DIMS];
  for (size_t i = dims.size(); i-- > 0;) {
    coords[i] = x % dims[i];
    x /= dims[i];
  }
  int64_t out = 0;
  for (size_t i = dims.size(); i-- > 0;) out = out * dims[i] + coords[i];
  return out;
}

Real real_dtype_of(const std::vector<TensorInfo>& inputs, std::initializer_list<size_t> which) {
  std::vector<TensorInfo> present;
  for (size_t i : which)
    if (i < inputs.size() && inputs[i].present()) present.push_back(inputs[i]);
  return real_dtype(present);
}

bool zero_without_output_gradient(Inputs grad_outputs, Outputs grad_inputs) {
  if (given(grad_outputs, 0)) return false;
  for (size_t i = 0; i < grad_inputs.size(); ++i) zero_gradient(grad_inputs[i]);
  return true;
}

void expect_between(size_t given, size_t required, size_t all, const char* what) {
  if (given < required || given > all)
    throw std::invalid_argument("expected " + std::to_string(required) +
                                (all > required ? " to " + std::to_string(all) : std::string()) +
                                " " + what + ", got " + std::to_string(given));
}

}  // namespace d500::reference
