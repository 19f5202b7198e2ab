#include "d500/training/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>

#include "d500/clock.h"
#include "d500/measure/series_kinds.h"

namespace d500::training {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// The loop's clock between phases: lap(p) charges the time since the last lap to phase p.
struct Laps {
  StepProfile& profile;
  int64_t last = now_ns();
  void lap(StepProfile::Phase p) {
    const int64_t t = now_ns();
    profile.ns[p] += t - last;
    last = t;
  }
};

// Correct predictions among the first `n` rows of `logits` [B, C].
int64_t correct(const Tensor& logits, const Tensor& labels, int64_t n) {
  const int64_t c = logits.shape().at(1);
  int64_t hits = 0;
  for (int64_t i = 0; i < n; ++i) {
    int64_t best = 0;
    for (int64_t k = 1; k < c; ++k)
      if (logits.at(i * c + k) > logits.at(i * c + best)) best = k;
    hits += best == static_cast<int64_t>(labels.at(i));
  }
  return hits;
}

}  // namespace

const char* stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::Epochs:
      return "epochs";
    case StopReason::TargetReached:
      return "target reached";
    case StopReason::TimeLimit:
      return "time limit";
    case StopReason::Diverged:
      return "diverged";
    case StopReason::Cancelled:
      return "cancelled";
    default:
      return "invalid";
  }
}

Trainer::Trainer(network::NetworkExecutor& executor, Optimizer& optimizer, TrainerOptions options)
    : ex_(executor), opt_(optimizer), o_(std::move(options)) {
  const std::string where = "trainer (" + ex_.description() + ")";
  auto has = [](const std::vector<std::string>& v, const std::string& n) {
    for (const auto& x : v)
      if (x == n) return true;
    return false;
  };
  for (const auto* name : {&o_.input, &o_.labels})
    if (!has(ex_.input_names(), *name))
      throw D500Error("the network has no input \"" + *name + "\"", where);
  for (const auto* name : {&o_.logits, &o_.loss})
    if (!has(ex_.output_names(), *name))
      throw D500Error("the network has no output \"" + *name +
                          "\" (a training network needs a scalar loss and its logits; "
                          "`d500 model ... --with-loss` writes both)",
                      where);
  const auto in = ex_.input_spec(o_.input);
  const auto lab = ex_.input_spec(o_.labels);
  const auto logits = ex_.output_spec(o_.logits);
  if (in.shape.empty() || in.shape[0] != o_.batch)
    throw D500Error("input \"" + o_.input + "\" is " + in.to_string() + ", not of batch " +
                        std::to_string(o_.batch),
                    where);
  if (lab.dtype != DType::Int64 || lab.shape != Shape{o_.batch})
    throw D500Error("labels \"" + o_.labels + "\" are " + lab.to_string() + ", expected int64[" +
                        std::to_string(o_.batch) + "]",
                    where);
  if (logits.shape.size() != 2 || logits.shape[0] != o_.batch)
    throw D500Error("logits \"" + o_.logits + "\" are " + logits.to_string() + ", expected [" +
                        std::to_string(o_.batch) + ", classes]",
                    where);
  if (element_count(ex_.output_spec(o_.loss).shape) != 1)
    throw D500Error("loss \"" + o_.loss + "\" is not a scalar", where);
  classes_ = logits.shape[1];
  params_ = ex_.parameter_names();
  o_.schedule.validate();
}

void Trainer::emit(const std::string& name, int64_t step, double wall, double value) {
  if (sink_) sink_->point(name, step, wall, value);
}

std::pair<double, double> Trainer::evaluate(const Dataset& test) {
  const int64_t n = test.size(), b = o_.batch;
  Shape shape = ex_.input_spec(o_.input).shape;
  Tensor x(DType::Float32, shape), y(DType::Int64, {b});
  int64_t hits = 0;
  double loss_sum = 0;
  std::vector<int64_t> idx(static_cast<size_t>(b));
  for (int64_t start = 0; start < n; start += b) {
    const int64_t real = std::min(b, n - start);
    for (int64_t i = 0; i < b; ++i) {
      idx[static_cast<size_t>(i)] = start + (i < real ? i : 0);  // padding repeats the first
      y.data_as<int64_t>()[i] = test.labels.data_as<int64_t>()[idx[static_cast<size_t>(i)]];
    }
    test.gather(idx, x.data_as<float>());
    ex_.set_input(o_.input, x);
    ex_.set_input(o_.labels, y);
    ex_.forward();
    hits += correct(ex_.output(o_.logits), y, real);
    // The loss is a batch mean: weight it by the real samples (exact when there is no padding).
    loss_sum += ex_.output(o_.loss).at(0) * static_cast<double>(real);
  }
  return {static_cast<double>(hits) / static_cast<double>(n), loss_sum / static_cast<double>(n)};
}

TrainResult Trainer::train(const Dataset& train, const Sampler& sampler, const Dataset& test) {
  check_dataset(train);
  check_dataset(test);
  for (const Dataset* d : {&train, &test})
    if (d->num_classes > classes_)
      throw D500Error(d->name + " has " + std::to_string(d->num_classes) +
                          " classes but the network's logits have " + std::to_string(classes_),
                      "trainer");
  const Shape fed = ex_.input_spec(o_.input).shape;
  const Shape want(fed.begin() + 1, fed.end());
  if (train.sample_shape() != want || test.sample_shape() != want)
    throw D500Error("samples are " + shape_to_string(train.sample_shape()) +
                        " but the network's input takes " + shape_to_string(want),
                    "trainer");
  LoaderOptions lo;
  lo.batch_size = o_.batch;
  lo.drop_last = true;  // the executor is built for one batch size
  lo.prefetch = std::max<size_t>(o_.prefetch, 1);
  lo.threaded = o_.prefetch > 0 && (o_.loader_thread || o_.augmentation.enabled());
  lo.augmentation = o_.augmentation;
  lo.seed = o_.seed;
  BatchLoader loader(train, sampler, lo);

  std::vector<DLTensor> params, grads;
  for (const auto& p : params_) {
    params.push_back(ex_.parameter_view(p));
    grads.push_back(ex_.gradient_view(p));
  }
  TrainResult r;
  const auto t0 = Clock::now();
  int64_t step = 0;
  using P = StepProfile;
  Laps laps{r.profile};
  auto check_eval = [&](double acc) {
    r.best_test_accuracy = std::max(r.best_test_accuracy, acc);
    r.final_test_accuracy = acc;
    if (o_.target_accuracy > 0 && acc >= o_.target_accuracy && !r.reached_target) {
      r.reached_target = true;
      r.time_to_accuracy_s = since(t0);
    }
  };
  for (int64_t epoch = 0; epoch < o_.epochs && r.stop == StopReason::Invalid; ++epoch) {
    for (auto& e : events_) e->before_epoch(epoch);
    laps.lap(P::Events);
    loader.start_epoch(epoch);
    EpochRecord rec;
    rec.epoch = epoch;
    int64_t seen = 0, hits = 0, steps_this = 0;
    double loss_sum = 0;
    while (true) {
      if (cancel_ && cancel_->load()) {
        r.stop = StopReason::Cancelled;
        break;
      }
      if (o_.max_seconds > 0 && since(t0) >= o_.max_seconds) {
        r.stop = StopReason::TimeLimit;
        std::ostringstream limit;
        limit << "wall time limit " << o_.max_seconds << " s";
        r.stop_detail = limit.str();
        break;
      }
      laps.lap(P::Control);
      for (auto& e : events_) e->before_sampling(step);
      laps.lap(P::Events);
      auto batch = loader.next();
      laps.lap(P::DataWait);
      if (!batch) break;
      for (auto& e : events_) e->after_sampling(step, *batch);
      rec.data_wait_s += static_cast<double>(batch->wait_ns) * 1e-9;
      for (auto& e : events_) e->before_step(step);
      laps.lap(P::Events);
      const auto s0 = Clock::now();
      ex_.set_input(o_.input, batch->images);
      ex_.set_input(o_.labels, batch->labels);
      laps.lap(P::Input);
      ex_.forward_backward(o_.loss);
      laps.lap(P::ForwardBackward);
      const double loss = ex_.output(o_.loss).at(0);
      laps.lap(P::LossRead);
      if (o_.stop_on_divergence && !std::isfinite(loss)) {
        r.stop = StopReason::Diverged;
        r.stop_detail = "loss " + std::to_string(loss) + " at step " + std::to_string(step);
        emit(series::stored(series::kLoss), step, since(t0), loss);
        break;
      }
      for (auto& e : events_) e->before_optimizer(step);
      laps.lap(P::Events);
      const double lr = o_.schedule.at(step);
      opt_.step(params, grads, lr);
      laps.lap(P::Optimizer);
      for (auto& e : events_) e->after_optimizer(step, lr);
      const double step_s = since(s0);
      rec.step_s += step_s;
      for (auto& e : events_) e->after_step(step, loss);
      laps.lap(P::Events);
      hits += correct(ex_.output(o_.logits), batch->labels, o_.batch);
      laps.lap(P::Accuracy);
      seen += o_.batch;
      loss_sum += loss;
      ++steps_this;
      const double wall = since(t0);
      emit(series::stored(series::kLoss), step, wall, loss);
      emit(series::stored(series::kLearningRate), step, wall, lr);
      emit(series::stored(series::kStepTime), step, wall, step_s);
      emit(series::stored(series::kDataWait), step, wall,
           static_cast<double>(batch->wait_ns) * 1e-9);
      ++step;
      ++r.profile.steps;
      laps.lap(P::Record);
      if (o_.eval_every > 0 && step % o_.eval_every == 0) {
        const auto [acc, tl] = evaluate(test);
        emit(series::stored(series::kTestAccuracyByStep), step, since(t0), acc);
        check_eval(acc);
        laps.lap(P::Evaluation);
        if (r.reached_target) {
          r.stop = StopReason::TargetReached;
          break;
        }
      }
    }
    if (steps_this == 0) break;
    rec.train_loss = loss_sum / static_cast<double>(steps_this);
    rec.train_accuracy = static_cast<double>(hits) / static_cast<double>(seen);
    rec.samples_per_s = rec.step_s > 0 ? static_cast<double>(seen) / rec.step_s : 0;
    if (r.stop != StopReason::Diverged && r.stop != StopReason::Cancelled) {
      std::tie(rec.test_accuracy, rec.test_loss) = evaluate(test);
      check_eval(rec.test_accuracy);
    }
    laps.lap(P::Evaluation);
    rec.wall_s = since(t0);
    const double wall = rec.wall_s;
    emit(series::stored(series::kTrainLoss), epoch + 1, wall, rec.train_loss);
    emit(series::stored(series::kTrainAccuracy), epoch + 1, wall, rec.train_accuracy);
    emit(series::stored(series::kTestAccuracy), epoch + 1, wall, rec.test_accuracy);
    emit(series::stored(series::kTestLoss), epoch + 1, wall, rec.test_loss);
    emit(series::stored(series::kSamplesPerSecond), epoch + 1, wall, rec.samples_per_s);
    emit(series::stored(series::kDataWaitEpoch), epoch + 1, wall, rec.data_wait_s);
    r.epochs.push_back(rec);
    laps.lap(P::Record);
    for (auto& e : events_) e->after_epoch(rec);
    laps.lap(P::Events);
    if (r.stop == StopReason::Invalid && r.reached_target) r.stop = StopReason::TargetReached;
  }
  loader.cancel();
  if (r.stop == StopReason::Invalid) r.stop = StopReason::Epochs;
  r.steps = step;
  r.wall_s = since(t0);
  return r;
}

}  // namespace d500::training
