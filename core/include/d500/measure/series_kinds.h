// The series the levels store (issue 30): one typed descriptor per series name, so a level that
// writes "tta_s" and a report, `show` or a dashboard that reads it name the same constant, and a
// reader learns the unit, the better direction and the cadence from the descriptor instead of a
// string repeated in each file. Level 2 writes the step and epoch series per seed, as
// "<name>@seed<k>"; find_series() reads both forms.
// Header only: every level and front end includes it without another library.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace d500::series {

enum class Better { Lower, Higher, Neither };
// Step: one point per optimizer step; Epoch: one per epoch; Run: one per seed (or rank) at the end.
enum class Cadence { Step, Epoch, Run };

struct SeriesKind {
  std::string_view name;   // as stored
  std::string_view title;  // for a legend or a table header
  std::string_view unit;   // "s", "B"; "" for a count, a loss or a fraction (accuracy 0..1)
  Better better = Better::Neither;
  Cadence cadence = Cadence::Step;
  std::string_view level;  // the level that writes it: "training" or "distributed"
};

// Level 2 (training::Trainer and the training level), per seed.
inline constexpr SeriesKind kLoss{"loss",        "training loss", "",
                                  Better::Lower, Cadence::Step,   "training"};
inline constexpr SeriesKind kLearningRate{"lr",          "learning rate", "", Better::Neither,
                                          Cadence::Step, "training"};
inline constexpr SeriesKind kStepTime{"step_time_s", "step time",   "s",
                                      Better::Lower, Cadence::Step, "training"};
inline constexpr SeriesKind kDataWait{"data_wait_s", "waiting for data", "s",
                                      Better::Lower, Cadence::Step,      "training"};
inline constexpr SeriesKind kTestAccuracyByStep{"test_accuracy_by_step",
                                                "test accuracy (by step)",
                                                "",
                                                Better::Higher,
                                                Cadence::Step,
                                                "training"};
inline constexpr SeriesKind kTrainLoss{
    "train_loss", "training loss of the epoch", "", Better::Lower, Cadence::Epoch, "training"};
inline constexpr SeriesKind kTestLoss{"test_loss",   "test loss",    "",
                                      Better::Lower, Cadence::Epoch, "training"};
inline constexpr SeriesKind kSamplesPerSecond{"samples_per_s", "training throughput", "samples/s",
                                              Better::Higher,  Cadence::Epoch,        "training"};
inline constexpr SeriesKind kDataWaitEpoch{
    "data_wait_s_epoch", "waiting for data in the epoch", "s", Better::Lower, Cadence::Epoch,
    "training"};
inline constexpr SeriesKind kTrainAccuracy{"train_accuracy", "training accuracy", "",
                                           Better::Higher,   Cadence::Epoch,      "training"};
inline constexpr SeriesKind kTestAccuracy{"test_accuracy", "test accuracy", "",
                                          Better::Higher,  Cadence::Epoch,  "training"};
// -1 for a seed that never reached the target.
inline constexpr SeriesKind kTimeToAccuracy{"tta_s",       "time to accuracy", "s",
                                            Better::Lower, Cadence::Run,       "training"};
inline constexpr SeriesKind kFinalTestAccuracy{
    "final_test_accuracy", "final test accuracy", "", Better::Higher, Cadence::Run, "training"};
// Level 3 (distributed schemes and the distributed level), per rank.
inline constexpr SeriesKind kBestTestAccuracy{
    "best_test_accuracy", "best test accuracy", "", Better::Higher, Cadence::Run, "distributed"};
inline constexpr SeriesKind kSteps{"steps",         "optimizer steps", "",
                                   Better::Neither, Cadence::Run,      "distributed"};
inline constexpr SeriesKind kDiverged{
    "diverged", "diverged (1) or not (0)", "", Better::Lower, Cadence::Run, "distributed"};
inline constexpr SeriesKind kCommBytes{"comm_bytes",  "bytes communicated", "B",
                                       Better::Lower, Cadence::Step,        "distributed"};
inline constexpr SeriesKind kCommTime{"comm_time_s", "communication time", "s",
                                      Better::Lower, Cadence::Step,        "distributed"};
inline constexpr SeriesKind kComputeTime{"compute_time_s", "compute time", "s",
                                         Better::Lower,    Cadence::Step,  "distributed"};
inline constexpr SeriesKind kStaleness{"staleness",   "gradient staleness", "",
                                       Better::Lower, Cadence::Step,        "distributed"};
inline constexpr SeriesKind kAveragedModelAccuracy{"averaged_model_test_accuracy",
                                                   "averaged model test accuracy",
                                                   "",
                                                   Better::Higher,
                                                   Cadence::Run,
                                                   "distributed"};
inline constexpr SeriesKind kServerModelAccuracy{"server_model_test_accuracy",
                                                 "server model test accuracy",
                                                 "",
                                                 Better::Higher,
                                                 Cadence::Run,
                                                 "distributed"};
inline constexpr SeriesKind kServerAppliedGradients{"server_applied_gradients",
                                                    "gradients the server applied",
                                                    "",
                                                    Better::Neither,
                                                    Cadence::Run,
                                                    "distributed"};

inline constexpr std::array<const SeriesKind*, 23> kBuiltinSeries{&kLoss,
                                                                  &kLearningRate,
                                                                  &kStepTime,
                                                                  &kDataWait,
                                                                  &kTestAccuracyByStep,
                                                                  &kTrainLoss,
                                                                  &kTestLoss,
                                                                  &kSamplesPerSecond,
                                                                  &kDataWaitEpoch,
                                                                  &kTrainAccuracy,
                                                                  &kTestAccuracy,
                                                                  &kTimeToAccuracy,
                                                                  &kFinalTestAccuracy,
                                                                  &kBestTestAccuracy,
                                                                  &kSteps,
                                                                  &kDiverged,
                                                                  &kCommBytes,
                                                                  &kCommTime,
                                                                  &kComputeTime,
                                                                  &kStaleness,
                                                                  &kAveragedModelAccuracy,
                                                                  &kServerModelAccuracy,
                                                                  &kServerAppliedGradients};

// The stored name of `kind` (SeriesSink::point and store::SeriesPoint take a std::string).
inline std::string stored(const SeriesKind& kind) {
  return std::string(kind.name);
}

// The name without a "@seed<k>" suffix.
constexpr std::string_view base_name(std::string_view stored) {
  const size_t at = stored.find('@');
  return at == std::string_view::npos ? stored : stored.substr(0, at);
}

// The descriptor of a stored series name ("loss" or "loss@seed2"); nullptr for one no level writes.
constexpr const SeriesKind* find_series(std::string_view stored) {
  const std::string_view name = base_name(stored);
  for (const SeriesKind* k : kBuiltinSeries)
    if (k->name == name) return k;
  return nullptr;
}

// True when `stored` is a point of `kind` ("loss@seed0" is of kLoss).
constexpr bool is(std::string_view stored, const SeriesKind& kind) {
  return base_name(stored) == kind.name;
}

}  // namespace d500::series
