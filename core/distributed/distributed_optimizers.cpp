#include "d500/distributed/distributed_optimizers.h"

#include <cmath>

#include "d500/measure/series_kinds.h"

namespace d500::distributed {

namespace {

const SchemeDescriptor& registered(const std::string& name) {
  if (const auto* d = schemes().find(name)) return *d;
  throw D500Error("no scheme \"" + name + "\"; registered: " + schemes().names(),
                  "distributed optimizer");
}

}  // namespace

DistributedScheme::DistributedScheme(Communicator& comm, network::NetworkExecutor& executor,
                                     SchemeOptions o)
    : ctx_(comm, executor, std::move(o)), desc_(registered(ctx_.options().scheme)) {
  algo_ = desc_.make(ctx_);
  if (!algo_)
    throw D500Error("scheme \"" + desc_.name + "\" from " + desc_.origin + " made no algorithm",
                    "distributed optimizer");
}

void DistributedScheme::set_local_stop(const std::atomic<bool>* local_stop, double max_seconds) {
  local_stop_ = local_stop;
  max_seconds_ = max_seconds;
}

void DistributedScheme::broadcast_parameters() {
  const int root = desc_.root_serves ? ctx_.options().root : 0;
  ctx_.pack_parameters();
  ctx_.comm().broadcast(ctx_.buffer(), ctx_.bytes(), root);
  ctx_.unpack_parameters();
}

void DistributedScheme::average_parameters() {
  ctx_.average_parameters();
}

void DistributedScheme::finish() {
  algo_->finish(ctx_);
}

void DistributedScheme::before_epoch(int64_t) {
  if (started_) return;
  started_ = true;
  t_start_ = Clock::now();
  ctx_.start();
}

void DistributedScheme::before_step(int64_t) {
  if (!started_) before_epoch(0);
  t_step_ = Clock::now();
  at_step_ = ctx_.comm().stats().total();
}

void DistributedScheme::before_optimizer(int64_t step) {
  algo_->before_optimizer(ctx_, step);
}

void DistributedScheme::after_optimizer(int64_t step, double) {
  algo_->after_optimizer(ctx_, step);
}

void DistributedScheme::after_step(int64_t step, double loss) {
  const auto now = Clock::now();
  const CallStats s = ctx_.comm().stats().total();
  StepRecord rec;
  rec.step = step;
  rec.comm_bytes =
      (s.bytes_sent - at_step_.bytes_sent) + (s.bytes_received - at_step_.bytes_received);
  rec.comm_s = static_cast<double>(s.time_ns - at_step_.time_ns) * 1e-9;
  const double total = std::chrono::duration<double>(now - t_step_).count();
  rec.compute_s = total > rec.comm_s ? total - rec.comm_s : 0;
  steps_.push_back(rec);
  const double wall = std::chrono::duration<double>(now - t_start_).count();
  if (sink_) {
    sink_->point(series::stored(series::kCommBytes), step, wall,
                 static_cast<double>(rec.comm_bytes));
    sink_->point(series::stored(series::kCommTime), step, wall, rec.comm_s);
    sink_->point(series::stored(series::kComputeTime), step, wall, rec.compute_s);
  }
  // An asynchronous scheme runs no collective during training (ranks stop on their own).
  if ((!local_stop_ && max_seconds_ <= 0) || desc_.asynchronous) return;
  vote(step, loss, wall);
}

void DistributedScheme::vote(int64_t step, double loss, double wall) {
  Communicator& comm = ctx_.comm();
  // [0]: 1 = a signal, 2 = the time limit; [1 + r]: rank r's loss is not finite.
  vote_.assign(static_cast<size_t>(comm.size()) + 1, 0);
  vote_[0] = local_stop_ && local_stop_->load() ? 1 : 0;
  if (max_seconds_ > 0 && wall >= max_seconds_) vote_[0] |= 2;
  vote_[1 + static_cast<size_t>(comm.rank())] = std::isfinite(loss) ? 0 : 1;
  comm.allreduce(vote_.data(), vote_.size(), DType::Int32, ReduceOp::Max);
  std::string ranks;
  int bad = 0;
  for (int r = 0; r < comm.size(); ++r)
    if (vote_[1 + static_cast<size_t>(r)]) ranks += (bad++ ? ", " : "") + std::to_string(r);
  if (bad)
    diverged_ = "loss not finite on rank" + std::string(bad > 1 ? "s " : " ") + ranks +
                " at step " + std::to_string(step);
  if (vote_[0] || bad) {
    stopped_by_time_ = !bad && vote_[0] == 2;
    stop_.store(true);
  }
}

}  // namespace d500::distributed
