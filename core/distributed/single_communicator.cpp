// One rank without MPI: reductions leave the data as it is, gathers copy, and messages a rank
// sends to itself wait in a mailbox until it receives them.
#include <cstdlib>
#include <cstring>
#include <deque>

#include "backends.h"

namespace d500::distributed::detail {

namespace {

class SingleCommunicator final : public Communicator {
 public:
  SingleCommunicator() : Communicator(0, 1) {}
  std::string_view backend() const override { return "single"; }
  std::string library_version() const override { return "single rank (no MPI)"; }
  [[noreturn]] void abort(int code) override { std::exit(code); }

 protected:
  void do_allreduce(void*, size_t, DType, ReduceOp) override {}
  void do_broadcast(void*, size_t, int) override {}
  void do_reduce(void*, size_t, DType, ReduceOp, int) override {}
  void do_gather(const void* send, size_t bytes, void* recv, int) override {
    copy(send, bytes, recv);
  }
  void do_allgather(const void* send, size_t bytes, void* recv) override {
    copy(send, bytes, recv);
  }
  void do_gatherv(const void* send, size_t bytes, void* recv, const std::vector<uint64_t>&,
                  int) override {
    copy(send, bytes, recv);
  }
  void do_barrier() override {}
  void do_send(const void* data, size_t bytes, int, int tag) override {
    const auto* p = static_cast<const uint8_t*>(data);
    mailbox_.push_back({tag, std::vector<uint8_t>(p, p + bytes)});
  }
  MessageInfo do_recv(void* data, size_t bytes, int, int tag) override {
    auto it = find(tag);
    if (it == mailbox_.end())
      throw D500Error("recv on a single rank: no message with tag " + std::to_string(tag) +
                      " was sent to this rank (it would wait for ever)");
    if (it->data.size() > bytes)
      throw D500Error("recv: a " + std::to_string(it->data.size()) + "-byte message for a " +
                      std::to_string(bytes) + "-byte buffer");
    MessageInfo m{0, it->tag, it->data.size()};
    copy(it->data.data(), it->data.size(), data);
    mailbox_.erase(it);
    return m;
  }
  MessageInfo do_probe(int source, int tag) override {
    if (auto m = do_iprobe(source, tag)) return *m;
    throw D500Error("probe on a single rank: no message with tag " + std::to_string(tag) +
                    " was sent to this rank (it would wait for ever)");
  }
  std::optional<MessageInfo> do_iprobe(int, int tag) override {
    auto it = find(tag);
    if (it == mailbox_.end()) return std::nullopt;
    return MessageInfo{0, it->tag, it->data.size()};
  }
  void do_sendrecv(const void* send_data, size_t send_bytes, int, void* recv_data,
                   size_t recv_bytes, int, int) override {
    if (send_bytes > recv_bytes)
      throw D500Error("sendrecv: a " + std::to_string(send_bytes) + "-byte message for a " +
                      std::to_string(recv_bytes) + "-byte buffer");
    copy(send_data, send_bytes, recv_data);
  }

 private:
  struct Message {
    int tag;
    std::vector<uint8_t> data;
  };
  static void copy(const void* from, size_t bytes, void* to) {
    if (bytes && from != to) std::memmove(to, from, bytes);
  }
  std::deque<Message>::iterator find(int tag) {
    for (auto it = mailbox_.begin(); it != mailbox_.end(); ++it)
      if (tag == kAnyTag || it->tag == tag) return it;
    return mailbox_.end();
  }
  std::deque<Message> mailbox_;
};

}  // namespace

std::unique_ptr<Communicator> make_single() {
  return std::make_unique<SingleCommunicator>();
}

}  // namespace d500::distributed::detail
