// What the terminal (or the studio, through --progress=json) sees of a run: `d500 run`, `rerun`
// and each rerun of `d500 confirm`.
#pragma once

#include <iostream>

#include "commands.h"
#include "d500/run/run.h"
#include "printable.h"
#include "progress.h"

namespace d500::cli {

class CliObserver : public run::Observer {
 public:
  CliObserver(const GlobalOptions& g, ProgressMode mode) : g_(g), progress_(mode) {}
  void started(const store::RunInfo& run, const std::string& db) override {
    progress_.event({{"event", "run_started"}, {"run_id", run.id}, {"db", db}, {"name", run.name}});
    if (!progress_.json() && !g_.json)
      std::cerr << "d500: run " << run.id << " (" << printable(run.name) << ") into "
                << printable(db) << "\n";
  }
  void progress(const operators::ProgressEvent& e) override { progress_.update(e); }
  void log(const std::string& level, const std::string& text) override {
    std::cerr << "d500: " << (level == "warning" ? "warning: " : "") << printable(text) << "\n";
  }
  void stopped() override { progress_.finish(); }
  void finished(const run::Result& r) override;

 private:
  const GlobalOptions& g_;
  ProgressReporter progress_;
};

}  // namespace d500::cli
