// Progress of a run: a bar on a terminal, or JSON lines on stdout for the workbench
// (--progress=json), one object per line with an "event" key.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>

#include "d500/operators/operator_benchmark.h"

namespace d500::cli {

enum class ProgressMode { Auto, Bar, Json, None };
ProgressMode parse_progress_mode(const std::string& s);  // throws CliError on an unknown mode

class ProgressReporter {
 public:
  explicit ProgressReporter(ProgressMode mode);
  // Events of the JSON-lines protocol: run_started, progress, log, run_finished.
  void event(const nlohmann::json& j);
  void update(const operators::ProgressEvent& e);
  void finish();  // ends the bar's line
  bool json() const { return mode_ == ProgressMode::Json; }

 private:
  ProgressMode mode_;
  std::chrono::steady_clock::time_point last_;
  bool drawn_ = false;
  size_t last_done_ = static_cast<size_t>(-1);
};

}  // namespace d500::cli
