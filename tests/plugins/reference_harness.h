// Runs reference operators through the real loader and OperatorInstance, on host Tensors.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"

namespace d500::test {

using plugin::Attribute;
using plugin::OperatorInstance;

// The reference plugin, loaded once per test process.
inline const plugin::PluginManager& reference_plugins() {
  static std::unique_ptr<plugin::PluginManager> m = [] {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"reference"});
    return p;
  }();
  return *m;
}

inline const plugin::OperatorImpl& reference_impl(const std::string& op_type,
                                                  const std::string& domain = "") {
  const plugin::OperatorImpl* impl =
      reference_plugins().operators().find_impl(op_type, domain, "reference");
  if (!impl) throw std::runtime_error("reference plugin has no " + op_type);
  return *impl;
}

inline Tensor make(DType dtype, Shape shape, std::initializer_list<double> values) {
  Tensor t(dtype, std::move(shape));
  EXPECT_EQ(static_cast<size_t>(t.numel()), values.size()) << "test data of the wrong size";
  int64_t i = 0;
  for (double v : values) t.set(i++, v);
  return t;
}

inline Tensor make(Shape shape, std::initializer_list<double> values) {
  return make(DType::Float64, std::move(shape), values);
}

inline Tensor random(DType dtype, Shape shape, uint64_t seed) {
  Tensor t(dtype, std::move(shape));
  fill_uniform(t, seed, -1.0, 1.0);
  return t;
}

inline Tensor convert(const Tensor& t, DType dtype) {
  Tensor out(dtype, t.shape());
  for (int64_t i = 0; i < t.numel(); ++i) out.set(i, t.at(i));
  return out;
}

inline std::vector<d500_tensor_info> infos(const std::vector<const Tensor*>& ts) {
  std::vector<d500_tensor_info> out;
  for (const Tensor* t : ts) out.push_back(plugin::tensor_info(t->dtype(), t->shape()));
  return out;
}

inline std::vector<DLTensor> views(const std::vector<const Tensor*>& ts) {
  std::vector<DLTensor> out;
  for (const Tensor* t : ts) out.push_back(t->dl());
  return out;
}

inline std::vector<DLTensor> views(std::vector<Tensor>& ts) {
  std::vector<DLTensor> out;
  for (Tensor& t : ts) out.push_back(t.dl());
  return out;
}

// Allocates the outputs output_info() describes.
inline std::vector<Tensor> allocate_outputs(OperatorInstance& op) {
  std::vector<Tensor> outs;
  for (const auto& info : op.output_info())
    outs.emplace_back(from_dlpack(info.dtype), Shape(info.shape, info.shape + info.ndim));
  return outs;
}

// One forward call of a fresh instance.
inline std::vector<Tensor> run_forward(const std::string& op_type,
                                       const std::vector<const Tensor*>& inputs,
                                       const std::vector<Attribute>& attrs = {}) {
  OperatorInstance op(reference_impl(op_type), attrs, infos(inputs));
  std::vector<Tensor> outs = allocate_outputs(op);
  std::vector<DLTensor> out_views = views(outs);
  op.forward(views(inputs), out_views);
  return outs;
}

inline Tensor forward1(const std::string& op_type, const std::vector<const Tensor*>& inputs,
                       const std::vector<Attribute>& attrs = {}) {
  auto outs = run_forward(op_type, inputs, attrs);
  EXPECT_EQ(outs.size(), 1u);
  return std::move(outs.at(0));
}

// Gradients of every input for output gradient dy (one output).
inline std::vector<Tensor> run_backward(const std::string& op_type,
                                        const std::vector<const Tensor*>& inputs, const Tensor& dy,
                                        const std::vector<Attribute>& attrs = {}) {
  OperatorInstance op(reference_impl(op_type), attrs, infos(inputs));
  std::vector<Tensor> outs = allocate_outputs(op);
  std::vector<DLTensor> out_views = views(outs);
  op.forward(views(inputs), out_views);
  std::vector<Tensor> grads;
  for (const Tensor* t : inputs) grads.emplace_back(t->dtype(), t->shape());
  std::vector<DLTensor> grad_views = views(grads);
  op.backward({dy.dl()}, views(inputs), out_views, grad_views);
  return grads;
}

inline void expect_values(const Tensor& t, const Shape& shape, std::initializer_list<double> values,
                          double tol = 0.0) {
  ASSERT_EQ(t.shape(), shape);
  int64_t i = 0;
  for (double v : values) {
    EXPECT_NEAR(t.at(i), v, tol) << "element " << i;
    ++i;
  }
}

}  // namespace d500::test
