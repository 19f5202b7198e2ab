// Leader and followers: rank 0 times with the measurement loop, the other ranks repeat the call
// until a NaN from rank 0 says that the call they just made was the last.
#include "d500/distributed/collective_benchmark.h"

#include <cmath>
#include <limits>
#include <vector>

namespace d500::distributed {

namespace {

// The buffers of one collective at one size, and call number j on them.
class Calls {
 public:
  Calls(Communicator& comm, Collective c, size_t bytes, DType dtype)
      : comm_(comm), c_(c), dtype_(dtype), bytes_(bytes), count_(bytes / dtype_size(dtype)),
        send_(dtype, {static_cast<int64_t>(count_)}),
        recv_(dtype, {c == Collective::Allgather ? static_cast<int64_t>(count_) * comm.size() : 0}) {}

  void call(uint64_t j) {
    switch (c_) {
      case Collective::Allreduce:
        comm_.allreduce(send_.data(), count_, dtype_, ReduceOp::Sum);
        break;
      case Collective::Allgather:
        comm_.allgather(send_.data(), bytes_, recv_.data());
        break;
      case Collective::Broadcast:
        comm_.broadcast(send_.data(), bytes_, root(j));
        break;
    }
  }
  int root(uint64_t j) const { return static_cast<int>(j % static_cast<uint64_t>(comm_.size())); }
  // Whether call j carried rank 0's end mark (it reaches a follower only in a call where rank
  // 0's data arrives: every allreduce and allgather, a broadcast rooted at rank 0).
  bool marked(uint64_t j) const {
    if (c_ == Collective::Broadcast && root(j) != 0) return false;
    return std::isnan((c_ == Collective::Allgather ? recv_ : send_).at(0));
  }
  void mark() { send_.set(0, std::numeric_limits<double>::quiet_NaN()); }
  Tensor& input() { return send_; }
  Tensor& gathered() { return recv_; }

 private:
  Communicator& comm_;
  Collective c_;
  DType dtype_;
  size_t bytes_, count_;
  Tensor send_, recv_;
};

class LeaderSubject final : public measure::Subject {
 public:
  explicit LeaderSubject(Calls& calls) : calls_(calls) {}
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) calls_.call(next_++);
  }
  uint64_t next() const { return next_; }

 private:
  Calls& calls_;
  uint64_t next_ = 0;
};

void check_args(Collective c, size_t bytes, DType dtype) {
  if (dtype != DType::Float32 && dtype != DType::Float64)
    throw D500Error(std::string(collective_name(c)) + ": dtype must be float32 or float64, got " +
                    std::string(dtype_name(dtype)));
  if (bytes == 0 || bytes % dtype_size(dtype) != 0)
    throw D500Error(std::string(collective_name(c)) + ": " + std::to_string(bytes) +
                    " bytes is not a positive multiple of " + std::string(dtype_name(dtype)));
}

double expected(Collective c, int ranks, int root, int block_rank, int64_t i) {
  const double pattern = static_cast<double>(i % 97);
  switch (c) {
    case Collective::Allreduce: return ranks * (ranks + 1) / 2.0 + ranks * pattern;
    case Collective::Allgather: return block_rank + 1 + pattern;
    case Collective::Broadcast: return root + 1 + pattern;
  }
  return 0;
}

}  // namespace

std::string_view collective_name(Collective c) {
  switch (c) {
    case Collective::Allreduce: return "allreduce";
    case Collective::Allgather: return "allgather";
    case Collective::Broadcast: return "broadcast";
  }
  return "?";
}

std::optional<Collective> collective_from_name(std::string_view name) {
  for (Collective c : {Collective::Allreduce, Collective::Allgather, Collective::Broadcast})
    if (name == collective_name(c)) return c;
  return std::nullopt;
}

double busbw_factor(Collective c, int ranks) {
  if (ranks <= 1) return 0;
  const double n = ranks;
  switch (c) {
    case Collective::Allreduce: return 2 * (n - 1) / n;
    case Collective::Allgather: return (n - 1) / n;
    case Collective::Broadcast: return 1;
  }
  return 0;
}

double algbw_bytes(Collective c, size_t bytes, int ranks) {
  const auto b = static_cast<double>(bytes);
  return c == Collective::Allgather ? b * ranks : b;
}

measure::Measurement measure_collective(Communicator& comm, Collective c, size_t bytes,
                                        DType dtype, const measure::Policy& policy,
                                        const measure::TimerInfo& timer,
                                        const std::atomic<bool>* cancel) {
  check_args(c, bytes, dtype);
  Calls calls(comm, c, bytes, dtype);
  if (comm.rank() != 0) {
    for (uint64_t j = 0;; ++j) {
      calls.call(j);
      if (calls.marked(j)) break;
    }
    return {};
  }
  LeaderSubject subject(calls);
  measure::Subject* const one[] = {&subject};
  measure::Measurement m = std::move(measure::measure_interleaved(one, policy, 0, timer, {}, cancel).front());
  // The followers are in call next() or finished it; the mark goes out in the first call from
  // there on that carries rank 0's data to all of them.
  for (uint64_t j = subject.next();; ++j) {
    const bool last = c != Collective::Broadcast || calls.root(j) == 0;
    if (last) calls.mark();
    calls.call(j);
    if (last) break;
  }
  return m;
}

CollectiveCheck check_collective(Communicator& comm, Collective c, size_t bytes, DType dtype) {
  check_args(c, bytes, dtype);
  const int n = comm.size(), me = comm.rank(), root = n - 1;
  Calls calls(comm, c, bytes, dtype);
  Tensor& in = calls.input();
  for (int64_t i = 0; i < in.numel(); ++i) in.set(i, me + 1 + static_cast<double>(i % 97));
  if (c == Collective::Broadcast && me != root)
    for (int64_t i = 0; i < in.numel(); ++i) in.set(i, -1);
  calls.call(static_cast<uint64_t>(root));  // broadcast: call number `root` is rooted there
  const Tensor& out = c == Collective::Allgather ? calls.gathered() : in;
  double err = 0;
  std::string first;
  for (int64_t i = 0; i < out.numel(); ++i) {
    const int block = static_cast<int>(i / in.numel());
    const double want = expected(c, n, root, block, i % in.numel());
    const double e = std::abs(out.at(i) - want);
    if (!(e <= err)) {  // NaN counts as an error too
      if (first.empty())
        first = "; rank " + std::to_string(me) + " element " + std::to_string(i) + " is " +
                std::to_string(out.at(i)) + ", expected " + std::to_string(want);
      err = std::isnan(e) ? std::numeric_limits<double>::infinity() : e;
    }
  }
  comm.allreduce(&err, 1, DType::Float64, ReduceOp::Max);
  CollectiveCheck r;
  r.max_abs_error = err;
  r.passed = err == 0;
  r.detail = std::to_string(out.numel()) + " elements on " + std::to_string(n) + " rank" +
             (n == 1 ? "" : "s") + first;
  return r;
}

}  // namespace d500::distributed
