// Rerun to confirm (issue 31, item 6) end to end, through the library: the two runs around a
// change are rerun on this machine in randomized blocks (10 real reruns of a small Gemm on the
// reference plugin), recorded as reruns of their originals, kept out of the history, judged, and
// the verdict stored with the run after the change; refusals name what is wrong.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "d500/history/confirmation.h"
#include "d500/history/history.h"
#include "d500/run/confirm_change.h"

namespace fs = std::filesystem;
using namespace d500;

namespace {

class ConfirmChangeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("d500-confirm-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  int64_t run_once() {
    const std::string path = (dir_ / "gemm.json").string();
    std::ofstream(path) << R"({"d500": 1, "name": "gemm-confirm", "level": "operator", "seed": 1,
      "operator": {"op": "Gemm", "dtype": "float32", "inputs": [["N", "N"], ["N", "N"]]},
      "implementations": ["reference"], "sweep": {"N": [16]},
      "repetition": {"warmup_calls": 1, "min_samples": 10, "max_samples": 30,
                     "max_seconds": 0.5}})";
    run::Request req;
    req.experiment = spec::load_experiment(path).value();
    req.spec_path = path;
    req.db = db();
    req.program_dir = program_dir();
    run::Observer quiet;
    return run::run_experiment(req, quiet).run_id;
  }
  std::string db() const { return (dir_ / "results.d500db").string(); }
  static std::string program_dir() { return std::string(D500_TEST_BINARY_DIR) + "/bin"; }
  run::ConfirmRequest request(int64_t before, int64_t after) const {
    run::ConfirmRequest r;
    r.db = db();
    r.before_run = before;
    r.after_run = after;
    r.seed = 7;
    r.program_dir = program_dir();
    return r;
  }
  fs::path dir_;
};

class Counter : public run::Observer {
 public:
  void started(const store::RunInfo&, const std::string&) override { ++runs; }
  int runs = 0;
};

TEST_F(ConfirmChangeTest, BothSidesAreRerunInRandomizedBlocksAndTheVerdictIsStored) {
  const int64_t a = run_once(), b = run_once();
  Counter heard;
  const auto c = run::confirm_change(request(a, b), heard);
  EXPECT_EQ(heard.runs, 10);
  ASSERT_EQ(c.a_runs.size(), 5u);
  ASSERT_EQ(c.b_runs.size(), 5u);
  EXPECT_EQ(c.order.size(), 14u) << c.order;  // "AB BA ..." five blocks
  EXPECT_NE(c.order.find("AB"), std::string::npos) << c.order;
  EXPECT_NE(c.order.find("BA"), std::string::npos) << "seed 7 flips at least one block";
  ASSERT_EQ(c.rows.size(), 1u);
  EXPECT_FALSE(c.rows[0].verdict.empty());

  auto s = store::ResultStore::open(db(), store::ResultStore::Mode::ReadOnly).value();
  const auto rerun = s->run(c.b_runs[2]);
  ASSERT_TRUE(rerun.has_value());
  EXPECT_EQ(rerun->parent_run_id, b);
  EXPECT_EQ(rerun->spec_path.rfind(history::kConfirmSource, 0), 0u) << rerun->spec_path;
  EXPECT_EQ(history::series_of(*s, {})[0].points.size(), 2u) << "reruns are not history";
  const auto stored = history::stored_confirmation(*s, a, b);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->b_runs, c.b_runs);
  EXPECT_EQ(stored->rows.at(0).verdict, c.rows[0].verdict);
}

TEST_F(ConfirmChangeTest, TooFewBlocksAnUnknownRunAndAnotherLevelAreRefused) {
  const int64_t a = run_once();
  run::Observer quiet;
  auto few = request(a, a);
  few.blocks = 4;
  try {
    run::confirm_change(few, quiet);
    FAIL() << "4 blocks accepted";
  } catch (const run::Failure& f) {
    EXPECT_EQ(f.code, run::kBadInput);
    EXPECT_NE(f.message.find("--blocks 4: between 5"), std::string::npos) << f.message;
  }
  try {
    run::confirm_change(request(a, 99), quiet);
    FAIL() << "run 99 accepted";
  } catch (const run::Failure& f) {
    EXPECT_EQ(f.code, run::kBadInput);
    EXPECT_NE(f.message.find("no run 99 in "), std::string::npos) << f.message;
  }
  int64_t training = 0;
  {
    auto s = store::ResultStore::open(db(), store::ResultStore::Mode::ReadWrite).value();
    store::RunInfo r;
    r.name = "mlp";
    r.level = "training";
    training = s->create_run(r);
  }
  try {
    run::confirm_change(request(a, training), quiet);
    FAIL() << "a training run accepted";
  } catch (const run::Failure& f) {
    EXPECT_NE(f.message.find("is a training run"), std::string::npos) << f.message;
  }
}

}  // namespace
