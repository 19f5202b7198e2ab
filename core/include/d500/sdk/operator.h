// d500 SDK: write an operator as an ordinary C++ class; the CRTP base generates its C table.
//
//   class Scale : public d500::sdk::Operator<Scale> {
//    public:
//     Scale(const d500::sdk::Attributes& attrs, const std::vector<d500::sdk::TensorInfo>& in)
//         : factor_(attrs.get_float("factor", 2.0)), x_(in.at(0)) {}
//     std::vector<d500::sdk::TensorInfo> outputs() const { return {x_}; }
//     void forward(d500::sdk::Inputs in, d500::sdk::Outputs out) {
//       auto x = in[0].as<float>();
//       auto y = out[0].as<float>();
//       for (int64_t i = 0; i < x.numel(); ++i) y[i] = factor_ * x[i];
//     }
//     // optional: void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs,
//     //                         Outputs grad_inputs);   and   Cost cost() const;
//     // optional (ABI 1.3): void forward_owned(Inputs in, d500_owned_tensor* out, size_t n);
//     //   outputs the operator allocates; with D500_OP_RUNTIME_SHAPES in the OpSpec's flags,
//     //   outputs() may say -1 for a dimension known only after the call, and forward() may be
//     //   left out.
//    private:
//     float factor_;
//     d500::sdk::TensorInfo x_;
//   };
//   ... Scale::define({"Scale", "ai.example"}) goes into D500_PLUGIN (sdk/plugin.h).
//
// The constructor runs in create() (reject bad attributes and shapes there, by throwing);
// outputs() in output_info(); forward/backward/cost in their ABI functions. Every exception is
// caught at the boundary (sdk/status.h). backward() and cost() are detected at compile time: an
// operator without them gets NULL in the table and no D500_OP_HAS_BACKWARD flag.
// Header-only, C++17.
#ifndef D500_SDK_OPERATOR_H
#define D500_SDK_OPERATOR_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "d500/plugin.h"
#include "d500/sdk/attributes.h"
#include "d500/sdk/status.h"
#include "d500/sdk/tensor_view.h"

namespace d500 {
namespace sdk {

// Work of one forward call (see d500_operator::cost).
struct Cost {
  double flops = 0;
  double bytes = 0;
};

// How an operator is listed. Strings must have static storage (string literals).
struct OpSpec {
  const char* op_type;              // ONNX op type, e.g. "Gemm"
  const char* domain = "";          // "" is ai.onnx
  const char* variant = "default";  // implementation name inside the plugin
  const char* description = "";
  int32_t device_type = kDLCPU;            // DLDeviceType
  uint32_t flags = D500_OP_DETERMINISTIC;  // D500_OP_HAS_BACKWARD is added when backward exists
  int32_t since_opset = 0;                 // opsets of op_type followed; 0: unbounded
  int32_t until_opset = 0;
};

namespace detail {
template <class T, class = void>
struct has_backward : std::false_type {};
template <class T>
struct has_backward<T, decltype(void(std::declval<T&>().backward(
                           std::declval<Inputs>(), std::declval<Inputs>(), std::declval<Inputs>(),
                           std::declval<Outputs>())))> : std::true_type {};

template <class T, class = void>
struct has_forward : std::false_type {};
template <class T>
struct has_forward<T, decltype(void(std::declval<T&>().forward(
                          std::declval<Inputs>(), std::declval<Outputs>())))> : std::true_type {};

template <class T, class = void>
struct has_forward_owned : std::false_type {};
template <class T>
struct has_forward_owned<T, decltype(void(std::declval<T&>().forward_owned(
                                std::declval<Inputs>(), std::declval<d500_owned_tensor*>(),
                                std::declval<size_t>())))> : std::true_type {};

template <class T, class = void>
struct has_cost : std::false_type {};
template <class T>
struct has_cost<T, decltype(void(Cost(std::declval<T&>().cost())))> : std::true_type {};
}  // namespace detail

template <class Derived>
class Operator {
 public:
  // The C table entry for Derived. Copy it into static storage (D500_PLUGIN does).
  static d500_operator define(const OpSpec& spec) {
    d500_operator op{};  // members of later ABI versions stay zero
    op.struct_size = sizeof(d500_operator);
    op.op_type = spec.op_type;
    op.domain = spec.domain ? spec.domain : "";
    op.variant = spec.variant ? spec.variant : "default";
    op.device_type = spec.device_type;
    op.flags = spec.flags & ~D500_OP_HAS_BACKWARD;
    op.description = spec.description ? spec.description : "";
    op.since_opset = spec.since_opset;
    op.until_opset = spec.until_opset;
    op.create = &create_;
    op.create_with_constants = &create_with_constants_;
    op.destroy = &destroy_;
    op.output_info = &output_info_;
    if constexpr (detail::has_forward<Derived>::value) op.forward = &forward_;
    if constexpr (detail::has_forward_owned<Derived>::value) op.forward_owned = &forward_owned_;
    static_assert(detail::has_forward<Derived>::value || detail::has_forward_owned<Derived>::value,
                  "an operator needs forward() or forward_owned()");
    if constexpr (detail::has_backward<Derived>::value) {
      op.backward = &backward_;
      op.flags |= D500_OP_HAS_BACKWARD;
    }
    if constexpr (detail::has_cost<Derived>::value) op.cost = &cost_;
    return op;
  }

 protected:
  Operator() = default;
  ~Operator() = default;

 private:
  static Derived& self(void* instance) { return *static_cast<Derived*>(instance); }

  static int32_t create_(const d500_attr* attrs, size_t n_attrs, const d500_tensor_info* inputs,
                         size_t n_inputs, void** instance, d500_error* err) {
    return create_with_constants_(attrs, n_attrs, inputs, n_inputs, nullptr, instance, err);
  }

  // Derived's constructor takes (Attributes, inputs) or (Attributes, inputs, Constants).
  static int32_t create_with_constants_(const d500_attr* attrs, size_t n_attrs,
                                        const d500_tensor_info* inputs, size_t n_inputs,
                                        const DLTensor* const* constants, void** instance,
                                        d500_error* err) {
    return guard(err, [&] {
      if (!instance) throw std::invalid_argument("create: instance out-parameter is NULL");
      *instance = nullptr;
      std::vector<TensorInfo> infos;
      infos.reserve(n_inputs);
      for (size_t i = 0; i < n_inputs; ++i) infos.emplace_back(inputs[i]);
      if constexpr (std::is_constructible<Derived, const Attributes&,
                                          const std::vector<TensorInfo>&, const Constants&>::value)
        *instance = new Derived(Attributes(attrs, n_attrs), infos, Constants(constants, n_inputs));
      else
        *instance = new Derived(Attributes(attrs, n_attrs), infos);
    });
  }

  static void destroy_(void* instance) {
    // A destructor that throws would terminate; the guard keeps that inside the plugin's rules.
    guard(nullptr, [&] { delete static_cast<Derived*>(instance); });
  }

  // Sets *n_outputs to the true count and writes at most max_outputs descriptors; the host asks
  // again with a larger buffer when the count exceeds what it offered.
  static int32_t output_info_(void* instance, size_t* n_outputs, d500_tensor_info* outputs,
                              size_t max_outputs, d500_error* err) {
    return guard(err, [&] {
      std::vector<TensorInfo> outs = self(instance).outputs();
      *n_outputs = outs.size();
      for (size_t i = 0; i < outs.size() && i < max_outputs; ++i) outputs[i] = outs[i].to_c();
    });
  }

  static int32_t forward_(void* instance, const DLTensor* inputs, size_t n_inputs,
                          DLTensor* outputs, size_t n_outputs, d500_error* err) {
    return guard(err, [&] {
      if constexpr (detail::has_forward<Derived>::value)
        self(instance).forward(Inputs(inputs, n_inputs), Outputs(outputs, n_outputs));
    });
  }

  // On an exception, what the operator already handed over is released here (the ABI: on
  // failure the host releases nothing).
  static int32_t forward_owned_(void* instance, const DLTensor* inputs, size_t n_inputs,
                                d500_owned_tensor* outputs, size_t n_outputs, d500_error* err) {
    for (size_t j = 0; j < n_outputs; ++j) outputs[j] = d500_owned_tensor{};
    const int32_t st = guard(err, [&] {
      if constexpr (detail::has_forward_owned<Derived>::value)
        self(instance).forward_owned(Inputs(inputs, n_inputs), outputs, n_outputs);
    });
    if (st != D500_OK)
      for (size_t j = 0; j < n_outputs; ++j) {
        if (outputs[j].release) outputs[j].release(outputs[j].context);
        outputs[j] = d500_owned_tensor{};
      }
    return st;
  }

  static int32_t backward_(void* instance, const DLTensor* grad_outputs, size_t n_grad_outputs,
                           const DLTensor* inputs, size_t n_inputs, const DLTensor* outputs,
                           size_t n_outputs, DLTensor* grad_inputs, size_t n_grad_inputs,
                           d500_error* err) {
    return guard(err, [&] {
      if constexpr (detail::has_backward<Derived>::value)
        self(instance).backward(Inputs(grad_outputs, n_grad_outputs), Inputs(inputs, n_inputs),
                                Inputs(outputs, n_outputs), Outputs(grad_inputs, n_grad_inputs));
    });
  }

  static int32_t cost_(void* instance, double* flops, double* bytes, d500_error* err) {
    return guard(err, [&] {
      if constexpr (detail::has_cost<Derived>::value) {
        Cost c = self(instance).cost();
        if (flops) *flops = c.flops;
        if (bytes) *bytes = c.bytes;
      }
    });
  }
};

// Throws std::invalid_argument unless `given` equals `expected` ("inputs" / "outputs" in text).
inline void expect_count(size_t given, size_t expected, const char* what) {
  if (given != expected)
    throw std::invalid_argument("expected " + std::to_string(expected) + " " + what + ", got " +
                                std::to_string(given));
}

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_OPERATOR_H
