#include "map_op.h"

#include "dtypes.h"

namespace d500::reference {

void for_each_index(const Shape& shape, const std::function<void(int64_t, const int64_t*)>& f) {
  const int64_t total = numel(shape);
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t i = 0; i < total; ++i) {
    f(i, idx.data());
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

MapOperator::MapOperator(const std::vector<TensorInfo>& inputs, size_t source)
    : inputs_(inputs), source_(source) {
  if (inputs.size() <= source)
    throw std::invalid_argument("expects at least " + std::to_string(source + 1) + " inputs, got " +
                                std::to_string(inputs.size()));
  element_size(inputs[source].dtype());
  dispatch_any(inputs[source].dtype(), [](auto) {});  // a dtype d500 holds
}

void MapOperator::add_output(const Shape& shape, const std::function<int64_t(const int64_t*)>& f) {
  Mapped m{TensorInfo(inputs_[source_].dtype(), shape), {}};
  m.from.resize(static_cast<size_t>(numel(shape)));
  for_each_index(shape,
                 [&](int64_t i, const int64_t* idx) { m.from[static_cast<size_t>(i)] = f(idx); });
  maps_.push_back(std::move(m));
}

std::vector<TensorInfo> MapOperator::outputs() const {
  std::vector<TensorInfo> out;
  for (const Mapped& m : maps_) out.push_back(m.y);
  return out;
}

void MapOperator::check_inputs(Inputs in) const {
  sdk::expect_count(in.size(), inputs_.size(), "inputs");
  for (size_t k = 0; k < inputs_.size(); ++k)
    if (inputs_[k].present())
      expect_shape(in[k], inputs_[k].shape(), ("input " + std::to_string(k)).c_str());
  expect_dtype(in[source_], inputs_[source_].dtype(), "input");
}

double MapOperator::fill_value(Inputs in) const {
  if (fill_input_ < 0 || !inputs_[static_cast<size_t>(fill_input_)].present()) return fill_;
  const sdk::InTensor t = in[static_cast<size_t>(fill_input_)];
  if (t.numel() < 1) return fill_;
  double v = 0;
  dispatch_any(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    v = static_cast<double>(t.as<T>()[0]);
  });
  return v;
}

void MapOperator::forward(Inputs in, Outputs out) {
  check_inputs(in);
  if (dynamic_) remap(in);
  sdk::expect_count(out.size(), maps_.size(), "outputs");
  const double fill = fill_value(in);
  dispatch_any(inputs_[source_].dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* x = in[source_].as<T>().data();
    const T f = static_cast<T>(fill);
    for (size_t j = 0; j < maps_.size(); ++j) {
      expect_shape(out[j], maps_[j].y.shape(), "output");
      T* y = out[j].as<T>().data();
      const std::vector<int64_t>& from = maps_[j].from;
      for (size_t i = 0; i < from.size(); ++i) y[i] = from[i] == kFill ? f : x[from[i]];
    }
  });
}

void MapOperator::backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
  check_inputs(inputs);
  if (dynamic_) remap(inputs);
  sdk::expect_count(grad_outputs.size(), maps_.size(), "output gradients");
  sdk::expect_count(grad_inputs.size(), inputs_.size(), "input gradients");
  for (size_t k = 0; k < grad_inputs.size(); ++k)
    if (k != source_ && static_cast<int>(k) != fill_input_) zero_gradient(grad_inputs[k]);
  const Real r = real_dtype({inputs_[source_]});
  dispatch(r, [&](auto tag) {
    using T = decltype(tag);
    std::vector<double> dx(static_cast<size_t>(inputs_[source_].numel()), 0.0);
    double dfill = 0;
    for (size_t j = 0; j < maps_.size(); ++j) {
      if (!grad_outputs[j].defined()) continue;
      expect_shape(grad_outputs[j], maps_[j].y.shape(), "output gradient");
      const T* dy = grad_outputs[j].as<T>().data();
      const std::vector<int64_t>& from = maps_[j].from;
      for (size_t i = 0; i < from.size(); ++i) (from[i] == kFill ? dfill : dx[from[i]]) += dy[i];
    }
    if (grad_inputs[source_].defined()) {
      T* g = grad_inputs[source_].as<T>().data();
      for (size_t i = 0; i < dx.size(); ++i) g[i] = static_cast<T>(dx[i]);
    }
    if (fill_input_ >= 0 && grad_inputs[static_cast<size_t>(fill_input_)].defined()) {
      const sdk::OutTensor g = grad_inputs[static_cast<size_t>(fill_input_)];
      zero_gradient(g);
      if (g.numel() > 0) g.as<T>()[0] = static_cast<T>(dfill);
    }
  });
}

Cost MapOperator::cost() const {
  double n = 0;
  for (const Mapped& m : maps_) n += static_cast<double>(m.from.size());
  Cost c;
  c.bytes = 2.0 * n * static_cast<double>(element_size(inputs_[source_].dtype()));
  return c;
}

}  // namespace d500::reference
