// Distributed schemes as registered components. A scheme is a descriptor (its name, a summary,
// what the level must know of it, the section keys it reads) and an algorithm: hooks around the
// optimizer step that exchange the model's packed parameters or gradients through the
// communicator. The built-in schemes (core/distributed/schemes/, one file each) go through the
// same registry as a user's: adding a scheme is one file plus one SchemeRegistry::add.
//
// DistributedScheme (distributed_optimizers.h) is the training event that times the steps,
// agrees on stops and calls the algorithm's hooks; an algorithm only moves data.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "d500/distributed/communicator.h"
#include "d500/network/executor.h"
#include "d500/plugin/component_registry.h"
#include "d500/training/trainer.h"

namespace d500::distributed {

struct SchemeOptions {
  std::string scheme = "allreduce";      // a registered scheme's name
  int64_t average_every = 4;             // model_averaging: average after every k-th step (k >= 1)
  int root = 0;                          // the server rank of the schemes whose root serves
  std::map<std::string, double> params;  // a plugin scheme's hyper-parameters ("params")
  // A plugin scheme's hook that has not returned after `hook_timeout` is stuck (a deadlock, see
  // hook_watchdog.h): `on_stuck` is told why, on another thread, and must end the run. Without
  // on_stuck nothing is watched.
  std::chrono::milliseconds hook_timeout{120000};
  std::function<void(const std::string& why)> on_stuck;
};

// What an algorithm works on: the communicator, the options and the model's parameters and
// gradients (float32 or float64 host memory, checked on construction) packed into one buffer.
class SchemeContext {
 public:
  // D500Error naming the parameter when one is not float32/float64 contiguous host memory, or
  // when average_every < 1 or root is not a rank.
  SchemeContext(Communicator& comm, network::NetworkExecutor& executor, SchemeOptions o);

  Communicator& comm() const { return comm_; }
  const SchemeOptions& options() const { return o_; }
  DType dtype() const { return dtype_; }
  size_t count() const { return count_; }  // elements over all parameters
  // count() elements of dtype(): the parameters (or gradients) one after another.
  uint8_t* buffer() { return buf_.data(); }
  size_t bytes() const { return buf_.size(); }
  void pack_parameters() { pack(params_); }
  void unpack_parameters() { unpack(params_); }
  void pack_gradients() { pack(grads_); }
  void unpack_gradients() { unpack(grads_); }
  void scale_buffer(double f);  // buffer *= f, elementwise
  void average_parameters();    // collective: every rank's parameters become their mean
  std::vector<DLTensor>& parameters() { return params_; }
  std::vector<DLTensor>& gradients() { return grads_; }

  // The optimizer and schedule that DistributedScheme::set_optimizer gave (nullptr before).
  training::Optimizer* optimizer() const { return opt_; }
  const training::LrSchedule& schedule() const { return schedule_; }
  void set_optimizer(training::Optimizer* opt, training::LrSchedule s);
  // Where per-step series go (may be nullptr) and the seconds since training started.
  training::SeriesSink* sink() const { return sink_; }
  void set_sink(training::SeriesSink* sink) { sink_ = sink; }
  void start() { t_start_ = std::chrono::steady_clock::now(); }
  double wall_s() const;

 private:
  void pack(const std::vector<DLTensor>& views);
  void unpack(const std::vector<DLTensor>& views);

  Communicator& comm_;
  SchemeOptions o_;
  std::vector<DLTensor> params_, grads_;
  DType dtype_ = DType::Float32;
  size_t count_ = 0;
  std::vector<uint8_t> buf_;
  training::Optimizer* opt_ = nullptr;
  training::LrSchedule schedule_;
  training::SeriesSink* sink_ = nullptr;
  std::chrono::steady_clock::time_point t_start_ = std::chrono::steady_clock::now();
};

// A scheme's hooks, called on every rank in the Trainer's order for each optimizer step.
class SchemeAlgorithm {
 public:
  virtual ~SchemeAlgorithm() = default;
  // After backward, before the optimizer steps on the gradients.
  virtual void before_optimizer(SchemeContext&, int64_t /*step*/) {}
  // After the optimizer step.
  virtual void after_optimizer(SchemeContext&, int64_t /*step*/) {}
  // After training, on every rank (an asynchronous server serves the last messages).
  virtual void finish(SchemeContext&) {}
  // Gradients a server applied and their staleness (asynchronous schemes; else nothing).
  virtual int64_t applied() const { return 0; }
  virtual std::vector<int64_t> staleness() const { return {}; }
};

struct SchemeDescriptor {
  std::string name;     // "allreduce" (a-z, 0-9, '_'); a plugin's: "plugin/name"
  std::string summary;  // one line for `d500 plugins`, the studio's tooltip
  // Ranks stop on their own and no collective may run during training; the scheme steps the
  // server's optimizer itself (DistributedScheme::set_optimizer).
  bool asynchronous = false;
  // The ranks' models differ after training; the level evaluates their average.
  bool replicas_differ = false;
  // The root's model is the job's: the start broadcasts from options().root, not rank 0.
  bool root_serves = false;
  std::vector<std::string> parameters;  // the "distributed" section's keys it reads
  std::string origin = "built-in";      // or the plugin that registered it
  std::function<std::unique_ptr<SchemeAlgorithm>(SchemeContext&)> make;
};

class SchemeRegistry : public plugin::ComponentRegistry<SchemeDescriptor> {
 public:
  SchemeRegistry() : ComponentRegistry("scheme") {}
  // Adds `d`, or says why not: a malformed or taken name, no summary, no make.
  std::string add(SchemeDescriptor d) { return add_checked(std::move(d), ""); }
};

// The process's schemes: the built-in ones are registered on first use.
SchemeRegistry& schemes();

}  // namespace d500::distributed
