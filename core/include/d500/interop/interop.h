// Interoperability (issue 19, item 6): a run's series for other tools, and MLPerf logs as runs.
//
// TensorBoard: one event file per run, in the published format: TFRecord framing (uint64 length,
// masked CRC-32C of the length, the bytes, masked CRC-32C of the bytes; little-endian) around
// tensorflow.Event protocol buffers: the first carries file_version "brain.Event:2", each other
// one a Summary with one scalar (tag = the series name, simple_value, step, wall_time).
// MLflow: see mlflow.h.
// MLPerf: the ":::MLLOG {json}" lines of an MLPerf Training log become a training run with its
// curves (every numeric POINT_IN_TIME key, by epoch or sample count) and its time-to-train.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/store/result_store.h"

namespace d500::interop {

// CRC-32C (Castagnoli) and TensorFlow's mask of it.
uint32_t crc32c(const void* data, size_t n);
uint32_t masked_crc32c(const void* data, size_t n);

// One TFRecord: the framed bytes.
std::string tfrecord(const std::string& data);
// tensorflow.Event with a scalar summary, or (tag "") with file_version "brain.Event:2".
std::string scalar_event(double wall_time, int64_t step, const std::string& tag, float value);
std::string file_version_event(double wall_time);

// Writes the run's series to <folder>/events.out.tfevents.<started>.<host>.d500-run<id>; returns
// the file's path. Wall times are the run's start plus each point's time.
Result<std::string> write_tensorboard(const store::ResultStore& s, const store::RunInfo& r,
                                      const std::string& folder);

struct MllogImport {
  int64_t run_id = 0;
  std::string benchmark;
  int64_t points = 0;           // series points stored
  bool success = false;         // run_stop with status "success"
  double time_to_train_s = -1;  // run_start to run_stop when successful
};
// Reads the log (lines other than ":::MLLOG ..." are skipped; a malformed MLLOG line is an error
// naming its line) and stores it as one training run.
Result<MllogImport> import_mllog(store::ResultStore& s, const std::string& path);

}  // namespace d500::interop
