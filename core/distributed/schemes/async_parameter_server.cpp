// Asynchronous parameter server, rank `root` the server (it trains too): a worker sends its
// gradient with the version of the parameters it computed it on and waits for the server's
// reply, the current parameters and their version, which replace its own (no barrier between
// workers). The server applies each gradient when it arrives (checked after each of its own
// steps) with its optimizer at the learning rate of the worker's step; the staleness (server
// version minus the gradient's version) is recorded per gradient as the series "staleness". No
// collective may run during training: ranks stop on their own and finish() serves the workers
// until each has said it is done.
#include <cstring>

#include "builtin_schemes.h"
#include "d500/measure/series_kinds.h"

namespace d500::distributed::builtin {

namespace {

constexpr const char* kWhere = "distributed optimizer";
// Each message starts with an int64 parameter version; a gradient has the worker's step next.
constexpr size_t kHeader = 2 * sizeof(int64_t);
constexpr int kTagGrad = 81, kTagParams = 82, kTagDone = 83;

class AsyncParameterServer : public SchemeAlgorithm {
 public:
  explicit AsyncParameterServer(SchemeContext& c) : msg_(kHeader + c.bytes()) {}

  void before_optimizer(SchemeContext& c, int64_t step) override {
    if (server(c) || c.comm().size() == 1) return;
    // Push the gradient with the version it was computed on; wait for the current model.
    std::memcpy(msg_.data(), &version_, sizeof version_);
    std::memcpy(msg_.data() + sizeof version_, &step, sizeof step);
    c.pack_gradients();
    std::memcpy(msg_.data() + kHeader, c.buffer(), c.bytes());
    c.comm().send(msg_.data(), msg_.size(), c.options().root, kTagGrad);
    c.comm().recv(msg_.data(), msg_.size(), c.options().root, kTagParams);
    std::memcpy(&version_, msg_.data(), sizeof version_);
  }

  void after_optimizer(SchemeContext& c, int64_t) override {
    if (c.comm().size() == 1) return;
    if (!server(c)) {
      std::memcpy(c.buffer(), msg_.data() + kHeader, c.bytes());
      c.unpack_parameters();  // the server's model replaces the local step
      return;
    }
    need_optimizer(c);
    ++version_;  // the server's own gradient, applied by its Trainer
    ++applied_;
    while (auto m = c.comm().iprobe(kAnySource, kTagGrad)) {
      std::vector<uint8_t> in(m->bytes);
      c.comm().recv(in.data(), in.size(), m->source, kTagGrad);
      apply(c, in.data(), in.size(), m->source);
    }
  }

  void finish(SchemeContext& c) override {
    if (c.comm().size() == 1 || finished_) return;
    finished_ = true;
    if (!server(c)) {
      c.comm().send(&version_, sizeof version_, c.options().root, kTagDone);
      return;
    }
    need_optimizer(c);
    for (int done = 0; done < c.comm().size() - 1;) {
      MessageInfo info;
      const auto bytes = c.comm().recv_bytes(kAnySource, kAnyTag, &info);
      if (info.tag == kTagDone)
        ++done;
      else if (info.tag == kTagGrad)
        apply(c, bytes.data(), bytes.size(), info.source);
      else
        throw D500Error("unexpected message (tag " + std::to_string(info.tag) + ") from rank " +
                            std::to_string(info.source),
                        kWhere);
    }
  }

  int64_t applied() const override { return applied_; }
  std::vector<int64_t> staleness() const override { return staleness_; }

 private:
  static bool server(const SchemeContext& c) { return c.comm().rank() == c.options().root; }
  static void need_optimizer(const SchemeContext& c) {
    if (!c.optimizer())
      throw D500Error("async_parameter_server: the server has no optimizer (set_optimizer)",
                      kWhere);
  }

  // Applies one worker message ([version][step][gradient]) and replies to `source`.
  void apply(SchemeContext& c, const uint8_t* msg, size_t bytes, int source) {
    if (bytes != msg_.size())
      throw D500Error("a " + std::to_string(bytes) + "-byte gradient from rank " +
                          std::to_string(source) + ", expected " + std::to_string(msg_.size()),
                      kWhere);
    int64_t v = 0, step = 0;
    std::memcpy(&v, msg, sizeof v);
    std::memcpy(&step, msg + sizeof v, sizeof step);
    std::memcpy(c.buffer(), msg + kHeader, c.bytes());
    c.unpack_gradients();
    c.optimizer()->step(c.parameters(), c.gradients(), c.schedule().at(step));
    staleness_.push_back(version_ - v);
    ++version_;
    ++applied_;
    if (c.sink())
      c.sink()->point(series::stored(series::kStaleness), version_, c.wall_s(),
                      static_cast<double>(staleness_.back()));
    c.pack_parameters();
    std::memcpy(msg_.data(), &version_, sizeof version_);
    std::memcpy(msg_.data() + kHeader, c.buffer(), c.bytes());
    c.comm().send(msg_.data(), msg_.size(), source, kTagParams);
  }

  std::vector<uint8_t> msg_;
  int64_t version_ = 0;
  std::vector<int64_t> staleness_;
  int64_t applied_ = 0;
  bool finished_ = false;
};

}  // namespace

SchemeDescriptor async_parameter_server() {
  SchemeDescriptor d;
  d.name = "async_parameter_server";
  d.summary =
      "asynchronous parameter server: workers push gradients, the root applies them as they come";
  d.asynchronous = true;
  d.root_serves = true;
  d.make = [](SchemeContext& c) { return std::make_unique<AsyncParameterServer>(c); };
  return d;
}

}  // namespace d500::distributed::builtin
