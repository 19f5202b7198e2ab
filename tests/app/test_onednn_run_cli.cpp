// Issue 18, items 1-3 of the oneDNN slice, through the runner into a store and back out with
// `d500 show`: a Winograd refusal of a strided convolution is "unsupported" with oneDNN's reason
// (the run succeeds), every onednn measurement carries the kernel oneDNN ran, and Conv's reorders
// to and from the ONNX layout are a quantity of their own ("<point> [reorder]"), beside the
// convolution's time rather than inside it.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../support/process.h"
#include "d500/store/result_store.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";

// One 3x3 convolution at stride 1 (Winograd's shape) and one at stride 2 (which it refuses),
// on oneDNN's direct and Winograd algorithms and the reference.
std::string conv_experiment(const TempDir& dir) {
  const nlohmann::json e = {
      {"d500", 1},
      {"name", "onednn-refusal"},
      {"level", "operator"},
      {"seed", 18},
      {"operator",
       {{"op", "Conv"},
        {"dtype", "float32"},
        {"inputs", {{1, 16, 14, 14}, {16, 16, 3, 3}}},
        {"attributes", {{"pads", {1, 1, 1, 1}}, {"strides", {"$s", "$s"}}}}}},
      {"sweep", {{"s", {1, 2}}}},
      {"implementations",
       {"reference", "onednn/convolution_direct", "onednn/convolution_winograd"}},
      {"baseline", "reference"},
      {"validate", {{"tolerance", 1e-3}}},
      {"repetition", {{"min_samples", 5}, {"max_samples", 30}, {"max_seconds", 0.2}}}};
  const std::string path = dir.file("conv.json");
  std::ofstream(path) << e.dump(2);
  return path;
}

}  // namespace

TEST(OnednnRunCli, RefusalIsUnsupportedKernelsAndReordersAreRecorded) {
  TempDir dir;
  const std::string db = dir.file("o.d500db");
  auto r = run({kD500, "run", conv_experiment(dir), "--db", db, "--progress=none"}, dir.path());
  // The refused point does not fail the run.
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
  const auto run_info = s->run(1);
  ASSERT_TRUE(run_info);
  EXPECT_EQ(run_info->status, d500::store::RunStatus::Succeeded);
  EXPECT_NE(run_info->status_reason.find("1 of"), std::string::npos) << run_info->status_reason;
  EXPECT_NE(run_info->status_reason.find("unsupported"), std::string::npos);

  std::map<std::string, const d500::store::MeasurementRow*> by;  // "impl s=N[ reorder]"
  const auto ms = s->measurements(1);
  for (const auto& m : ms) {
    const auto p = nlohmann::json::parse(m.point_json);
    const bool reorder = p.value("transfer", "") == "reorder";
    by[m.implementation + " s=" + std::to_string(p.at("s").get<int>()) +
       (reorder ? " reorder" : "")] = &m;
  }
  // Winograd at stride 2: unsupported, oneDNN's own words kept, no samples.
  ASSERT_TRUE(by.count("onednn/convolution_winograd s=2"));
  const auto& refused = *by["onednn/convolution_winograd s=2"];
  EXPECT_EQ(refused.stop_reason, "unsupported");
  EXPECT_EQ(refused.n, 0);
  EXPECT_NE(refused.error.find("oneDNN does not support this"), std::string::npos) << refused.error;
  EXPECT_NE(refused.error.find("strides [2, 2]"), std::string::npos) << refused.error;
  // Everything else measured; onednn's measurements name their kernel, the reference's none.
  for (const char* key : {"onednn/convolution_direct s=1", "onednn/convolution_direct s=2",
                          "onednn/convolution_winograd s=1", "reference/default s=1"}) {
    ASSERT_TRUE(by.count(key)) << key;
    EXPECT_TRUE(by[key]->error.empty()) << key << ": " << by[key]->error;
    EXPECT_GT(by[key]->n, 0) << key;
  }
  EXPECT_EQ(by["reference/default s=1"]->kernel, "");
  EXPECT_NE(by["onednn/convolution_winograd s=1"]->kernel.find("wino"), std::string::npos)
      << by["onednn/convolution_winograd s=1"]->kernel;
  EXPECT_NE(by["onednn/convolution_direct s=2"]->kernel.find(':'), std::string::npos)
      << by["onednn/convolution_direct s=2"]->kernel;
  // The reorders into the primitive's blocked layouts and back: sampled with the operator, bytes
  // moved stated, per call, and not the convolution's own time.
  ASSERT_TRUE(by.count("onednn/convolution_direct s=1 reorder"));
  const auto& reorder = *by["onednn/convolution_direct s=1 reorder"];
  EXPECT_EQ(reorder.subject, by["onednn/convolution_direct s=1"]->subject + " [reorder]");
  EXPECT_GT(reorder.n, 0);
  EXPECT_GT(reorder.median, 0);
  EXPECT_GT(reorder.bytes, 4.0 * 16 * 14 * 14);
  EXPECT_FALSE(by.count("reference/default s=1 reorder"));

  r = run({kD500, "show", "1", "--db", db}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("KERNEL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(by["onednn/convolution_winograd s=1"]->kernel), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unsupported: Conv s=2 [onednn/convolution_winograd]: "), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("\nerror: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[reorder]"), std::string::npos) << r.out;
}
