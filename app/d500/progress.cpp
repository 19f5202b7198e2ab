#include "progress.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "cli.h"

namespace d500::cli {

ProgressMode parse_progress_mode(const std::string& s) {
  if (s == "auto") return ProgressMode::Auto;
  if (s == "bar") return ProgressMode::Bar;
  if (s == "json") return ProgressMode::Json;
  if (s == "none") return ProgressMode::None;
  throw CliError{kUsage, "--progress: expected auto, bar, json or none, got \"" + s + "\""};
}

ProgressReporter::ProgressReporter(ProgressMode mode) : mode_(mode) {
  if (mode_ == ProgressMode::Auto)
    mode_ = isatty(STDERR_FILENO) ? ProgressMode::Bar : ProgressMode::None;
}

void ProgressReporter::event(const nlohmann::json& j) {
  if (mode_ != ProgressMode::Json) return;
  std::cout << j.dump() << std::endl;  // flushed: the reader acts on each line as it comes
}

void ProgressReporter::update(const operators::ProgressEvent& e) {
  auto now = std::chrono::steady_clock::now();
  // At most 10 updates a second (progress must not cost measurable time), but every finished
  // measurement is reported.
  bool step = e.done != last_done_;
  if (!step && drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  last_done_ = e.done;
  if (mode_ == ProgressMode::Json) {
    event({{"event", "progress"},
           {"done", e.done},
           {"total", e.total},
           {"subject", e.subject},
           {"samples", e.samples},
           {"rel_ci", e.rel_ci}});
    drawn_ = true;
  } else if (mode_ == ProgressMode::Bar) {
    const int width = 30;
    int filled = e.total ? static_cast<int>(width * e.done / e.total) : 0;
    std::string bar(filled, '#');
    bar += std::string(width - filled, '.');
    char ci[32] = "";
    if (e.rel_ci > 0) std::snprintf(ci, sizeof ci, " ±%.1f%%", 100 * e.rel_ci);
    std::fprintf(stderr, "\r[%s] %zu/%zu %-28.28s n=%-6lld%-8s", bar.c_str(), e.done, e.total,
                 printable(e.subject).c_str(), static_cast<long long>(e.samples), ci);
    std::fflush(stderr);
    drawn_ = true;
  }
}

void ProgressReporter::finish() {
  if (mode_ == ProgressMode::Bar && drawn_) std::fprintf(stderr, "\n");
  drawn_ = false;
}

}  // namespace d500::cli
