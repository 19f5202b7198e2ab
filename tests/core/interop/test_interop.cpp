// A run's series as TensorBoard events (read back by tests/support/tfevents_reader.h, written from
// the published format); an MLPerf MLLOG log imported as a run. MLflow: test_mlflow.cpp.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "../../support/process.h"
#include "../../support/tfevents_reader.h"
#include "d500/interop/interop.h"

namespace d500::interop {
namespace {

using test::TempDir;

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(Interop, Crc32cMatchesTheCastagnoliCheckValue) {
  EXPECT_EQ(crc32c("123456789", 9), 0xE3069283u);  // the standard check value
  EXPECT_EQ(test::tf_crc32c("123456789"), 0xE3069283u);
}

TEST(Interop, TensorBoardEventsReadBackAgainstThePublishedFormat) {
  TempDir dir;
  auto s = store::ResultStore::open(dir.path() + "/s.d500db", store::ResultStore::Mode::ReadWrite)
               .value();
  store::RunInfo r;
  r.name = "curves";
  r.level = "training";
  const int64_t id = s->create_run(r);
  s->start_run(id);
  s->add_series(std::vector<store::SeriesPoint>{{0, id, 0, "loss@seed0", 0, 0.5, 2.25},
                                                {0, id, 0, "loss@seed0", 10, 1.0, 1.5},
                                                {0, id, 0, "test_accuracy@seed0", 1, 1.5, 0.875},
                                                {0, id, 1, "loss", 3, 2.0, 0.125}});
  const auto run = *s->run(id);
  auto path = write_tensorboard(*s, run, dir.path() + "/tb");
  ASSERT_TRUE(path) << path.error().to_string();
  EXPECT_EQ(
      std::filesystem::path(path.value()).filename().string().rfind("events.out.tfevents.", 0), 0u);
  const auto events = test::read_tfevents(bytes_of(path.value()));
  ASSERT_EQ(events.size(), 5u);
  EXPECT_EQ(events[0].file_version, "brain.Event:2");
  EXPECT_FALSE(events[0].has_summary);
  EXPECT_EQ(events[1].tag, "loss@seed0");
  EXPECT_EQ(events[1].step, 0);
  EXPECT_FLOAT_EQ(events[1].simple_value, 2.25f);
  EXPECT_DOUBLE_EQ(events[1].wall_time, run.started_at + 0.5);
  EXPECT_EQ(events[2].step, 10);
  EXPECT_EQ(events[3].tag, "test_accuracy@seed0");
  EXPECT_FLOAT_EQ(events[3].simple_value, 0.875f);
  EXPECT_EQ(events[4].tag, "loss/rank1");
  // A flipped byte is caught by the framing's CRC.
  std::string damaged = bytes_of(path.value());
  damaged[damaged.size() - 6] ^= 0x10;
  EXPECT_THROW(test::read_tfevents(damaged), std::runtime_error);
}

TEST(Interop, AnMllogLogBecomesARunWithCurvesAndTimeToTrain) {
  TempDir dir;
  const std::string log = dir.path() + "/result_0.txt";
  std::ofstream(log) << R"(some launcher output
:::MLLOG {"namespace": "", "time_ms": 1000, "event_type": "POINT_IN_TIME", "key": "submission_benchmark", "value": "resnet", "metadata": {"file": "x.py", "lineno": 1}}
:::MLLOG {"namespace": "", "time_ms": 1001, "event_type": "POINT_IN_TIME", "key": "global_batch_size", "value": 256, "metadata": {}}
:::MLLOG {"namespace": "", "time_ms": 2000, "event_type": "INTERVAL_START", "key": "run_start", "value": null, "metadata": {}}
:::MLLOG {"namespace": "", "time_ms": 4000, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value": 0.61, "metadata": {"epoch_num": 1}}
:::MLLOG {"namespace": "", "time_ms": 6000, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value": 0.76, "metadata": {"epoch_num": 2}}
:::MLLOG {"namespace": "", "time_ms": 6500, "event_type": "INTERVAL_END", "key": "run_stop", "value": null, "metadata": {"status": "success"}}
)";
  auto s = store::ResultStore::open(dir.path() + "/s.d500db", store::ResultStore::Mode::ReadWrite)
               .value();
  auto r = import_mllog(*s, log);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r.value().benchmark, "resnet");
  EXPECT_TRUE(r.value().success);
  EXPECT_DOUBLE_EQ(r.value().time_to_train_s, 4.5);
  const auto run = *s->run(r.value().run_id);
  EXPECT_EQ(run.status, store::RunStatus::Succeeded);
  EXPECT_EQ(run.name, "MLPerf resnet");
  const auto pts = s->series_after(run.id, 0, 100);
  ASSERT_EQ(pts.size(), 3u);
  EXPECT_EQ(pts[0].name, "eval_accuracy");
  EXPECT_EQ(pts[1].step, 2);
  EXPECT_DOUBLE_EQ(pts[1].wall_time, 4.0);
  EXPECT_DOUBLE_EQ(pts[1].value, 0.76);
  EXPECT_EQ(pts[2].name, "tta_s");
  EXPECT_DOUBLE_EQ(pts[2].value, 4.5);
  EXPECT_NE(run.spec_json.find("\"global_batch_size\":256"), std::string::npos) << run.spec_json;

  std::ofstream(dir.path() + "/bad.txt") << ":::MLLOG {\"key\": 3}\n";
  auto bad = import_mllog(*s, dir.path() + "/bad.txt");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().to_string().find("bad.txt:1"), std::string::npos)
      << bad.error().to_string();
}

}  // namespace
}  // namespace d500::interop
