#include "d500/distributed/distributed_optimizers.h"

#include <cmath>
#include <cstring>

namespace d500::distributed {

namespace {

constexpr const char* kWhere = "distributed optimizer";
constexpr int kTagRight = 71, kTagLeft = 72;  // D-PSGD: to the right / to the left
// Asynchronous parameter server: worker -> server gradient, server -> worker parameters, worker
// -> server "done". Each message starts with an int64 parameter version; a gradient has the
// worker's int64 step next.
constexpr size_t kHeader = 2 * sizeof(int64_t);
constexpr int kTagGrad = 81, kTagParams = 82, kTagDone = 83;

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

// buf <- (buf + a [+ b]) / k, elementwise.
template <class T>
void mean_into(void* buf, const void* a, const void* b, size_t n) {
  T* x = static_cast<T*>(buf);
  const T* y = static_cast<const T*>(a);
  const T* z = static_cast<const T*>(b);
  const T k = b ? T(3) : T(2);
  for (size_t i = 0; i < n; ++i) x[i] = (x[i] + y[i] + (z ? z[i] : T(0))) / k;
}

}  // namespace

std::string_view scheme_name(Scheme s) {
  switch (s) {
    case Scheme::Allreduce:
      return "allreduce";
    case Scheme::ParameterServer:
      return "parameter_server";
    case Scheme::ModelAveraging:
      return "model_averaging";
    case Scheme::Dpsgd:
      return "dpsgd";
    case Scheme::AsyncParameterServer:
      return "async_parameter_server";
  }
  return "?";
}

std::optional<Scheme> scheme_from_name(std::string_view name) {
  for (Scheme s : {Scheme::Allreduce, Scheme::ParameterServer, Scheme::ModelAveraging,
                   Scheme::Dpsgd, Scheme::AsyncParameterServer})
    if (scheme_name(s) == name) return s;
  return std::nullopt;
}

DistributedScheme::DistributedScheme(Communicator& comm, network::NetworkExecutor& executor,
                                     SchemeOptions o)
    : comm_(comm), o_(o) {
  if (o_.average_every < 1)
    throw D500Error("average_every must be >= 1, got " + std::to_string(o_.average_every), kWhere);
  if (o_.root < 0 || o_.root >= comm_.size())
    throw D500Error(
        "root " + std::to_string(o_.root) + " is not a rank of " + std::to_string(comm_.size()),
        kWhere);
  bool first = true;
  for (const auto& name : executor.parameter_names()) {
    DLTensor p = executor.parameter_view(name), g = executor.gradient_view(name);
    for (const DLTensor* t : {&p, &g}) {
      const char* what = t == &p ? "parameter" : "gradient";
      if (t->device.device_type != kDLCPU)
        throw D500Error(std::string(what) + " \"" + name +
                            "\" is not in host memory "
                            "(the distributed schemes exchange host buffers)",
                        kWhere);
      if (!contiguous(*t))
        throw D500Error(std::string(what) + " \"" + name + "\" is not contiguous", kWhere);
    }
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
  msg_.resize(kHeader + buf_.size());
}

bool DistributedScheme::is_server() const {
  return comm_.rank() == o_.root;
}

void DistributedScheme::set_local_stop(const std::atomic<bool>* local_stop, double max_seconds) {
  local_stop_ = local_stop;
  max_seconds_ = max_seconds;
}

void DistributedScheme::pack(const std::vector<DLTensor>& views) {
  size_t off = 0;
  for (const auto& v : views) {
    const size_t n = numel(v) * dtype_size(dtype_);
    std::memcpy(buf_.data() + off, bytes_of(v), n);
    off += n;
  }
}

void DistributedScheme::unpack(const std::vector<DLTensor>& views) {
  size_t off = 0;
  for (const auto& v : views) {
    const size_t n = numel(v) * dtype_size(dtype_);
    std::memcpy(bytes_of(v), buf_.data() + off, n);
    off += n;
  }
}

void DistributedScheme::broadcast_parameters() {
  const int root = o_.scheme == Scheme::ParameterServer || o_.scheme == Scheme::AsyncParameterServer
                       ? o_.root
                       : 0;
  pack(params_);
  comm_.broadcast(buf_.data(), buf_.size(), root);
  unpack(params_);
}

void DistributedScheme::average_parameters() {
  pack(params_);
  comm_.allreduce(buf_.data(), count_, dtype_, ReduceOp::Avg);
  unpack(params_);
}

void DistributedScheme::dpsgd_mix() {
  const int n = comm_.size(), r = comm_.rank();
  if (n == 1) return;
  const int right = (r + 1) % n, left = (r + n - 1) % n;
  pack(params_);
  left_.resize(buf_.size());
  // Everyone sends to the right and hears from the left, then the other way round.
  comm_.sendrecv(buf_.data(), buf_.size(), right, left_.data(), left_.size(), left, kTagRight);
  const void* from_right = nullptr;
  if (right != left) {
    right_.resize(buf_.size());
    comm_.sendrecv(buf_.data(), buf_.size(), left, right_.data(), right_.size(), right, kTagLeft);
    from_right = right_.data();
  }
  if (dtype_ == DType::Float32)
    mean_into<float>(buf_.data(), left_.data(), from_right, count_);
  else
    mean_into<double>(buf_.data(), left_.data(), from_right, count_);
  unpack(params_);
}

void DistributedScheme::before_epoch(int64_t) {
  if (!started_) {
    started_ = true;
    t_start_ = Clock::now();
  }
}

void DistributedScheme::before_step(int64_t) {
  if (!started_) before_epoch(0);
  t_step_ = Clock::now();
  at_step_ = comm_.stats().total();
}

void DistributedScheme::before_optimizer(int64_t step) {
  switch (o_.scheme) {
    case Scheme::Allreduce:
      pack(grads_);
      comm_.allreduce(buf_.data(), count_, dtype_, ReduceOp::Avg);
      unpack(grads_);
      break;
    case Scheme::ParameterServer:
      pack(grads_);
      comm_.reduce(buf_.data(), count_, dtype_, ReduceOp::Sum, o_.root);
      if (comm_.rank() == o_.root) {
        const double f = 1.0 / comm_.size();
        if (dtype_ == DType::Float32)
          scale<float>(buf_.data(), count_, f);
        else
          scale<double>(buf_.data(), count_, f);
        unpack(grads_);
      }
      break;
    case Scheme::AsyncParameterServer:
      if (is_server() || comm_.size() == 1) break;
      // Push the gradient with the version it was computed on; wait for the current model.
      std::memcpy(msg_.data(), &version_, sizeof version_);
      std::memcpy(msg_.data() + sizeof version_, &step, sizeof step);
      pack(grads_);
      std::memcpy(msg_.data() + kHeader, buf_.data(), buf_.size());
      comm_.send(msg_.data(), msg_.size(), o_.root, kTagGrad);
      comm_.recv(msg_.data(), msg_.size(), o_.root, kTagParams);
      std::memcpy(&version_, msg_.data(), sizeof version_);
      break;
    default:
      break;
  }
}

void DistributedScheme::apply_worker_gradient(const uint8_t* msg, size_t bytes, int source) {
  if (bytes != msg_.size())
    throw D500Error("a " + std::to_string(bytes) + "-byte gradient from rank " +
                        std::to_string(source) + ", expected " + std::to_string(msg_.size()),
                    kWhere);
  int64_t v = 0, step = 0;
  std::memcpy(&v, msg, sizeof v);
  std::memcpy(&step, msg + sizeof v, sizeof step);
  std::memcpy(buf_.data(), msg + kHeader, buf_.size());
  unpack(grads_);
  opt_->step(params_, grads_, schedule_.at(step));
  staleness_.push_back(version_ - v);
  ++version_;
  ++applied_;
  if (sink_)
    sink_->point("staleness", version_,
                 std::chrono::duration<double>(Clock::now() - t_start_).count(),
                 static_cast<double>(staleness_.back()));
  pack(params_);
  std::memcpy(msg_.data(), &version_, sizeof version_);
  std::memcpy(msg_.data() + kHeader, buf_.data(), buf_.size());
  comm_.send(msg_.data(), msg_.size(), source, kTagParams);
}

void DistributedScheme::finish() {
  if (o_.scheme != Scheme::AsyncParameterServer || comm_.size() == 1 || finished_) return;
  finished_ = true;
  if (!is_server()) {
    comm_.send(&version_, sizeof version_, o_.root, kTagDone);
    return;
  }
  if (!opt_)
    throw D500Error("async_parameter_server: the server has no optimizer (set_optimizer)", kWhere);
  for (int done = 0; done < comm_.size() - 1;) {
    MessageInfo info;
    const auto bytes = comm_.recv_bytes(kAnySource, kAnyTag, &info);
    if (info.tag == kTagDone)
      ++done;
    else if (info.tag == kTagGrad)
      apply_worker_gradient(bytes.data(), bytes.size(), info.source);
    else
      throw D500Error("unexpected message (tag " + std::to_string(info.tag) + ") from rank " +
                          std::to_string(info.source),
                      kWhere);
  }
}

void DistributedScheme::after_optimizer(int64_t step, double) {
  switch (o_.scheme) {
    case Scheme::AsyncParameterServer:
      if (comm_.size() == 1) break;
      if (!is_server()) {
        std::memcpy(buf_.data(), msg_.data() + kHeader, buf_.size());
        unpack(params_);  // the server's model replaces the local step
        break;
      }
      if (!opt_)
        throw D500Error("async_parameter_server: the server has no optimizer (set_optimizer)",
                        kWhere);
      ++version_;  // the server's own gradient, applied by its Trainer
      ++applied_;
      while (auto m = comm_.iprobe(kAnySource, kTagGrad)) {
        std::vector<uint8_t> in(m->bytes);
        comm_.recv(in.data(), in.size(), m->source, kTagGrad);
        apply_worker_gradient(in.data(), in.size(), m->source);
      }
      break;
    case Scheme::ParameterServer:
      pack(params_);
      comm_.broadcast(buf_.data(), buf_.size(), o_.root);
      unpack(params_);
      break;
    case Scheme::ModelAveraging:
      if ((step + 1) % o_.average_every == 0) average_parameters();
      break;
    case Scheme::Dpsgd:
      dpsgd_mix();
      break;
    default:
      break;
  }
}

void DistributedScheme::after_step(int64_t step, double loss) {
  const auto now = Clock::now();
  const CallStats s = comm_.stats().total();
  StepRecord rec;
  rec.step = step;
  rec.comm_bytes =
      (s.bytes_sent - at_step_.bytes_sent) + (s.bytes_received - at_step_.bytes_received);
  rec.comm_s = static_cast<double>(s.time_ns - at_step_.time_ns) * 1e-9;
  const double total = std::chrono::duration<double>(now - t_step_).count();
  rec.compute_s = total > rec.comm_s ? total - rec.comm_s : 0;
  steps_.push_back(rec);
  const double wall = std::chrono::duration<double>(now - t_start_).count();
  if (sink_) {
    sink_->point("comm_bytes", step, wall, static_cast<double>(rec.comm_bytes));
    sink_->point("comm_time_s", step, wall, rec.comm_s);
    sink_->point("compute_time_s", step, wall, rec.compute_s);
  }
  // The asynchronous server runs no collective during training (ranks stop on their own).
  if ((!local_stop_ && max_seconds_ <= 0) || o_.scheme == Scheme::AsyncParameterServer) return;
  // Outside the step's figures: do all ranks go on? [0]: 1 = a signal, 2 = the time limit;
  // [1 + r]: rank r's loss is not finite.
  vote_.assign(static_cast<size_t>(comm_.size()) + 1, 0);
  vote_[0] = local_stop_ && local_stop_->load() ? 1 : 0;
  if (max_seconds_ > 0 && wall >= max_seconds_) vote_[0] |= 2;
  vote_[1 + static_cast<size_t>(comm_.rank())] = std::isfinite(loss) ? 0 : 1;
  comm_.allreduce(vote_.data(), vote_.size(), DType::Int32, ReduceOp::Max);
  std::string ranks;
  int bad = 0;
  for (int r = 0; r < comm_.size(); ++r)
    if (vote_[1 + static_cast<size_t>(r)]) {
      ranks += (bad++ ? ", " : "") + std::to_string(r);
    }
  if (bad)
    diverged_ = "loss not finite on rank" + std::string(bad > 1 ? "s " : " ") + ranks +
                " at step " + std::to_string(step);
  if (vote_[0] || bad) {
    stopped_by_time_ = !bad && vote_[0] == 2;
    stop_.store(true);
  }
}

}  // namespace d500::distributed
