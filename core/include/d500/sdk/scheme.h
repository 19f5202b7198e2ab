// d500 SDK: write a distributed scheme (ABI 1.4) as an ordinary C++ class; the CRTP base
// generates its C table.
//
//   class Halving : public d500::sdk::Scheme<Halving> {
//    public:
//     Halving(const d500::sdk::Comm& comm, d500::sdk::SchemeTensors params,
//             d500::sdk::SchemeTensors grads, const d500::sdk::Attributes& hyper)
//         : comm_(comm), grads_(grads) {
//       hyper.expect_only({});
//     }
//     void before_optimizer(int64_t step) {          // optional, as is after_optimizer
//       for (size_t i = 0; i < grads_.size(); ++i) {
//         auto g = grads_[i].as<float>();
//         comm_.allreduce(g.data(), g.numel(), D500_REDUCE_AVG);
//       }
//     }
//    private:
//     d500::sdk::Comm comm_;
//     d500::sdk::SchemeTensors grads_;
//   };
//   static const d500_scheme kHalving = Halving::define({"halving", "averages gradients"});
//   static const d500_scheme* const kSchemes[] = {&kHalving};
//   ... PluginMeta(...).schemes(kSchemes, 1)   (sdk/plugin.h)
//
// Experiments name it "plugin/name" ("distributed": {"scheme": "myplugin/halving", "params":
// {...}}); the constructor runs in create(), with the section's "params" as float attributes.
// The parameters and gradients are the model's own memory, host, contiguous, valid until the
// instance is destroyed. Every exception is caught at the boundary (sdk/status.h); a Comm call
// that fails throws std::runtime_error with the host's message. Header-only, C++17.
#ifndef D500_SDK_SCHEME_H
#define D500_SDK_SCHEME_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "d500/plugin.h"
#include "d500/sdk/attributes.h"
#include "d500/sdk/status.h"
#include "d500/sdk/tensor_view.h"

namespace d500 {
namespace sdk {

// The model's parameters or gradients, written in place.
using SchemeTensors = BasicTensorList<DLTensor>;

// The host's communicator (d500_comm), valid for the scheme instance's life. The host counts
// every byte and times every call. Every rank must make the same collective calls with the same
// sizes.
class Comm {
 public:
  explicit Comm(const d500_comm* c) : c_(c) {
    if (!c_) throw std::invalid_argument("the host gave no communicator");
  }
  int rank() const { return c_->rank; }
  int size() const { return c_->size; }
  // `count` elements reduced across ranks in place (op: D500_REDUCE_SUM, _AVG, _MAX, _MIN).
  void allreduce(float* data, size_t count, int32_t op) const {
    allreduce(data, count, DLDataType{kDLFloat, 32, 1}, op);
  }
  void allreduce(double* data, size_t count, int32_t op) const {
    allreduce(data, count, DLDataType{kDLFloat, 64, 1}, op);
  }
  void allreduce(void* data, size_t count, DLDataType dtype, int32_t op) const {
    d500_error err{};
    done(c_->allreduce(c_->self, data, count, dtype, op, &err), err, "allreduce");
  }
  void broadcast(void* data, size_t bytes, int root) const {
    d500_error err{};
    done(c_->broadcast(c_->self, data, bytes, root, &err), err, "broadcast");
  }
  // `recv` holds size() * bytes: rank r's `send` lands at r * bytes.
  void allgather(const void* send, size_t bytes, void* recv) const {
    d500_error err{};
    done(c_->allgather(c_->self, send, bytes, recv, &err), err, "allgather");
  }
  void sendrecv(const void* send, size_t send_bytes, int dest, void* recv, size_t recv_bytes,
                int source, int tag) const {
    d500_error err{};
    done(c_->sendrecv(c_->self, send, send_bytes, dest, recv, recv_bytes, source, tag, &err), err,
         "sendrecv");
  }

 private:
  static void done(int32_t status, const d500_error& err, const char* what) {
    if (status != D500_OK) throw std::runtime_error(std::string(what) + ": " + err.message);
  }
  const d500_comm* c_;
};

// How a scheme is listed. Strings must have static storage (string literals).
struct SchemeSpec {
  const char* name;         // [a-z0-9_]+, unique within the plugin
  const char* description;  // one line, required
  uint32_t flags = 0;       // D500_SCHEME_REPLICAS_DIFFER
};

template <class Derived>
class Scheme {
 public:
  // The C table entry for Derived. Keep it in static storage.
  static d500_scheme define(const SchemeSpec& spec) {
    d500_scheme s{};  // members of later ABI versions stay zero
    s.struct_size = sizeof(d500_scheme);
    s.name = spec.name;
    s.description = spec.description;
    s.flags = spec.flags;
    s.create = &create_;
    s.destroy = &destroy_;
    s.before_optimizer = &before_;
    s.after_optimizer = &after_;
    return s;
  }

  // The hooks a scheme does not declare do nothing.
  void before_optimizer(int64_t) {}
  void after_optimizer(int64_t) {}

 protected:
  Scheme() = default;
  ~Scheme() = default;

 private:
  static int32_t create_(const d500_comm* comm, const DLTensor* params, const DLTensor* grads,
                         size_t n, const d500_attr* hyper, size_t n_hyper, void** instance,
                         d500_error* err) {
    return guard(err, [&] {
      if (!instance) throw std::invalid_argument("create: instance out-parameter is NULL");
      *instance = nullptr;
      if (n && (!params || !grads)) throw std::invalid_argument("params or grads is NULL");
      *instance =
          new Derived(Comm(comm), SchemeTensors(const_cast<DLTensor*>(params), n),
                      SchemeTensors(const_cast<DLTensor*>(grads), n), Attributes(hyper, n_hyper));
    });
  }
  static void destroy_(void* instance) {
    guard(nullptr, [&] { delete static_cast<Derived*>(instance); });
  }
  static int32_t before_(void* instance, int64_t step, d500_error* err) {
    return guard(err, [&] { static_cast<Derived*>(instance)->before_optimizer(step); });
  }
  static int32_t after_(void* instance, int64_t step, d500_error* err) {
    return guard(err, [&] { static_cast<Derived*>(instance)->after_optimizer(step); });
  }
};

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_SCHEME_H
