#include "d500/distributed/plugin_schemes.h"

#include <cstdio>
#include <cstring>
#include <exception>

#include "d500/distributed/hook_watchdog.h"
#include "d500/distributed/scheme_registry.h"

namespace d500::distributed {

namespace {

// A Communicator call behind the C table: its failure becomes the status and message.
template <class F>
int32_t call(d500_error* err, F&& f) {
  try {
    f();
    return D500_OK;
  } catch (const std::exception& e) {
    if (err) {
      err->code = D500_ERR_RUNTIME;
      std::snprintf(err->message, sizeof err->message, "%s", e.what());
    }
    return D500_ERR_RUNTIME;
  }
}

// What the C table's `self` points to: the communicator, and how many more collective calls have
// their sizes compared across ranks. A scheme whose ranks pass different sizes to one collective
// would otherwise deadlock or corrupt memory inside MPI; its first calls (every hook of the first
// steps of an ordinary scheme) are checked, through the communicator's uncounted primitives, so
// the check costs the measured steps nothing after them.
struct CommSelf {
  Communicator* comm;
  int checks_left;
};
constexpr int kCheckedCalls = 32;

Communicator& comm_of(void* self) {
  return *static_cast<CommSelf*>(self)->comm;
}

// Every rank passes the same collective with the same size, or every rank throws, naming them.
void agree(void* self, const char* call, size_t size, const std::string& extra = "") {
  auto& s = *static_cast<CommSelf*>(self);
  if (s.checks_left <= 0) return;
  --s.checks_left;
  s.comm->require_same("the scheme's collective call (name, size, root or reduction)",
                       std::string(call) + " " + std::to_string(size) + extra);
}

int32_t c_allreduce(void* self, void* data, size_t count, DLDataType dtype, int32_t op,
                    d500_error* err) {
  return call(err, [&] {
    if (op < D500_REDUCE_SUM || op > D500_REDUCE_MIN)
      throw D500Error("allreduce: unknown reduction " + std::to_string(op), "d500_comm");
    const ReduceOp ops[] = {ReduceOp::Sum, ReduceOp::Avg, ReduceOp::Max, ReduceOp::Min};
    agree(self, "allreduce", count, "x" + std::to_string(dtype.bits) + " op" + std::to_string(op));
    comm_of(self).allreduce(data, count, from_dlpack(dtype), ops[op]);
  });
}

int32_t c_broadcast(void* self, void* data, size_t bytes, int32_t root, d500_error* err) {
  return call(err, [&] {
    agree(self, "broadcast", bytes, " r" + std::to_string(root));
    comm_of(self).broadcast(data, bytes, root);
  });
}

int32_t c_allgather(void* self, const void* send, size_t bytes, void* recv, d500_error* err) {
  return call(err, [&] {
    agree(self, "allgather", bytes);
    comm_of(self).allgather(send, bytes, recv);
  });
}

int32_t c_sendrecv(void* self, const void* send, size_t send_bytes, int32_t dest, void* recv,
                   size_t recv_bytes, int32_t source, int32_t tag, d500_error* err) {
  return call(
      err, [&] { comm_of(self).sendrecv(send, send_bytes, dest, recv, recv_bytes, source, tag); });
}

// One instance of a plugin's scheme on this rank.
class PluginScheme : public SchemeAlgorithm {
 public:
  PluginScheme(plugin::SchemeImpl impl, SchemeContext& c) : impl_(std::move(impl)) {
    comm_.struct_size = sizeof(d500_comm);
    comm_.rank = c.comm().rank();
    comm_.size = c.comm().size();
    self_.comm = &c.comm();
    self_.checks_left = kCheckedCalls;
    comm_.self = &self_;
    comm_.allreduce = c_allreduce;
    comm_.broadcast = c_broadcast;
    comm_.allgather = c_allgather;
    comm_.sendrecv = c_sendrecv;
    const std::vector<d500_attr> hyper = plugin::float_attributes(c.options().params);
    d500_error err{};
    check(impl_.scheme->create(&comm_, c.parameters().data(), c.gradients().data(),
                               c.parameters().size(), hyper.data(), hyper.size(), &instance_, &err),
          err, "create");
    if (c.options().on_stuck && c.options().hook_timeout.count() > 0)
      watchdog_ = std::make_unique<HookWatchdog>(
          c.options().hook_timeout,
          [this](const char* hook, int64_t step) { return stuck(hook, step); },
          c.options().on_stuck);
  }
  ~PluginScheme() override {
    if (instance_) impl_.scheme->destroy(instance_);
  }
  PluginScheme(const PluginScheme&) = delete;
  PluginScheme& operator=(const PluginScheme&) = delete;

  void before_optimizer(SchemeContext&, int64_t step) override {
    if (!impl_.scheme->before_optimizer) return;
    d500_error err{};
    HookWatchdog::Scope watched(watchdog_.get(), "before_optimizer", step);
    check(impl_.scheme->before_optimizer(instance_, step, &err), err, "before_optimizer");
  }
  void after_optimizer(SchemeContext&, int64_t step) override {
    if (!impl_.scheme->after_optimizer) return;
    d500_error err{};
    HookWatchdog::Scope watched(watchdog_.get(), "after_optimizer", step);
    check(impl_.scheme->after_optimizer(instance_, step, &err), err, "after_optimizer");
  }

 private:
  // What a stuck hook says: the scheme, the hook, the step, the rank and what to do.
  std::string stuck(const char* hook, int64_t step) const {
    const double s = static_cast<double>(watchdog_->timeout().count()) / 1000;
    char waited[32];
    std::snprintf(waited, sizeof waited, "%g s", s);
    return "scheme \"" + impl_.plugin + "/" + impl_.scheme->name + "\" (plugin " + impl_.plugin +
           "): " + hook + " of step " + std::to_string(step) + " has not returned after " + waited +
           " on rank " + std::to_string(comm_.rank) + " of " + std::to_string(comm_.size) +
           ": its ranks wait on each other (a deadlock), or one is far slower than the others "
           "(raise distributed.hook_timeout_s)";
  }
  void check(int32_t status, const d500_error& err, const char* what) const {
    plugin::check_plugin_call(status, err, "scheme", impl_.plugin, impl_.scheme->name, what,
                              "distributed optimizer");
  }

  plugin::SchemeImpl impl_;
  CommSelf self_{};
  d500_comm comm_{};
  void* instance_ = nullptr;
  std::unique_ptr<HookWatchdog> watchdog_;  // after instance_: destroyed first
};

}  // namespace

std::vector<std::string> register_plugin_schemes(const plugin::PluginManager& pm) {
  return plugin::register_plugin_components(
      schemes(), pm.schemes(), [](const plugin::SchemeImpl& i) { return i.scheme->name; },
      [](const plugin::SchemeImpl& impl, SchemeDescriptor& d) {
        d.summary = impl.scheme->description;
        d.replicas_differ = (impl.scheme->flags & D500_SCHEME_REPLICAS_DIFFER) != 0;
        d.parameters = {"params"};
        d.make = [impl](SchemeContext& c) { return std::make_unique<PluginScheme>(impl, c); };
      });
}

}  // namespace d500::distributed
