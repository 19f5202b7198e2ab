#include <cstring>

#include "d500/distributed/scheme_registry.h"

namespace d500::distributed {

namespace {

constexpr const char* kWhere = "distributed optimizer";

size_t numel(const DLTensor& t) {
  size_t n = 1;
  for (int i = 0; i < t.ndim; ++i) n *= static_cast<size_t>(t.shape[i]);
  return n;
}

bool contiguous(const DLTensor& t) {
  if (!t.strides) return true;
  int64_t expect = 1;
  for (int i = t.ndim - 1; i >= 0; --i) {
    if (t.shape[i] != 1 && t.strides[i] != expect) return false;
    expect *= t.shape[i];
  }
  return true;
}

uint8_t* bytes_of(const DLTensor& t) {
  return static_cast<uint8_t*>(t.data) + t.byte_offset;
}

template <class T>
void scale(void* data, size_t n, double f) {
  T* p = static_cast<T*>(data);
  for (size_t i = 0; i < n; ++i) p[i] = static_cast<T>(p[i] * f);
}

void check_view(const DLTensor& t, const char* what, const std::string& name) {
  if (t.device.device_type != kDLCPU)
    throw D500Error(std::string(what) + " \"" + name +
                        "\" is not in host memory (the distributed schemes exchange host buffers)",
                    kWhere);
  if (!contiguous(t))
    throw D500Error(std::string(what) + " \"" + name + "\" is not contiguous", kWhere);
}

}  // namespace

SchemeContext::SchemeContext(Communicator& comm, network::NetworkExecutor& executor,
                             SchemeOptions o)
    : comm_(comm), o_(std::move(o)) {
  if (o_.average_every < 1)
    throw D500Error("average_every must be >= 1, got " + std::to_string(o_.average_every), kWhere);
  if (o_.root < 0 || o_.root >= comm_.size())
    throw D500Error(
        "root " + std::to_string(o_.root) + " is not a rank of " + std::to_string(comm_.size()),
        kWhere);
  bool first = true;
  for (const auto& name : executor.parameter_names()) {
    DLTensor p = executor.parameter_view(name), g = executor.gradient_view(name);
    check_view(p, "parameter", name);
    check_view(g, "gradient", name);
    const DType d = from_dlpack(p.dtype);
    if (d != DType::Float32 && d != DType::Float64)
      throw D500Error("parameter \"" + name + "\" is " + std::string(dtype_name(d)) +
                          "; the schemes average float32 or float64 parameters",
                      kWhere);
    if (from_dlpack(g.dtype) != d || numel(g) != numel(p))
      throw D500Error("gradient of \"" + name + "\" does not match its parameter", kWhere);
    if (!first && d != dtype_)
      throw D500Error("parameter \"" + name + "\" is " + std::string(dtype_name(d)) +
                          " but earlier ones are " + std::string(dtype_name(dtype_)) +
                          " (one dtype per model)",
                      kWhere);
    dtype_ = d;
    first = false;
    count_ += numel(p);
    params_.push_back(p);
    grads_.push_back(g);
  }
  buf_.resize(count_ * dtype_size(dtype_));
}

void SchemeContext::pack(const std::vector<DLTensor>& views) {
  size_t off = 0;
  for (const auto& v : views) {
    const size_t n = numel(v) * dtype_size(dtype_);
    std::memcpy(buf_.data() + off, bytes_of(v), n);
    off += n;
  }
}

void SchemeContext::unpack(const std::vector<DLTensor>& views) {
  size_t off = 0;
  for (const auto& v : views) {
    const size_t n = numel(v) * dtype_size(dtype_);
    std::memcpy(bytes_of(v), buf_.data() + off, n);
    off += n;
  }
}

void SchemeContext::scale_buffer(double f) {
  if (dtype_ == DType::Float32)
    scale<float>(buf_.data(), count_, f);
  else
    scale<double>(buf_.data(), count_, f);
}

void SchemeContext::average_parameters() {
  pack(params_);
  comm_.allreduce(buf_.data(), count_, dtype_, ReduceOp::Avg);
  unpack(params_);
}

void SchemeContext::set_optimizer(training::Optimizer* opt, training::LrSchedule s) {
  opt_ = opt;
  schedule_ = std::move(s);
}

double SchemeContext::wall_s() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start_).count();
}

}  // namespace d500::distributed
