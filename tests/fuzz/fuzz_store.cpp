// Fuzz target: result store files opened read-only (as `d500 runs`/`show` and the studio do) and
// read back: runs, their environment, measurements and samples, validations, logs, artifacts.
#include <cstddef>
#include <cstdint>
#include <filesystem>

#include "d500/store/result_store.h"
#include "fuzz_util.h"

namespace {

// A corrupt file may claim any number of rows; a few are enough to reach every reader.
constexpr size_t kMaxRuns = 8, kMaxMeasurements = 8;

void read_back(const d500::store::ResultStore& s) {
  (void)s.schema_version();
  auto runs = s.runs();
  if (runs.size() > kMaxRuns) runs.resize(kMaxRuns);
  for (const auto& r : runs) {
    (void)s.run(r.id);
    if (r.environment_id) (void)s.environment(r.environment_id);
    auto ms = s.measurements(r.id);
    if (ms.size() > kMaxMeasurements) ms.resize(kMaxMeasurements);
    for (const auto& m : ms) (void)s.samples(m.id);
    (void)s.measurements_after(r.id, 0);
    (void)s.series_after(r.id, 0, 64);
    (void)s.validations(r.id);
    (void)s.logs(r.id);
    (void)s.artifacts(r.id);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = d500::fuzz::write_input(data, size, "fuzz.d500db");
  // A header that says WAL makes SQLite create these beside the file; each input starts clean.
  std::error_code ec;
  std::filesystem::remove(path + "-wal", ec);
  std::filesystem::remove(path + "-shm", ec);
  auto store = d500::store::ResultStore::open(path, d500::store::ResultStore::Mode::ReadOnly);
  if (!store) return 0;
  try {
    read_back(**store);
  } catch (const d500::D500Error&) {
    // Reads of a corrupt file fail with the store's path and SQLite's message: expected.
  }
  return 0;
}
