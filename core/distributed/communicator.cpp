// Communicator's public calls: argument checks and per-call statistics around the backend's
// primitives, the fused allreduce of many tensors, and the world's choice of backend.
#include "d500/distributed/communicator.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "backends.h"
#include "d500/clock.h"

namespace d500::distributed {

namespace {

bool reducible(DType t) {
  return t == DType::Float32 || t == DType::Float64 || t == DType::Int32 || t == DType::Int64;
}

void divide(void* data, size_t count, DType dtype, int size) {
  if (dtype == DType::Float32) {
    auto* p = static_cast<float*>(data);
    const float s = static_cast<float>(size);
    for (size_t i = 0; i < count; ++i) p[i] /= s;
  } else {
    auto* p = static_cast<double*>(data);
    const double s = static_cast<double>(size);
    for (size_t i = 0; i < count; ++i) p[i] /= s;
  }
}

// The refusal, out of the calls' way (a small allreduce is half a microsecond: every
// nanosecond of the path shows).
// Called only when check_reduction refuses: a type that does not reduce, else avg on integers.
[[gnu::cold, gnu::noinline]] void refuse_reduction(DType dtype, std::string_view call) {
  if (!reducible(dtype))
    throw D500Error(std::string(call) + ": cannot reduce " + std::string(dtype_name(dtype)) +
                    " (float32, float64, int32 or int64)");
  throw D500Error(std::string(call) + ": avg needs float32 or float64, got " +
                  std::string(dtype_name(dtype)));
}

inline void check_reduction(DType dtype, ReduceOp op, std::string_view call) {
  const bool floating = dtype == DType::Float32 || dtype == DType::Float64;
  if (!reducible(dtype) || (op == ReduceOp::Avg && !floating)) refuse_reduction(dtype, call);
}

// dtype_size for the reducible types, inlined (dtype_size lives in another library).
inline size_t reducible_size(DType t) {
  return t == DType::Float64 || t == DType::Int64 ? 8 : 4;
}

// The launcher left its mark in the environment.
bool launched_by_mpi() {
  if (const char* force = std::getenv("D500_MPI")) return std::string(force) == "1";
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  const char* ntasks = std::getenv("SLURM_NTASKS");
  return std::getenv("SLURM_STEP_ID") && ntasks && std::atoi(ntasks) > 1;
}

}  // namespace

std::string_view reduce_op_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum:
      return "sum";
    case ReduceOp::Avg:
      return "avg";
    case ReduceOp::Max:
      return "max";
    case ReduceOp::Min:
      return "min";
  }
  return "?";
}

std::string_view call_kind_name(CallKind k) {
  static constexpr std::string_view kNames[kCallKinds] = {"allreduce", "broadcast", "reduce",
                                                          "gather",    "allgather", "send",
                                                          "recv",      "sendrecv",  "barrier"};
  return kNames[static_cast<size_t>(k)];
}

CallStats CommStats::total() const {
  CallStats t;
  for (const auto& s : by_kind) {
    t.calls += s.calls;
    t.bytes_sent += s.bytes_sent;
    t.bytes_received += s.bytes_received;
    t.time_ns += s.time_ns;
  }
  return t;
}

CommStats Communicator::stats() const {
  CommStats s = stats_;
  const double ns_per = ns_per_tick();  // once for all kinds (it reads the clocks)
  for (size_t k = 0; k < kCallKinds; ++k)
    s.by_kind[k].time_ns = static_cast<int64_t>(static_cast<double>(ticks_[k]) * ns_per);
  return s;
}

Communicator::~Communicator() = default;

bool Communicator::mpi_built() {
  return detail::mpi_built();
}
std::string Communicator::srun_pmi() {
  return detail::srun_pmi();
}

std::unique_ptr<Communicator> Communicator::single_rank() {
  return detail::make_single();
}

Communicator& Communicator::world() {
  static std::unique_ptr<Communicator> w = [] {
    std::unique_ptr<Communicator> c;
    if (launched_by_mpi()) c = detail::make_mpi_world();
    if (c && c->size() == 1) {
      const char* ntasks = std::getenv("SLURM_NTASKS");
      if (ntasks && std::atoi(ntasks) > 1)
        std::cerr << "d500: warning: Slurm started " << ntasks
                  << " tasks but MPI sees one rank: use srun --mpi=pmix (or pmi2)\n";
    }
    return c ? std::move(c) : detail::make_single();
  }();
  return *w;
}

void Communicator::check_rank(int r, std::string_view call, bool any_allowed) const {
  if ((any_allowed && r == kAnySource) || (r >= 0 && r < size_)) return;
  throw D500Error(std::string(call) + ": rank " + std::to_string(r) + " does not exist (" +
                  std::to_string(size_) + " ranks)");
}

void Communicator::allreduce(void* data, size_t count_, DType dtype, ReduceOp op) {
  check_reduction(dtype, op, "allreduce");
  const int64_t t0 = start();
  do_allreduce(data, count_, dtype, op == ReduceOp::Avg ? ReduceOp::Sum : op);
  if (op == ReduceOp::Avg && size_ > 1) divide(data, count_, dtype, size_);
  const auto b = static_cast<int64_t>(count_ * reducible_size(dtype));
  count(CallKind::Allreduce, t0, b, b);
}

void Communicator::allreduce(Tensor& t, ReduceOp op) {
  allreduce(t.data(), static_cast<size_t>(t.numel()), t.dtype(), op);
}

void Communicator::allreduce(std::span<Tensor* const> tensors, ReduceOp op) {
  std::vector<DType> dtypes;
  for (Tensor* t : tensors) {
    check_reduction(t->dtype(), op, "allreduce");
    if (std::find(dtypes.begin(), dtypes.end(), t->dtype()) == dtypes.end())
      dtypes.push_back(t->dtype());
  }
  for (DType dt : dtypes) {
    std::vector<Tensor*> group;
    size_t bytes = 0;
    for (Tensor* t : tensors)
      if (t->dtype() == dt) {
        group.push_back(t);
        bytes += t->nbytes();
      }
    if (group.size() == 1) {
      allreduce(*group[0], op);
      continue;
    }
    if (fusion_.size() < bytes) fusion_.resize(bytes);
    size_t off = 0;
    for (Tensor* t : group) {
      std::memcpy(fusion_.data() + off, t->data(), t->nbytes());
      off += t->nbytes();
    }
    allreduce(fusion_.data(), bytes / dtype_size(dt), dt, op);
    off = 0;
    for (Tensor* t : group) {
      std::memcpy(t->data(), fusion_.data() + off, t->nbytes());
      off += t->nbytes();
    }
  }
}

void Communicator::broadcast(void* data, size_t bytes, int root) {
  check_rank(root, "broadcast");
  const int64_t t0 = start();
  do_broadcast(data, bytes, root);
  const auto b = static_cast<int64_t>(bytes);
  count(CallKind::Broadcast, t0, rank_ == root ? b : 0, rank_ == root ? 0 : b);
}

void Communicator::broadcast(Tensor& t, int root) {
  broadcast(t.data(), t.nbytes(), root);
}

void Communicator::reduce(void* data, size_t count_, DType dtype, ReduceOp op, int root) {
  check_reduction(dtype, op, "reduce");
  check_rank(root, "reduce");
  const int64_t t0 = start();
  do_reduce(data, count_, dtype, op == ReduceOp::Avg ? ReduceOp::Sum : op, root);
  if (op == ReduceOp::Avg && size_ > 1 && rank_ == root) divide(data, count_, dtype, size_);
  const auto b = static_cast<int64_t>(count_ * dtype_size(dtype));
  count(CallKind::Reduce, t0, rank_ == root ? 0 : b, rank_ == root ? b * (size_ - 1) : 0);
}

void Communicator::gather(const void* send, size_t bytes, void* recv, int root) {
  check_rank(root, "gather");
  const int64_t t0 = start();
  do_gather(send, bytes, recv, root);
  const auto b = static_cast<int64_t>(bytes);
  count(CallKind::Gather, t0, rank_ == root ? 0 : b, rank_ == root ? b * (size_ - 1) : 0);
}

std::vector<std::vector<uint8_t>> Communicator::gatherv(std::span<const uint8_t> bytes, int root) {
  check_rank(root, "gatherv");
  const int64_t t0 = start();
  const uint64_t mine = bytes.size();
  std::vector<uint64_t> sizes(static_cast<size_t>(size_));
  do_gather(&mine, sizeof mine, sizes.data(), root);
  std::vector<uint8_t> all;
  int64_t received = 0;
  if (rank_ == root) {
    uint64_t total = 0;
    for (uint64_t s : sizes) total += s;
    all.resize(total);
    received = static_cast<int64_t>(total - mine);
  }
  do_gatherv(bytes.data(), bytes.size(), all.data(), sizes, root);
  std::vector<std::vector<uint8_t>> out;
  if (rank_ == root) {
    size_t off = 0;
    for (uint64_t s : sizes) {
      out.emplace_back(all.begin() + static_cast<std::ptrdiff_t>(off),
                       all.begin() + static_cast<std::ptrdiff_t>(off + s));
      off += s;
    }
  }
  count(CallKind::Gather, t0, rank_ == root ? 0 : static_cast<int64_t>(mine), received);
  return out;
}

void Communicator::allgather(const void* send, size_t bytes, void* recv) {
  const int64_t t0 = start();
  do_allgather(send, bytes, recv);
  const auto b = static_cast<int64_t>(bytes);
  count(CallKind::Allgather, t0, b, b * (size_ - 1));
}

void Communicator::barrier() {
  const int64_t t0 = start();
  do_barrier();
  count(CallKind::Barrier, t0, 0, 0);
}

void Communicator::send(const void* data, size_t bytes, int dest, int tag) {
  check_rank(dest, "send");
  if (tag < 0) throw D500Error("send: tag " + std::to_string(tag) + " must be >= 0");
  const int64_t t0 = start();
  do_send(data, bytes, dest, tag);
  count(CallKind::Send, t0, dest == rank_ ? 0 : static_cast<int64_t>(bytes), 0);
}

MessageInfo Communicator::recv(void* data, size_t bytes, int source, int tag) {
  check_rank(source, "recv", true);
  const int64_t t0 = start();
  MessageInfo m = do_recv(data, bytes, source, tag);
  count(CallKind::Recv, t0, 0, m.source == rank_ ? 0 : static_cast<int64_t>(m.bytes));
  return m;
}

void Communicator::send(const Tensor& t, int dest, int tag) {
  send(t.data(), t.nbytes(), dest, tag);
}

MessageInfo Communicator::recv(Tensor& t, int source, int tag) {
  MessageInfo m = recv(t.data(), t.nbytes(), source, tag);
  if (m.bytes != t.nbytes())
    throw D500Error("recv: a " + std::to_string(m.bytes) + "-byte message from rank " +
                    std::to_string(m.source) + " for a tensor of " + std::to_string(t.nbytes()) +
                    " bytes");
  return m;
}

std::vector<uint8_t> Communicator::recv_bytes(int source, int tag, MessageInfo* info) {
  check_rank(source, "recv", true);
  const int64_t t0 = start();
  MessageInfo m = do_probe(source, tag);
  std::vector<uint8_t> buf(m.bytes);
  m = do_recv(buf.data(), buf.size(), m.source, m.tag);
  if (info) *info = m;
  count(CallKind::Recv, t0, 0, m.source == rank_ ? 0 : static_cast<int64_t>(m.bytes));
  return buf;
}

void Communicator::sendrecv(const void* send_data, size_t send_bytes, int dest, void* recv_data,
                            size_t recv_bytes, int source, int tag) {
  check_rank(dest, "sendrecv");
  check_rank(source, "sendrecv");
  const int64_t t0 = start();
  do_sendrecv(send_data, send_bytes, dest, recv_data, recv_bytes, source, tag);
  count(CallKind::SendRecv, t0, dest == rank_ ? 0 : static_cast<int64_t>(send_bytes),
        source == rank_ ? 0 : static_cast<int64_t>(recv_bytes));
}

std::optional<MessageInfo> Communicator::iprobe(int source, int tag) {
  check_rank(source, "iprobe", true);
  return do_iprobe(source, tag);
}

void Communicator::require_same(std::string_view what, const std::string& value) {
  // Through the primitives: a start-up check is not part of what a run measures.
  uint64_t len = value.size();
  do_broadcast(&len, sizeof len, 0);
  std::string first(len, '\0');
  if (rank_ == 0) first = value;
  do_broadcast(first.data(), len, 0);
  const int32_t differs = first == value ? 0 : 1;
  std::vector<int32_t> all(static_cast<size_t>(size_));
  do_allgather(&differs, sizeof differs, all.data());
  std::string ranks;
  for (int r = 0; r < size_; ++r)
    if (all[static_cast<size_t>(r)]) ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
  if (ranks.empty()) return;
  auto shorten = [](const std::string& s) { return s.size() > 16 ? s.substr(0, 16) + "..." : s; };
  throw D500Error(std::string(what) + " differs across ranks: rank " + ranks +
                  " differ(s) from rank 0 (rank 0: " + shorten(first) + ", rank " +
                  std::to_string(rank_) + ": " + shorten(value) + ")");
}

}  // namespace d500::distributed
