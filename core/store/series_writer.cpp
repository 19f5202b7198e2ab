#include <chrono>
#include <cstdio>

#include "d500/store/result_store.h"

namespace d500::store {
namespace {

// Steady, not wall-clock: a clock step (NTP, DST) must neither stall nor burst the flushes.
double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace

SeriesWriter::SeriesWriter(ResultStore& store, size_t batch_rows, double max_delay_ms)
    : store_(store),
      batch_rows_(batch_rows == 0 ? 1 : batch_rows),
      max_delay_ms_(max_delay_ms),
      last_flush_ms_(now_ms()) {
  buffer_.reserve(batch_rows_);
}

SeriesWriter::~SeriesWriter() {
  // A destructor may run during unwinding, so it must not throw; losing points silently would be
  // worse than a line on stderr. Callers that need to know call flush() themselves.
  try {
    flush();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "d500: %zu series points were not stored: %s\n", buffer_.size(), e.what());
  }
}

void SeriesWriter::add(SeriesPoint p) {
  buffer_.push_back(std::move(p));
  if (buffer_.size() >= batch_rows_ || now_ms() - last_flush_ms_ >= max_delay_ms_) flush();
}

void SeriesWriter::flush() {
  if (!buffer_.empty()) {
    // On failure the points stay buffered, so a later flush can still store them.
    store_.add_series(buffer_);
    buffer_.clear();
  }
  last_flush_ms_ = now_ms();
}

}  // namespace d500::store
