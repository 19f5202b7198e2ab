// Shared by the torch plugin's operators: borrowed DLPack tensors seen as at::Tensors without
// copies, the adapter from an operator class to the SDK's C table, and small helpers.
//
// An operator class here has the constructor (Setup, Attributes, inputs, Constants) and the
// methods outputs(), forward(), backward() and cost() of sdk::Operator; Bound<> turns it into an
// sdk::Operator per device, runs every call under c10::InferenceMode and turns LibTorch's
// c10::Error into the plugin's status codes.
#pragma once

#include <ATen/ATen.h>
#include <c10/core/DeviceGuard.h>
#include <c10/core/InferenceMode.h>
#include <c10/core/impl/VirtualGuardImpl.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "d500/sdk/operator.h"
#include "graph_ops.h"
#include "window.h"

namespace d500::torch_plugin {

using sdk::Attributes;
using sdk::Constants;
using sdk::Cost;
using sdk::Inputs;
using sdk::Outputs;
using sdk::TensorInfo;

// Where an instance's tensors live.
struct Setup {
  c10::DeviceType device = c10::DeviceType::CPU;
};

inline at::ScalarType scalar_type(DLDataType t) {
  if (t.lanes == 1) {
    if (t.code == kDLFloat && t.bits == 32) return at::kFloat;
    if (t.code == kDLFloat && t.bits == 64) return at::kDouble;
    if (t.code == kDLFloat && t.bits == 16) return at::kHalf;
    if (t.code == kDLInt && t.bits == 64) return at::kLong;
    if (t.code == kDLInt && t.bits == 32) return at::kInt;
    if (t.code == kDLUInt && t.bits == 8) return at::kByte;
    if (t.code == kDLInt && t.bits == 8) return at::kChar;
    if (t.code == D500_DLPACK_BOOL_CODE && t.bits == 8) return at::kBool;
  }
  throw sdk::unsupported("dtype " + sdk::dtype_name(t) + " has no LibTorch equivalent here");
}

inline DLDataType dl_type(at::ScalarType t) {
  switch (t) {
    case at::kFloat:
      return {kDLFloat, 32, 1};
    case at::kDouble:
      return {kDLFloat, 64, 1};
    case at::kHalf:
      return {kDLFloat, 16, 1};
    case at::kLong:
      return {kDLInt, 64, 1};
    case at::kInt:
      return {kDLInt, 32, 1};
    case at::kByte:
      return {kDLUInt, 8, 1};
    case at::kChar:
      return {kDLInt, 8, 1};
    case at::kBool:
      return {D500_DLPACK_BOOL_CODE, 8, 1};
    default:
      throw std::logic_error("dl_type: unmapped scalar type");
  }
}

inline TensorInfo info(at::ScalarType t, Shape shape) {
  return TensorInfo(dl_type(t), std::move(shape));
}

// The common floating dtype of inputs [first, last): float32 or float64; absent inputs skipped.
inline at::ScalarType real_type(const std::vector<TensorInfo>& in, size_t first = 0,
                                size_t last = SIZE_MAX) {
  last = std::min(last, in.size());
  if (first >= last || !in[first].present()) throw std::invalid_argument("missing input");
  const TensorInfo& ref = in[first];
  for (size_t i = first + 1; i < last; ++i)
    if (in[i].present() && !sdk::same_dtype(in[i].dtype(), ref.dtype()))
      throw std::invalid_argument("inputs differ in dtype: " + ref.str() + " and " + in[i].str());
  if (ref.is<float>()) return at::kFloat;
  if (ref.is<double>()) return at::kDouble;
  throw sdk::unsupported("dtype " + sdk::dtype_name(ref.dtype()) +
                         " is not offered; float32 and float64 are");
}

inline size_t type_size(at::ScalarType t) {
  return c10::elementSize(t);
}

inline int64_t numel(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

// Input i is given (present, and passed at all: trailing absent inputs may be left off).
inline bool present(const std::vector<TensorInfo>& in, size_t i) {
  return i < in.size() && in[i].present();
}
inline bool given(Inputs in, size_t i) {
  return i < in.size() && in[i].dl().ndim != D500_ABSENT_NDIM && in[i].dl().data;
}
// The caller wants gradient (or optional output) i.
inline bool wanted(Outputs out, size_t i) {
  return i < out.size() && out[i].dl().data != nullptr;
}

// A DLTensor the caller owns, seen as an at::Tensor over the same memory (at::from_blob). The
// wrapper is kept while the caller passes the same buffer again, as a benchmark does call after
// call, so the steady state creates no TensorImpl. Shape, dtype, device and layout are checked on
// every call. `view` (default: the shape) is the shape the operator sees, of the same numel.
class Slot {
 public:
  Slot() = default;
  Slot(const char* name, at::ScalarType type, Shape shape)
      : name_(name), type_(type), dl_(dl_type(type)), shape_(shape), view_(std::move(shape)) {}
  Slot(const char* name, at::ScalarType type, Shape shape, Shape view)
      : name_(name),
        type_(type),
        dl_(dl_type(type)),
        shape_(std::move(shape)),
        view_(std::move(view)) {
    if (numel(view_) != numel(shape_)) throw std::logic_error("Slot view changes numel");
  }

  const Shape& shape() const { return shape_; }
  at::ScalarType type() const { return type_; }

  at::Tensor& operator()(const DLTensor& t) {
    check(t);
    char* p = static_cast<char*>(t.data) + t.byte_offset;
    if (p != ptr_ || t.device.device_id != device_id_ || !cached_.defined()) {
      const c10::Device device =
          t.device.device_type == kDLCUDA
              ? c10::Device(c10::kCUDA, static_cast<int16_t>(t.device.device_id))
              : c10::Device(c10::kCPU);
      cached_ = at::from_blob(p, view_, at::TensorOptions().dtype(type_).device(device));
      ptr_ = p;
      device_id_ = t.device.device_id;
    }
    return cached_;
  }
  template <class DL>
  at::Tensor& operator()(const sdk::BasicTensor<DL>& t) {
    return (*this)(t.dl());
  }

 private:
  void check(const DLTensor& t) const {
    bool ok =
        t.data && t.ndim == static_cast<int32_t>(shape_.size()) && sdk::same_dtype(t.dtype, dl_);
    for (size_t i = 0; ok && i < shape_.size(); ++i) ok = t.shape[i] == shape_[i];
    if (!ok)
      throw std::invalid_argument(
          std::string(name_) + " is " +
          (t.data ? sdk::dtype_name(t.dtype) +
                        (t.ndim >= 0 ? sdk::shape_string(t.shape, static_cast<size_t>(t.ndim))
                                     : std::string("(absent)"))
                  : std::string("missing (no data)")) +
          ", the instance was created for " + sdk::dtype_name(dl_) + sdk::shape_string(shape_));
    if (t.strides) {
      int64_t expected = 1;
      for (int32_t i = t.ndim - 1; i >= 0; --i) {
        if (t.shape[i] != 1 && t.strides[i] != expected)
          throw std::invalid_argument(std::string(name_) + " is strided; contiguous tensors only");
        expected *= t.shape[i];
      }
    }
  }

  const char* name_ = "";
  at::ScalarType type_ = at::kFloat;
  DLDataType dl_{kDLFloat, 32, 1};
  Shape shape_, view_;
  char* ptr_ = nullptr;
  int32_t device_id_ = -1;
  at::Tensor cached_;
};

// Zeros in gradient buffer i when the caller passed one: inputs without a gradient (labels,
// shapes, axes, ratio) get zeros rather than whatever the buffer held.
inline void zero_gradient(Outputs gi, size_t i) {
  if (!wanted(gi, i)) return;
  const DLTensor& t = gi[i].dl();
  int64_t bytes = (t.dtype.bits * t.dtype.lanes + 7) / 8;
  for (int32_t d = 0; d < t.ndim; ++d) bytes *= t.shape[d];
  const c10::Device device = t.device.device_type == kDLCUDA
                                 ? c10::Device(c10::kCUDA, static_cast<int16_t>(t.device.device_id))
                                 : c10::Device(c10::kCPU);
  at::from_blob(static_cast<char*>(t.data) + t.byte_offset, {bytes},
                at::TensorOptions().dtype(at::kByte).device(device))
      .zero_();
}

// An instance-owned buffer, allocated on first use on the device of `like` (device memory cannot
// be allocated at creation: the device is known only from the first call's tensors).
inline at::Tensor& scratch(at::Tensor& buf, at::IntArrayRef shape, const at::Tensor& like,
                           at::ScalarType type) {
  if (!buf.defined() || buf.device() != like.device() || buf.sizes() != shape)
    buf = at::empty(shape, like.options().dtype(type));
  return buf;
}
inline at::Tensor& scratch(at::Tensor& buf, at::IntArrayRef shape, const at::Tensor& like) {
  return scratch(buf, shape, like, like.scalar_type());
}

// A view derived from a Slot's tensor (a transpose, a permutation, a narrowing), made again only
// when the Slot hands out a different tensor (the caller passed another buffer).
class ViewCache {
 public:
  template <class Make>
  const at::Tensor& operator()(const at::Tensor& base, Make&& make) {
    if (!base_.defined() || !base.is_same(base_)) {
      base_ = base;
      view_ = make(base);
    }
    return view_;
  }

 private:
  at::Tensor base_, view_;
};

// t narrowed to [start, start + length) along dimensions first, first + 1, ...
inline at::Tensor region(at::Tensor t, size_t first, const Shape& start, const Shape& length) {
  for (size_t i = 0; i < start.size(); ++i)
    t = t.narrow(static_cast<int64_t>(first + i), start[i], length[i]);
  return t;
}

inline int64_t normalize_axis(int64_t axis, int64_t rank, const char* what = "axis") {
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    throw std::invalid_argument(std::string(what) + " " + std::to_string(axis) +
                                " is outside a rank-" + std::to_string(rank) + " tensor");
  return axis < 0 ? axis + rank : axis;
}

// Sums `grad` (shape `from`) down to `to`, which broadcasts to `from` (numpy rules): the
// gradient of an input that an elementwise operator broadcast.
class SumTo {
 public:
  SumTo() = default;
  SumTo(const Shape& from, const Shape& to) {
    const size_t lead = from.size() - to.size();
    for (size_t i = 0; i < from.size(); ++i) {
      const bool stretched = i < lead || (to[i - lead] == 1 && from[i] != 1);
      if (stretched) dims_.push_back(static_cast<int64_t>(i));
      keep_.push_back(i < lead ? 1 : to[i - lead]);
    }
  }
  // The shape `out` is to be viewed as for run() (`to` with leading ones up to from's rank).
  const Shape& keep_shape() const { return keep_; }
  bool identity() const { return dims_.empty(); }
  // out (seen in keep_shape()) = sum of grad over the stretched dimensions.
  void run(at::Tensor& out, const at::Tensor& grad) const {
    if (dims_.empty())
      out.copy_(grad);
    else
      at::sum_out(out, grad, dims_, /*keepdim=*/true);
  }

 private:
  Shape dims_, keep_;
};

inline Shape broadcast_shape(const Shape& a, const Shape& b) {
  Shape out(std::max(a.size(), b.size()));
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t da = i < out.size() - a.size() ? 1 : a[i - (out.size() - a.size())];
    const int64_t db = i < out.size() - b.size() ? 1 : b[i - (out.size() - b.size())];
    if (da != db && da != 1 && db != 1)
      throw std::invalid_argument("shapes " + sdk::shape_string(a) + " and " +
                                  sdk::shape_string(b) + " do not broadcast");
    out[i] = da == 1 ? db : da;
  }
  return out;
}

// LibTorch's messages without the C++ backtrace it appends.
inline std::string torch_message(const c10::Error& e) {
  return e.what_without_backtrace();
}

// Hands an ATen result to the host (ABI 1.3 forward_owned): context is the heap-held tensor,
// release deletes it. A non-contiguous result is made contiguous first (no copy when it is).
struct HeldTensor {
  at::Tensor t;
  std::vector<int64_t> shape;
};
inline void release_held(void* context) {
  delete static_cast<HeldTensor*>(context);
}
inline void hand_over(at::Tensor y, d500_owned_tensor& out) {
  if (!y.is_contiguous()) y = y.contiguous();
  auto* held = new HeldTensor{std::move(y), {}};
  held->shape = held->t.sizes().vec();
  out = d500_owned_tensor{};
  out.tensor.data = held->t.data_ptr();
  out.tensor.device = held->t.is_cuda()
                          ? DLDevice{kDLCUDA, static_cast<int32_t>(held->t.get_device())}
                          : DLDevice{kDLCPU, 0};
  out.tensor.ndim = static_cast<int32_t>(held->shape.size());
  out.tensor.dtype = dl_type(held->t.scalar_type());
  out.tensor.shape = held->shape.data();
  out.context = held;
  out.release = &release_held;
}

// The C table entry of operator class Impl on one device.
template <class Impl, int32_t Device>
class Bound : public sdk::Operator<Bound<Impl, Device>> {
 public:
  Bound(const Attributes& a, const std::vector<TensorInfo>& in, const Constants& c) try
      : impl_(Setup{Device == kDLCUDA ? c10::DeviceType::CUDA : c10::DeviceType::CPU}, a, in, c) {
  } catch (const c10::Error& e) {
    throw std::invalid_argument(torch_message(e));
  }

  std::vector<TensorInfo> outputs() const { return impl_.outputs(); }
  void forward(Inputs in, Outputs out) {
    on_device(in), on_device(out);
    run(in, [&] { impl_.forward(in, out); });
  }
  // ABI 1.3, for an Impl with `at::Tensor forward_tensor(Inputs)`: the ATen result is handed to
  // the host as it is, without a copy (owned_tensor.h).
  template <class I = Impl,
            class = decltype(std::declval<I&>().forward_tensor(std::declval<Inputs>()))>
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t n_out) {
    on_device(in);
    if (n_out < 1) throw std::invalid_argument("forward_owned needs room for one output");
    run(in, [&] { hand_over(impl_.forward_tensor(in), out[0]); });
  }
  // The same for an Impl with `std::vector<at::Tensor> forward_tensors(Inputs)`: every output
  // handed over (those the host leaves no room for are dropped).
  template <class I = Impl,
            class = decltype(std::declval<I&>().forward_tensors(std::declval<Inputs>())),
            class = void>
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t n_out) {
    on_device(in);
    run(in, [&] {
      std::vector<at::Tensor> ys = impl_.forward_tensors(in);
      for (size_t i = 0; i < ys.size() && i < n_out; ++i) hand_over(std::move(ys[i]), out[i]);
    });
  }
  // Without any output gradient (no loss depends on the outputs) every input gradient is zero.
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs) {
    on_device(grad_outputs), on_device(inputs), on_device(outputs), on_device(grad_inputs);
    run(inputs, [&] {
      bool any = false;
      for (size_t i = 0; i < grad_outputs.size(); ++i) any = any || given(grad_outputs, i);
      if (any) {
        impl_.backward(grad_outputs, inputs, outputs, grad_inputs);
      } else {
        for (size_t i = 0; i < grad_inputs.size(); ++i) zero_gradient(grad_inputs, i);
      }
    });
  }
  Cost cost() const { return impl_.cost(); }

 private:
  // Every tensor passed with data lives where this variant computes (a host pointer handed to
  // the CUDA variant, or the reverse, would otherwise crash inside LibTorch).
  template <class List>
  static void on_device(const List& ts) {
    for (size_t i = 0; i < ts.size(); ++i) {
      const DLTensor& t = ts[i].dl();
      if (t.data && t.device.device_type != Device)
        throw std::invalid_argument("tensor " + std::to_string(i) + " is on device type " +
                                    std::to_string(t.device.device_type) + ", this variant needs " +
                                    std::to_string(Device));
    }
  }

  template <class F>
  void run(Inputs in, F&& f) {
    try {
      c10::InferenceMode inference;
      if constexpr (Device == kDLCUDA) {
        const c10::Device device(c10::kCUDA,
                                 static_cast<int16_t>(in.size() ? in[0].dl().device.device_id : 0));
        c10::DeviceGuard on(device);
        f();
        // The host times and reads results after the call returns: wait for the device.
        c10::impl::VirtualGuardImpl(c10::DeviceType::CUDA).getStream(device).synchronize();
      } else {
        f();
      }
    } catch (const c10::Error& e) {
      throw sdk::Error(D500_ERR_RUNTIME, torch_message(e));
    }
  }

  Impl impl_;
};

// Appends Impl's CPU entry, and its CUDA entry (variant "cuda") when `cuda`.
template <class Impl>
void add(std::vector<d500_operator>& ops, bool cuda, const char* op_type, const char* description,
         const char* domain = "", uint32_t flags = D500_OP_DETERMINISTIC) {
  sdk::OpSpec spec{op_type, domain, "default", description, kDLCPU, flags};
  ops.push_back(Bound<Impl, kDLCPU>::define(spec));
  if (cuda) {
    spec.variant = "cuda";
    spec.device_type = kDLCUDA;
    spec.flags &= ~D500_OP_DETERMINISTIC;  // CUDA kernels (atomics, cuDNN choices) may not be
    ops.push_back(Bound<Impl, kDLCUDA>::define(spec));
  }
}
// The same, and `graph` registered as the torch executor's function for op_type: the one place
// an operator is added.
template <class Impl>
void add(std::vector<d500_operator>& ops, bool cuda, const char* op_type, const char* description,
         Compile graph, const char* domain = "", uint32_t flags = D500_OP_DETERMINISTIC) {
  add<Impl>(ops, cuda, op_type, description, domain, flags);
  register_graph_op(domain, op_type, graph);
}

}  // namespace d500::torch_plugin
