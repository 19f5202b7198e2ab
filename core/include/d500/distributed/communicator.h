// Level 3: the communicator every distributed component talks through. Over Open MPI when the
// build has MPI and the process was started by mpirun or srun; a single rank otherwise, with the
// same API, so callers need no #ifdefs.
//
// Every call counts the bytes this rank sent and received and the time it spent, per call kind
// (CommStats). Bytes are the logical payload that crosses to or from other ranks, not what the
// MPI library's algorithm puts on the wire:
//   allreduce  sent B, received B          broadcast  root sent B; others received B
//   reduce     non-root sent B; root received (n-1)B
//   gather     non-root sent B; root received (n-1)B   (gatherv likewise, with each rank's size)
//   allgather  sent B, received (n-1)B     send / recv  B; sendrecv: both
//   barrier    0
// where B is this call's buffer in bytes and n the number of ranks; with one rank nothing
// crosses, so every count is 0 (calls and time still count).
//
// Threading: one thread at a time per communicator (MPI is initialised SERIALIZED).
// Errors: a failed MPI call throws D500Error naming the call, the rank and MPI's message.
// A rank that dies: under mpirun Open MPI aborts the whole job (the other ranks get SIGTERM and
// then SIGKILL, so they stop in bounded time); srun needs --kill-on-bad-exit=1 for the same.
// Which rank it was, and why, rank 0 learns beside MPI (rank_watch.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "d500/error.h"
#include "d500/tensor.h"
#include "d500/tick_clock.h"

namespace d500::distributed {

enum class ReduceOp : uint8_t { Sum, Avg, Max, Min };
std::string_view reduce_op_name(ReduceOp op);  // "sum", "avg", "max", "min"

enum class CallKind : uint8_t {
  Allreduce,
  Broadcast,
  Reduce,
  Gather,
  Allgather,
  Send,
  Recv,
  SendRecv,
  Barrier
};
inline constexpr size_t kCallKinds = 9;
std::string_view call_kind_name(CallKind k);  // "allreduce", "broadcast", ...

struct CallStats {
  int64_t calls = 0;
  int64_t bytes_sent = 0;
  int64_t bytes_received = 0;
  int64_t time_ns = 0;  // wall time inside the calls, waiting included (while call timing is on)
};

struct CommStats {
  std::array<CallStats, kCallKinds> by_kind{};
  const CallStats& operator[](CallKind k) const { return by_kind[static_cast<size_t>(k)]; }
  CallStats total() const;
};

inline constexpr int kAnySource = -1;
inline constexpr int kAnyTag = -1;

// What arrived (recv) or is waiting (probe).
struct MessageInfo {
  int source = 0;
  int tag = 0;
  size_t bytes = 0;
};

class Communicator {
 public:
  // The process's world: every rank of the job when started under mpirun / srun (detected from
  // OMPI_COMM_WORLD_SIZE, PMIX_RANK, PMI_RANK, or SLURM_NTASKS > 1 inside a step), else one
  // rank. D500_MPI=1 forces MPI_Init, D500_MPI=0 forbids it. MPI is finalised at exit.
  static Communicator& world();
  // A private single-rank communicator (no MPI), e.g. for tests and one-process runs.
  static std::unique_ptr<Communicator> single_rank();
  // Whether this build has the MPI backend.
  static bool mpi_built();
  // The process-management interface srun must offer the ranks of this build's MPI: "pmix" for
  // Open MPI (built against PMIx, not Slurm's PMI), "pmi2" for MPICH; "" without MPI.
  static std::string srun_pmi();

  virtual ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool is_root() const { return rank_ == 0; }
  virtual std::string_view backend() const = 0;  // "mpi" or "single"
  // "Open MPI v4.1.4, ..." or "single rank (no MPI)".
  virtual std::string library_version() const = 0;

  // --- collectives: every rank calls them in the same order with the same sizes ---
  // In place, `count` elements; reductions take float32, float64, int32 or int64 (Avg: floats).
  void allreduce(void* data, size_t count, DType dtype, ReduceOp op = ReduceOp::Sum);
  void allreduce(Tensor& t, ReduceOp op = ReduceOp::Sum);
  // A model's gradients: tensors of one dtype are packed into one buffer and reduced in one call
  // (one CallKind::Allreduce per dtype present), then unpacked.
  void allreduce(std::span<Tensor* const> tensors, ReduceOp op = ReduceOp::Sum);
  void broadcast(void* data, size_t bytes, int root);
  void broadcast(Tensor& t, int root);  // shape and dtype must already agree
  // The result lands in `data` on root; other ranks' buffers are left as they were.
  void reduce(void* data, size_t count, DType dtype, ReduceOp op, int root);
  // `recv` holds size() * bytes on root (rank r's block at r * bytes); ignored elsewhere.
  void gather(const void* send, size_t bytes, void* recv, int root);
  // Each rank its own size; on root, every rank's bytes in rank order; empty elsewhere.
  std::vector<std::vector<uint8_t>> gatherv(std::span<const uint8_t> bytes, int root);
  // `recv` holds size() * bytes on every rank.
  void allgather(const void* send, size_t bytes, void* recv);
  void barrier();

  // --- point to point (blocking). Tags >= 0. ---
  void send(const void* data, size_t bytes, int dest, int tag = 0);
  // At most `bytes`; a longer message is an error. source / tag may be kAnySource / kAnyTag.
  MessageInfo recv(void* data, size_t bytes, int source = kAnySource, int tag = kAnyTag);
  void send(const Tensor& t, int dest, int tag = 0);
  MessageInfo recv(Tensor& t, int source = kAnySource, int tag = kAnyTag);  // exactly t.nbytes()
  // A message of any length (probed first).
  std::vector<uint8_t> recv_bytes(int source = kAnySource, int tag = kAnyTag,
                                  MessageInfo* info = nullptr);
  // Sends to `dest` and receives from `source` at once (a ring step cannot deadlock).
  void sendrecv(const void* send_data, size_t send_bytes, int dest, void* recv_data,
                size_t recv_bytes, int source, int tag = 0);
  // Non-blocking: a message that could be received now, if any (asynchronous parameter server).
  std::optional<MessageInfo> iprobe(int source = kAnySource, int tag = kAnyTag);

  // Collective: every rank throws D500Error when `value` (a hash, a plugin list) differs from
  // rank 0's, the message naming `what` and the ranks that differ.
  void require_same(std::string_view what, const std::string& value);

  // Ends every rank of the job now (MPI_Abort; exit(code) on one rank), e.g. after an error on
  // one rank while the others may be blocked in a collective.
  [[noreturn]] virtual void abort(int code) = 0;

  // The counters so far, times converted from ticks (d500/tick_clock.h) to nanoseconds. A copy:
  // keep it, not a reference into it.
  CommStats stats() const;
  void reset_stats() { stats_ = {}, ticks_ = {}; }
  // Whether each call reads the clock twice for CallStats::time_ns (on by default). Two reads of
  // the time-stamp counter are ~4% of a small allreduce (steady_clock's were ~11%); a caller
  // that times the calls itself (the collective benchmark) turns it off meanwhile and counts
  // calls and bytes only.
  void set_call_timing(bool on) { time_calls_ = on; }
  bool call_timing() const { return time_calls_; }

 protected:
  Communicator(int rank, int size) : rank_(rank), size_(size) {}
  // The backend's primitives; arguments are checked and stats counted by the public methods.
  // Reductions get Sum, Max or Min (Avg is Sum then a division here).
  virtual void do_allreduce(void* data, size_t count, DType dtype, ReduceOp op) = 0;
  virtual void do_broadcast(void* data, size_t bytes, int root) = 0;
  virtual void do_reduce(void* data, size_t count, DType dtype, ReduceOp op, int root) = 0;
  virtual void do_gather(const void* send, size_t bytes, void* recv, int root) = 0;
  virtual void do_allgather(const void* send, size_t bytes, void* recv) = 0;
  // `sizes` (root only) are every rank's byte counts; `recv` holds their sum, in rank order.
  virtual void do_gatherv(const void* send, size_t bytes, void* recv,
                          const std::vector<uint64_t>& sizes, int root) = 0;
  virtual void do_barrier() = 0;
  virtual void do_send(const void* data, size_t bytes, int dest, int tag) = 0;
  virtual MessageInfo do_recv(void* data, size_t bytes, int source, int tag) = 0;
  virtual MessageInfo do_probe(int source, int tag) = 0;  // blocking
  virtual std::optional<MessageInfo> do_iprobe(int source, int tag) = 0;
  virtual void do_sendrecv(const void* send_data, size_t send_bytes, int dest, void* recv_data,
                           size_t recv_bytes, int source, int tag) = 0;

 private:
  void check_rank(int r, std::string_view call, bool any_allowed = false) const;
  // The clock when calls are timed, else 0; count() adds a call to the statistics. Inline: they
  // are on every call's path.
  int64_t start() const { return time_calls_ ? ticks() : 0; }
  void count(CallKind k, int64_t t0_ticks, int64_t sent, int64_t received) {
    CallStats& s = stats_.by_kind[static_cast<size_t>(k)];
    if (time_calls_) ticks_[static_cast<size_t>(k)] += ticks() - t0_ticks;
    s.calls += 1;
    if (size_ > 1) {
      s.bytes_sent += sent;
      s.bytes_received += received;
    }
  }

  int rank_;
  int size_;
  CommStats stats_;  // time_ns stays 0 here: the times are summed in ticks_
  std::array<int64_t, kCallKinds> ticks_{};
  bool time_calls_ = true;
  std::vector<uint8_t> fusion_;  // staging buffer of allreduce(span<Tensor*>)
};

}  // namespace d500::distributed
