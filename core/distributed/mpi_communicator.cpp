// The MPI backend: MPI_COMM_WORLD duplicated (so that d500's messages never meet a plugin's),
// errors returned rather than fatal, so that each becomes a D500Error naming the call.
#include <mpi.h>

#include <climits>
#include <cstdlib>

#include "backends.h"

namespace d500::distributed::detail {

namespace {

MPI_Datatype mpi_type(DType t) {
  switch (t) {
    case DType::Float32:
      return MPI_FLOAT;
    case DType::Float64:
      return MPI_DOUBLE;
    case DType::Int32:
      return MPI_INT32_T;
    case DType::Int64:
      return MPI_INT64_T;
    default:
      return MPI_BYTE;
  }
}

MPI_Op mpi_op(ReduceOp op) {
  switch (op) {
    case ReduceOp::Max:
      return MPI_MAX;
    case ReduceOp::Min:
      return MPI_MIN;
    default:
      return MPI_SUM;
  }
}

int source_arg(int s) {
  return s == kAnySource ? MPI_ANY_SOURCE : s;
}
int tag_arg(int t) {
  return t == kAnyTag ? MPI_ANY_TAG : t;
}

class MpiCommunicator final : public Communicator {
 public:
  MpiCommunicator(MPI_Comm comm, int rank, int size, bool owns_init)
      : Communicator(rank, size), comm_(comm), owns_init_(owns_init) {}

  ~MpiCommunicator() override {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized) return;
    MPI_Comm_free(&comm_);
    if (owns_init_) MPI_Finalize();
  }

  std::string_view backend() const override { return "mpi"; }
  std::string library_version() const override {
    char buf[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(buf, &len);
    std::string s(buf, static_cast<size_t>(len));
    auto nl = s.find_first_of("\r\n");
    return nl == std::string::npos ? s : s.substr(0, nl);
  }
  [[noreturn]] void abort(int code) override {
    MPI_Abort(comm_, code);
    std::exit(code);
  }

 protected:
  void do_allreduce(void* data, size_t count, DType dtype, ReduceOp op) override {
    check(MPI_Allreduce(MPI_IN_PLACE, data, n(count, "allreduce"), mpi_type(dtype), mpi_op(op),
                        comm_),
          "MPI_Allreduce");
  }
  void do_broadcast(void* data, size_t bytes, int root) override {
    check(MPI_Bcast(data, n(bytes, "broadcast"), MPI_BYTE, root, comm_), "MPI_Bcast");
  }
  void do_reduce(void* data, size_t count, DType dtype, ReduceOp op, int root) override {
    const int c = n(count, "reduce");
    if (rank() == root)
      check(MPI_Reduce(MPI_IN_PLACE, data, c, mpi_type(dtype), mpi_op(op), root, comm_),
            "MPI_Reduce");
    else
      check(MPI_Reduce(data, nullptr, c, mpi_type(dtype), mpi_op(op), root, comm_), "MPI_Reduce");
  }
  void do_gather(const void* send, size_t bytes, void* recv, int root) override {
    const int c = n(bytes, "gather");
    check(MPI_Gather(send, c, MPI_BYTE, recv, c, MPI_BYTE, root, comm_), "MPI_Gather");
  }
  void do_allgather(const void* send, size_t bytes, void* recv) override {
    const int c = n(bytes, "allgather");
    check(MPI_Allgather(send, c, MPI_BYTE, recv, c, MPI_BYTE, comm_), "MPI_Allgather");
  }
  void do_gatherv(const void* send, size_t bytes, void* recv, const std::vector<uint64_t>& sizes,
                  int root) override {
    std::vector<int> counts, displs;
    if (rank() == root) {
      size_t off = 0;
      for (uint64_t s : sizes) {
        counts.push_back(n(s, "gatherv"));
        displs.push_back(n(off, "gatherv"));
        off += s;
      }
    }
    check(MPI_Gatherv(send, n(bytes, "gatherv"), MPI_BYTE, recv, counts.data(), displs.data(),
                      MPI_BYTE, root, comm_),
          "MPI_Gatherv");
  }
  void do_barrier() override { check(MPI_Barrier(comm_), "MPI_Barrier"); }
  void do_send(const void* data, size_t bytes, int dest, int tag) override {
    check(MPI_Send(data, n(bytes, "send"), MPI_BYTE, dest, tag, comm_), "MPI_Send");
  }
  MessageInfo do_recv(void* data, size_t bytes, int source, int tag) override {
    MPI_Status st;
    check(MPI_Recv(data, n(bytes, "recv"), MPI_BYTE, source_arg(source), tag_arg(tag), comm_, &st),
          "MPI_Recv");
    return info(st);
  }
  MessageInfo do_probe(int source, int tag) override {
    MPI_Status st;
    check(MPI_Probe(source_arg(source), tag_arg(tag), comm_, &st), "MPI_Probe");
    return info(st);
  }
  std::optional<MessageInfo> do_iprobe(int source, int tag) override {
    MPI_Status st;
    int flag = 0;
    check(MPI_Iprobe(source_arg(source), tag_arg(tag), comm_, &flag, &st), "MPI_Iprobe");
    if (!flag) return std::nullopt;
    return info(st);
  }
  void do_sendrecv(const void* send_data, size_t send_bytes, int dest, void* recv_data,
                   size_t recv_bytes, int source, int tag) override {
    check(MPI_Sendrecv(send_data, n(send_bytes, "sendrecv"), MPI_BYTE, dest, tag, recv_data,
                       n(recv_bytes, "sendrecv"), MPI_BYTE, source, tag, comm_, MPI_STATUS_IGNORE),
          "MPI_Sendrecv");
  }

 private:
  static MessageInfo info(const MPI_Status& st) {
    int bytes = 0;
    MPI_Get_count(&st, MPI_BYTE, &bytes);
    return {st.MPI_SOURCE, st.MPI_TAG, static_cast<size_t>(bytes)};
  }
  // MPI counts are ints; larger buffers would need chunking, which nothing here needs yet.
  // The checks inline, their errors out of line (cold): a small call is half a microsecond.
  int n(size_t count, const char* call) const {
    if (count > static_cast<size_t>(INT_MAX)) too_many(count, call);
    return static_cast<int>(count);
  }
  [[gnu::cold, gnu::noinline]] [[noreturn]] void too_many(size_t count, const char* call) const {
    throw D500Error(std::string(call) + ": " + std::to_string(count) +
                    " elements exceed MPI's int count on rank " + std::to_string(rank()));
  }
  void check(int rc, const char* call) const {
    if (rc != MPI_SUCCESS) fail(rc, call);
  }
  [[gnu::cold, gnu::noinline]] [[noreturn]] void fail(int rc, const char* call) const {
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, msg, &len);
    throw D500Error(std::string(call) + " failed on rank " + std::to_string(rank()) + " of " +
                    std::to_string(size()) + ": " + std::string(msg, static_cast<size_t>(len)));
  }

  MPI_Comm comm_;
  bool owns_init_;
};

}  // namespace

std::unique_ptr<Communicator> make_mpi_world() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  }
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  return std::make_unique<MpiCommunicator>(comm, rank, size, !initialized);
}

bool mpi_built() {
  return true;
}

std::string srun_pmi() {
#if defined(OPEN_MPI)
  return "pmix";
#elif defined(MPICH)
  return "pmi2";
#else
  return "";
#endif
}

}  // namespace d500::distributed::detail
