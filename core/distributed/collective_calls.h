// Private to core/distributed: the buffers and the call of one collective at one size, shared by
// the timing (collective_timing.cpp) and the check of its values (collective_benchmark.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "d500/distributed/collective_benchmark.h"
#include "d500/tensor.h"

namespace d500::distributed {

namespace detail {

// The buffers of one collective at one size, and call number j on them.
class Calls {
 public:
  Calls(Communicator& comm, Collective c, size_t bytes, DType dtype)
      : comm_(comm),
        c_(c),
        dtype_(dtype),
        bytes_(bytes),
        count_(bytes / dtype_size(dtype)),
        send_(dtype, {static_cast<int64_t>(count_)}),
        recv_(dtype,
              {c == Collective::Allgather ? static_cast<int64_t>(count_) * comm.size() : 0}) {}

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
  Tensor& input() { return send_; }
  Tensor& gathered() { return recv_; }

 private:
  Communicator& comm_;
  Collective c_;
  DType dtype_;
  size_t bytes_, count_;
  Tensor send_, recv_;
};

// Throws D500Error unless dtype is float32 or float64 and bytes a positive multiple of its size.
void check_collective_args(Collective c, size_t bytes, DType dtype);

}  // namespace detail

}  // namespace d500::distributed
