#include "dropout.h"

#include <cstring>

namespace d500::reference {
namespace {

// The seed used when the model gives none (ONNX would draw one; a reference must not).
constexpr int64_t kDefaultSeed = 0;

// MT19937 as NumPy's legacy RandomState uses it: seeded by init_genrand, doubles of 53 bits from
// two 32-bit outputs (numpy/random/src/mt19937, legacy random_sample).
class NumpyMt19937 {
 public:
  explicit NumpyMt19937(uint32_t seed) {
    state_[0] = seed;
    for (uint32_t i = 1; i < kN; ++i)
      state_[i] = 1812433253u * (state_[i - 1] ^ (state_[i - 1] >> 30)) + i;
  }
  double next_double() {
    const uint32_t a = next32() >> 5, b = next32() >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }

 private:
  static constexpr uint32_t kN = 624, kM = 397;
  uint32_t next32() {
    if (pos_ == kN) twist();
    uint32_t y = state_[pos_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
  }
  // In place and in order, as the reference implementation: the last kM words already read the
  // new values of the first ones.
  void twist() {
    for (uint32_t i = 0; i < kN; ++i) {
      const uint32_t y = (state_[i] & 0x80000000u) | (state_[(i + 1) % kN] & 0x7fffffffu);
      state_[i] = state_[(i + kM) % kN] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    pos_ = 0;
  }
  uint32_t state_[kN];
  uint32_t pos_ = kN;
};

bool is_bool(DLDataType t) {
  return t.bits == 8 && t.lanes == 1 && (t.code == D500_DLPACK_BOOL_CODE || t.code == kDLUInt);
}

void check_ratio(double r) {
  // ratio 1 would scale by 1 / 0; the spec's range is [0, 1).
  if (!(r >= 0 && r < 1))
    throw std::invalid_argument("ratio must be in [0, 1), got " + std::to_string(r));
}

// The one value of a scalar input ([] or [1]).
template <class Tensor>
void expect_scalar(const Tensor& t, const char* name) {
  if (t.numel() != 1)
    throw std::invalid_argument(std::string(name) + " must be a scalar, got " + t.info().str());
}

}  // namespace

Dropout::Dropout(const Attributes& attrs, const std::vector<TensorInfo>& inputs,
                 const sdk::Constants& constants) {
  const bool old = opset_of(attrs) < 12;
  if (old)
    attrs.expect_only({"ratio", "seed"});
  else
    attrs.expect_only({"seed"});
  if (inputs.empty() || inputs.size() > 3 || !inputs[0].present())
    throw std::invalid_argument("expects input data and optional ratio and training_mode, got " +
                                std::to_string(inputs.size()) + " inputs");
  dtype_ = real_dtype({inputs[0]});
  shape_ = inputs[0].shape();
  // NumPy takes seeds in [0, 2^32); other values keep their low 32 bits.
  seed_ = static_cast<uint32_t>(attrs.get_int("seed", kDefaultSeed));
  has_ratio_ = inputs.size() > 1 && inputs[1].present();
  has_training_ = inputs.size() > 2 && inputs[2].present();
  if (has_ratio_) {
    if (inputs[1].numel() != 1)
      throw std::invalid_argument("ratio must be a scalar, got " + inputs[1].str());
    if (!inputs[1].is<float>() && !inputs[1].is<double>())
      throw sdk::unsupported("ratio of dtype " + sdk::dtype_name(inputs[1].dtype()) +
                             " is not implemented (float32, float64)");
    if (constants.has(1)) ratio_ = constants.reals(1, "ratio").at(0);
  } else {
    ratio_ = old ? attrs.get_float("ratio", 0.5) : 0.5;
  }
  if (ratio_) check_ratio(*ratio_);
  if (has_training_) {
    if (inputs[2].numel() != 1)
      throw std::invalid_argument("training_mode must be a scalar, got " + inputs[2].str());
    if (!is_bool(inputs[2].dtype()))
      throw std::invalid_argument("training_mode must be bool, got " + inputs[2].str());
    if (constants.has(2)) training_ = constants.reals(2, "training_mode").at(0) != 0;
  } else {
    training_ = false;  // also before opset 12: inference, the only mode a model could ask for
  }
}

std::vector<TensorInfo> Dropout::outputs() const {
  return {TensorInfo(dl_dtype(dtype_), shape_), TensorInfo(sdk::dtype_of<bool>(), shape_)};
}

std::vector<uint8_t> Dropout::keep_mask(double ratio) const {
  NumpyMt19937 rng(seed_);
  std::vector<uint8_t> keep(static_cast<size_t>(numel(shape_)));
  for (auto& k : keep) k = rng.next_double() >= ratio;
  return keep;
}

double Dropout::ratio(Inputs in) const {
  if (ratio_) return *ratio_;
  const auto t = in[1];
  expect_scalar(t, "ratio");
  const double r = t.is<float>() ? static_cast<double>(t.as<float>()[0]) : t.as<double>()[0];
  check_ratio(r);
  return r;
}

bool Dropout::training(Inputs in) const {
  if (training_) return *training_;
  const auto t = in[2];
  expect_scalar(t, "training_mode");
  if (!is_bool(t.dtype()))
    throw std::invalid_argument("training_mode must be bool, got " + t.info().str());
  uint8_t v = 0;
  std::memcpy(&v, static_cast<const char*>(t.dl().data) + t.dl().byte_offset, 1);
  return v != 0;
}

void Dropout::check_inputs(Inputs in) const {
  const size_t required = has_training_ ? 3 : has_ratio_ ? 2 : 1;
  expect_between(in.size(), required, 3, "inputs");
  expect_shape(in[0], shape_, "data");
  if (!ratio_ && !given(in, 1)) throw std::invalid_argument("ratio has no data");
  if (!training_ && !given(in, 2)) throw std::invalid_argument("training_mode has no data");
}

void Dropout::forward(Inputs in, Outputs out) {
  check_inputs(in);
  expect_between(out.size(), 1, 2, "outputs");
  expect_shape(out[0], shape_, "output");
  if (wanted(out, 1)) {
    expect_shape(out[1], shape_, "mask");
    if (!is_bool(out[1].dtype()))
      throw std::invalid_argument("mask must be bool, got " + out[1].info().str());
  }
  const double r = ratio(in);
  const bool t = training(in);
  dispatch(dtype_, [&](auto tag) { forward_t<decltype(tag)>(in, out, r, t); });
}

template <class T>
void Dropout::forward_t(Inputs in, Outputs out, double ratio, bool training) const {
  const T* x = in[0].as<T>().data();
  T* y = out[0].as<T>().data();
  uint8_t* mask =
      wanted(out, 1) ? static_cast<uint8_t*>(out[1].dl().data) + out[1].dl().byte_offset : nullptr;
  const int64_t n = numel(shape_);
  // The spec's identity case: inference mode or nothing to drop.
  const bool drop = training && ratio > 0;
  const double scale = 1 / (1 - ratio);
  const std::vector<uint8_t> kept = drop ? keep_mask(ratio) : std::vector<uint8_t>();
  for (int64_t i = 0; i < n; ++i) {
    const bool keep = !drop || kept[i];
    y[i] = drop ? static_cast<T>(keep ? x[i] * scale : 0.0) : x[i];
    if (mask) mask[i] = keep ? 1 : 0;
  }
}

void Dropout::backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs) {
  check_inputs(inputs);
  expect_between(grad_outputs.size(), 1, 2, "output gradients");  // the mask has none
  expect_between(grad_inputs.size(), 1, inputs.size(), "input gradients");
  for (size_t i = 1; i < grad_inputs.size(); ++i) zero_gradient(grad_inputs[i]);
  if (zero_without_output_gradient(grad_outputs, grad_inputs) || !wanted(grad_inputs, 0)) return;
  expect_shape(grad_outputs[0], shape_, "d output");
  expect_shape(grad_inputs[0], shape_, "d data");
  if (given(outputs, 1)) {
    expect_shape(outputs[1], shape_, "mask");
    if (!is_bool(outputs[1].dtype()))
      throw std::invalid_argument("mask must be bool, got " + outputs[1].info().str());
  }
  const double r = ratio(inputs);
  const bool t = training(inputs);
  dispatch(dtype_,
           [&](auto tag) { backward_t<decltype(tag)>(grad_outputs, outputs, grad_inputs, r, t); });
}

template <class T>
void Dropout::backward_t(Inputs grad_outputs, Inputs outputs, Outputs grad_inputs, double ratio,
                         bool training) const {
  const T* dy = grad_outputs[0].as<T>().data();
  T* dx = grad_inputs[0].as<T>().data();
  // The mask forward wrote, when the caller passes it back; else the same draws again.
  const uint8_t* mask = given(outputs, 1) ? static_cast<const uint8_t*>(outputs[1].dl().data) +
                                                outputs[1].dl().byte_offset
                                          : nullptr;
  const int64_t n = numel(shape_);
  const bool drop = training && ratio > 0;
  const double scale = 1 / (1 - ratio);
  const std::vector<uint8_t> kept = drop && !mask ? keep_mask(ratio) : std::vector<uint8_t>();
  for (int64_t i = 0; i < n; ++i) {
    if (!drop) {
      dx[i] = dy[i];
      continue;
    }
    const bool keep = mask ? mask[i] != 0 : kept[i] != 0;
    dx[i] = static_cast<T>(keep ? dy[i] * scale : 0.0);
  }
}

Cost Dropout::cost() const {
  // Training: a draw, a comparison and a multiply per element (counted as two flops); inference
  // copies. Bytes: data read, output and mask written.
  const double n = static_cast<double>(numel(shape_));
  const bool maybe_training = !training_ || *training_;
  Cost c;
  c.flops = maybe_training ? 2.0 * n : 0.0;
  c.bytes = n * (2.0 * static_cast<double>(real_size(dtype_)) + 1.0);
  return c;
}

}  // namespace d500::reference
