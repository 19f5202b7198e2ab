// A store of synthetic operator runs for the history tests: each run's Gemm measured around a
// chosen level, on a machine whose reference plugin has a chosen version.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "d500/store/result_store.h"

namespace d500::test {

namespace fs = std::filesystem;

class HistoryTest : public ::testing::Test {
 public:  // the tests' helpers build on add_run
  void SetUp() override {
    path_ = (fs::temp_directory_path() / ("d500-history-" + std::to_string(::getpid()))).string();
    fs::remove(path_);
    s_ = std::move(store::ResultStore::open(path_, store::ResultStore::Mode::ReadWrite)).value();
  }
  void TearDown() override {
    s_.reset();
    fs::remove(path_);
  }

  // A run of `name` on a machine whose reference plugin is `version`, its Gemm measured around
  // `level` ns (40 samples); `failed`: the measurement failed.
  int64_t add_run(const std::string& name, const std::string& version, double level,
                  bool failed = false, const std::string& point = R"({"N":64})",
                  const std::string& cpu = "Test CPU") {
    nlohmann::json env = {{"cpu", {{"model", cpu}, {"logical_cpus", 8}}},
                          {"host", "node1"},
                          {"plugins", {{"reference", {{"version", version}}}}}};
    store::RunInfo r;
    r.name = name;
    r.spec_path = source;
    r.level = "operator";
    r.environment_id = s_->put_environment(env.dump());
    r.id = s_->create_run(r);
    s_->start_run(r.id);
    std::vector<double> x;
    for (int i = 0; i < 40; ++i) x.push_back(level * (1 + 0.01 * noise_(rng_)));
    store::MeasurementRow m;
    m.run_id = r.id;
    m.subject = "Gemm N=64";
    m.implementation = "reference/default";
    m.point_json = point;
    m.n = failed ? 0 : 40;
    m.error = failed ? "create failed" : "";
    m.median = level;
    m.ci_lo = level * 0.99;
    m.ci_hi = level * 1.01;
    m.ci_valid = true;
    s_->add_measurement(m, failed ? std::vector<double>{} : x);
    s_->finish_run(r.id, store::RunStatus::Succeeded, 0, "");
    return r.id;
  }

  std::string source;  // what the next runs record as their experiment file
  std::string path_;
  std::unique_ptr<store::ResultStore> s_;
  std::mt19937_64 rng_{17};
  std::normal_distribution<double> noise_{0, 1};
};

}  // namespace d500::test
