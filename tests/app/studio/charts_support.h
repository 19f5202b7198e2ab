// Test support for the studio's chart, report and comparison tests: stores with known content
// written through a ReadWrite connection, the real runner started as a child process, and
// pumping the Qt event loop while waiting (the panels poll on timers).
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>
#include <algorithm>
#include <fstream>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "../../support/process.h"
#include "d500/store/result_store.h"

namespace d500::test {

inline const std::string kRunner = D500_TEST_RUNNER;

// Runs the Qt event loop until `done` holds or `timeoutMs` passes; returns whether it held.
inline bool pumpUntil(const std::function<bool()>& done, int timeoutMs = 30000) {
  QElapsedTimer t;
  t.start();
  while (!done()) {
    if (t.elapsed() > timeoutMs) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
  }
  return true;
}

// Shows a chart panel or dashboard at width x height, lets it lay out, refreshes it from its
// store, and lets that refresh draw for `settleMs` (a new plot width is drawn at the next poll).
template <class Tab>
void showAndRefresh(Tab& tab, int width, int height, int settleMs = 0) {
  tab.resize(width, height);
  tab.show();
  pumpUntil([] { return false; }, 50);
  tab.refresh();
  if (settleMs > 0) pumpUntil([] { return false; }, settleMs);
}

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

inline std::unique_ptr<store::ResultStore> openRw(const std::string& path) {
  return std::move(store::ResultStore::open(path, store::ResultStore::Mode::ReadWrite).value());
}

// A run row with a spec and an environment; returns its id.
inline int64_t addRun(store::ResultStore& s, const std::string& name,
                      const std::string& spec = R"({"d500":1,"name":"synthetic"})",
                      const std::string& env = R"({"cpu":{"model":"test"},"host":"test"})") {
  store::RunInfo r;
  r.name = name;
  r.level = "training";
  r.spec_json = spec;
  r.spec_hash = store::sha256_hex(spec);
  r.seed = 1;
  r.launcher = "local";
  r.environment_id = s.put_environment(env);
  const int64_t id = s.create_run(r);
  s.start_run(id);
  return id;
}

// A measurement with the given samples (summary fields from them, roughly; tests compare
// against what the store holds, not against these).
inline int64_t addMeasurement(store::ResultStore& s, int64_t run, const std::string& subject,
                              const std::string& impl, const std::string& point,
                              std::vector<double> samples, double flops = 0, double bytes = 0,
                              std::span<const uint32_t> context_words = {}) {
  store::MeasurementRow m;
  m.run_id = run;
  m.subject = subject;
  m.implementation = impl;
  m.point_json = point;
  m.stop_reason = "converged";
  m.n = static_cast<int64_t>(samples.size());
  std::vector<double> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  m.median = sorted[sorted.size() / 2];
  m.min = sorted.front();
  m.max = sorted.back();
  m.q1 = sorted[sorted.size() / 4];
  m.q3 = sorted[3 * sorted.size() / 4];
  m.ci_lo = sorted[sorted.size() / 2 - sorted.size() / 8];
  m.ci_hi = sorted[sorted.size() / 2 + sorted.size() / 8];
  m.ci_valid = true;
  m.flops = flops;
  m.bytes = bytes;
  return s.add_measurement(m, samples, context_words);
}

// An operator experiment the reference plugin runs for `seconds` per point (its CI target is
// out of reach, so every point runs to the time limit), over `n`
// values of N; written into `dir`.
inline std::string gemmSweep(const TempDir& dir, int points = 5, double seconds = 0.15) {
  std::string path = dir.file("sweep.json");
  std::string ns;
  for (int i = 0; i < points; ++i) ns += (i ? "," : "") + std::to_string(8 << i);
  std::ofstream(path) << R"({"d500": 1, "name": "live-sweep", "level": "operator", "seed": 3,
    "operator": {"op": "Gemm", "inputs": [["N", "N"], ["N", "N"]]},
    "sweep": {"N": [)" << ns
                      << R"(]},
    "implementations": ["reference"],
    "repetition": {"min_samples": 10, "max_samples": 20000, "max_seconds": )"
                      << seconds << R"(, "target_rel_ci": 0.000001}})";
  return path;
}

}  // namespace d500::test
