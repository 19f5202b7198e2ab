// Every rank times every call, like nccl-tests and the OSU benchmarks (collective_timing.cpp);
// this file holds the calls themselves and the check of their values.
#include "d500/distributed/collective_benchmark.h"

#include <cmath>
#include <limits>
#include <vector>

#include "collective_calls.h"

namespace d500::distributed {

namespace detail {

void check_collective_args(Collective c, size_t bytes, DType dtype) {
  if (dtype != DType::Float32 && dtype != DType::Float64)
    throw D500Error(std::string(collective_name(c)) + ": dtype must be float32 or float64, got " +
                    std::string(dtype_name(dtype)));
  if (bytes == 0 || bytes % dtype_size(dtype) != 0)
    throw D500Error(std::string(collective_name(c)) + ": " + std::to_string(bytes) +
                    " bytes is not a positive multiple of " + std::string(dtype_name(dtype)));
}

}  // namespace detail

namespace {

using detail::Calls;

double expected(Collective c, int ranks, int root, int block_rank, int64_t i) {
  const double pattern = static_cast<double>(i % 97);
  switch (c) {
    case Collective::Allreduce:
      return ranks * (ranks + 1) / 2.0 + ranks * pattern;
    case Collective::Allgather:
      return block_rank + 1 + pattern;
    case Collective::Broadcast:
      return root + 1 + pattern;
  }
  return 0;
}

}  // namespace

std::string_view collective_name(Collective c) {
  switch (c) {
    case Collective::Allreduce:
      return "allreduce";
    case Collective::Allgather:
      return "allgather";
    case Collective::Broadcast:
      return "broadcast";
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
    case Collective::Allreduce:
      return 2 * (n - 1) / n;
    case Collective::Allgather:
      return (n - 1) / n;
    case Collective::Broadcast:
      return 1;
  }
  return 0;
}

double algbw_bytes(Collective c, size_t bytes, int ranks) {
  const auto b = static_cast<double>(bytes);
  return c == Collective::Allgather ? b * ranks : b;
}

CollectiveCheck check_collective(Communicator& comm, Collective c, size_t bytes, DType dtype) {
  detail::check_collective_args(c, bytes, dtype);
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
