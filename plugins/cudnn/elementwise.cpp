// ONNX Add, Sub and Mul with numpy broadcasting, float32 and float64, as the plugin's own CUDA
// kernels (kernels.cu); backward sums the gradient over broadcast dimensions with atomics.
#include "common.h"
#include "kernels.h"

namespace d500::cudnn_plugin {
namespace {

template <Binary Op>
class BinaryOp : public sdk::Operator<BinaryOp<Op>> {
 public:
  BinaryOp(const Attributes&, const std::vector<TensorInfo>& in) {
    sdk::expect_count(in.size(), 2, "inputs (A, B)");
    if (!sdk::same_dtype(in[0].dtype(), in[1].dtype()))
      throw std::invalid_argument("cudnn " + std::string(name()) + ": A is " + in[0].str() +
                                  " but B is " + in[1].str());
    f64_ = cudnn_dtype(in[0], name(), true) == CUDNN_DATA_DOUBLE;
    a_ = in[0].shape();
    b_ = in[1].shape();
    try {
      y_ = broadcast_shape(a_, b_);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("cudnn " + std::string(name()) + ": A " + in[0].str() + ", B " +
                                  in[1].str() + ": " + e.what());
    }
    if (y_.size() > static_cast<size_t>(kMaxDims))
      throw sdk::unsupported("cudnn " + std::string(name()) + " takes at most 8 dimensions");
    ix_ = broadcast_index(y_, a_, b_);
    for (int64_t d : y_) n_ *= d;
    dtype_ = in[0].dtype();
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(dtype_, y_)}; }

  void forward(Inputs in, Outputs out) {
    require_device_all(in, name());
    require_device_all(out, name());
    launch_binary(Op, f64_, data_of(in[0]), data_of(in[1]), data_of(out[0]), ix_, n_);
    finish_call(name());
  }

  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    require_device_all(grad_outputs, name());
    require_device_all(inputs, name());
    require_device_all(grad_inputs, name());
    void* da =
        grad_inputs.size() > 0 && grad_inputs[0].defined() ? data_of(grad_inputs[0]) : nullptr;
    void* db =
        grad_inputs.size() > 1 && grad_inputs[1].defined() ? data_of(grad_inputs[1]) : nullptr;
    const size_t elem = f64_ ? 8 : 4;
    if (da) D500_CUDA(cudaMemsetAsync(da, 0, count(a_) * elem, nullptr));
    if (db) D500_CUDA(cudaMemsetAsync(db, 0, count(b_) * elem, nullptr));
    launch_binary_backward(Op, f64_, data_of(grad_outputs[0]), data_of(inputs[0]),
                           data_of(inputs[1]), da, db, ix_, n_);
    finish_call(name());
  }

  Cost cost() const {
    const double e = f64_ ? 8.0 : 4.0;
    return {static_cast<double>(n_), e * static_cast<double>(count(a_) + count(b_) + n_)};
  }

 private:
  static const char* name() {
    return Op == Binary::Add ? "Add" : Op == Binary::Sub ? "Sub" : "Mul";
  }
  static size_t count(const std::vector<int64_t>& s) {
    size_t n = 1;
    for (int64_t d : s) n *= static_cast<size_t>(d);
    return n;
  }
  GpuRequired gpu_;
  bool f64_ = false;
  DLDataType dtype_{};
  std::vector<int64_t> a_, b_, y_;
  BroadcastIndex ix_;
  int64_t n_ = 1;
};

}  // namespace

void add_elementwise_ops(std::vector<d500_operator>& ops) {
  const uint32_t flags = 0;  // backward sums with atomics: not bitwise reproducible
  ops.push_back(BinaryOp<Binary::Add>::define(
      {"Add", "", "default", "CUDA kernel, numpy broadcasting, float32/float64", kDLCUDA, flags}));
  ops.push_back(BinaryOp<Binary::Sub>::define(
      {"Sub", "", "default", "CUDA kernel, numpy broadcasting, float32/float64", kDLCUDA, flags}));
  ops.push_back(BinaryOp<Binary::Mul>::define(
      {"Mul", "", "default", "CUDA kernel, numpy broadcasting, float32/float64", kDLCUDA, flags}));
}

}  // namespace d500::cudnn_plugin
