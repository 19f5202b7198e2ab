// Guards issue 15 (hardening): hostile inputs through the runner end in one clear error (what and
// where) with the documented exit code, never a crash, a hang, or a silent success. Each case is
// one class from the issue; every command runs under `timeout` so that a hang fails, not blocks.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "../support/process.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";

d500::test::ProcessResult run_d500(std::vector<std::string> args, const TempDir& dir) {
  args.insert(args.begin(), {"/usr/bin/timeout", "120", kD500});
  return run(args, dir.path());
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

std::string write(const TempDir& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir.file(name)) << text;
  return dir.file(name);
}

const char* kRelu = R"({"d500": 1, "name": "relu", "level": "operator",
  "operator": {"op": "Relu", "inputs": [["N", 4]]}, "implementations": ["reference"],
  "sweep": {"N": [8]}, "repetition": {"min_samples": 10, "max_samples": 20, "max_seconds": 0.2}})";

}  // namespace

TEST(HostileInput, ShapesWhoseElementCountOverflowsFailTheMeasurementNotTheProcess) {
  TempDir dir;
  std::string text = kRelu;
  text.replace(text.find("[8]"), 3, "[4611686018427387904]");  // [2^62, 4]
  auto r = run_d500({"run", write(dir, "e.json", text), "--db", dir.file("s.d500db")}, dir);
  EXPECT_EQ(r.signal, 0) << r.err;
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the run finished with a failed measurement
  EXPECT_TRUE(contains(r.err, "more than 2^63 elements")) << r.err;
  auto show = run_d500({"show", "latest", "--db", dir.file("s.d500db")}, dir);
  EXPECT_FALSE(contains(show.out, " ok")) << show.out;  // never "VALID ok" for it
  EXPECT_TRUE(contains(show.out, "failed")) << show.out;
}

TEST(HostileInput, DeepNestingAndNumbersThatAreNotWhatTheySeem) {
  TempDir dir;
  std::string deep =
      "{\"d500\": 1, \"x\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  auto r = run_d500({"run", write(dir, "deep.json", deep), "--db", dir.file("s.d500db")}, dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "deep.json")) << r.err;
  EXPECT_TRUE(contains(r.err, "nested deeper than")) << r.err;

  std::string wide = kRelu;
  wide.replace(wide.find("\"d500\": 1"), 9, "\"d500\": 4294967297");
  r = run_d500({"run", write(dir, "fmt.json", wide), "--db", dir.file("s.d500db")}, dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "fmt.json:$.d500")) << r.err;

  std::string huge = kRelu;
  huge.replace(huge.find("\"max_seconds\": 0.2"), 18, "\"max_seconds\": 1e999999");
  r = run_d500({"run", write(dir, "inf.json", huge), "--db", dir.file("s.d500db")}, dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "inf.json: not valid JSON: number overflow parsing '1e999999'"))
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("s.d500db")));  // bad input leaves no store
}

TEST(HostileInput, WrongTypesInALevelSectionNameFileAndPath) {
  TempDir dir;
  auto r = run_d500({"run", write(dir, "net.json", R"({"d500": 1, "name": "n", "level": "network",
    "network": {"model": {"builder": "mlp"}, "executors": ["reference"], "batch_sizes": [1],
                "latency": "yes"}})"),
                     "--db", dir.file("s.d500db")},
                    dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "net.json")) << r.err;
  EXPECT_TRUE(contains(r.err, "latency")) << r.err;
  EXPECT_FALSE(contains(r.err, "internal error")) << r.err;
}

TEST(HostileInput, AnUnboundedSweepIsRefusedBeforeAnythingRuns) {
  TempDir dir;
  std::string text = kRelu;
  std::string values = "[1,2,3,4,5,6,7,8,9,10]";
  std::string sweep = "\"sweep\": {\"N\": " + values;
  for (const char* v : {"A", "B", "C", "D", "E", "F", "G"})
    sweep += std::string(", \"") + v + "\": " + values;  // 10^8 points
  text.replace(text.find("\"sweep\": {\"N\": [8]"), 18, sweep);
  auto r = run_d500({"run", write(dir, "e.json", text), "--db", dir.file("s.d500db")}, dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "e.json:$.sweep")) << r.err;
  EXPECT_TRUE(contains(r.err, "100000000 points")) << r.err;
}

TEST(HostileInput, AnExperimentPathThatIsAFifoDoesNotBlock) {
  TempDir dir;
  ASSERT_EQ(::mkfifo(dir.file("fifo.json").c_str(), 0600), 0);
  auto r = run_d500({"run", dir.file("fifo.json"), "--db", dir.file("s.d500db")}, dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;  // 124 would be the timeout: it blocked
  EXPECT_TRUE(contains(r.err, "FIFO")) << r.err;
}

TEST(HostileInput, AModelWithAZeroStrideIsRefusedNamingTheNode) {
  TempDir dir;
  const std::string model =
      "/usr/share/libonnx-testdata/data/node/test_maxpool_2d_strides/model.onnx";
  if (!std::filesystem::exists(model)) GTEST_SKIP() << "libonnx-testdata is not installed";
  // Patch strides [3, 3] to [0, 0] in the serialized model: each value is field 8 (tag 0x40)
  // followed by its one-byte varint, right after the "strides" name.
  std::string bytes = d500::test::read_file(model);
  auto at = bytes.find(std::string("strides@\x03@\x03", 11));
  ASSERT_NE(at, std::string::npos);
  bytes[at + 8] = bytes[at + 10] = 0;
  std::filesystem::create_directories(dir.file("t"));
  std::ofstream(dir.file("t/model.onnx"), std::ios::binary) << bytes;
  auto r = run_d500({"validate-model", dir.file("t")}, dir);
  EXPECT_EQ(r.signal, 0) << r.err;
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.out + r.err, "node 0 (MaxPool): strides[0] is 0")) << r.out << r.err;
}

TEST(HostileInput, AnUnknownValidationReferenceIsAnErrorNotASilentSkip) {
  TempDir dir;
  std::string text = kRelu;
  text.replace(text.rfind('}'), 1, ", \"validate\": {\"reference\": \"nope\"}}");
  auto r = run_d500({"run", write(dir, "e.json", text), "--db", dir.file("s.d500db")}, dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "e.json:$.validate.reference")) << r.err;
  EXPECT_TRUE(contains(r.err, "nope")) << r.err;
}

TEST(HostileInput, AFullDiskIsAStoreErrorAndKeepsTheStore) {
  TempDir dir;
  const std::string disk = dir.file("disk");
  std::filesystem::create_directories(disk);
  if (::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=1024k") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
  const std::string db = disk + "/s.d500db";
  auto first = run_d500({"run", write(dir, "e.json", kRelu), "--db", db}, dir);
  EXPECT_EQ(first.exit_code, 0) << first.err;
  {  // fill what is left
    std::ofstream filler(disk + "/filler", std::ios::binary);
    std::string block(4096, 'x');
    while (filler.write(block.data(), static_cast<std::streamsize>(block.size()))) {
    }
  }
  auto full = run_d500({"run", dir.file("e.json"), "--db", db}, dir);
  EXPECT_EQ(full.exit_code, 4) << full.err;
  EXPECT_TRUE(contains(full.err, "full")) << full.err;
  std::filesystem::remove(disk + "/filler");
  auto runs = run_d500({"show", "1", "--db", db}, dir);
  EXPECT_EQ(runs.exit_code, 0) << runs.err;
  EXPECT_TRUE(contains(runs.out, "succeeded")) << runs.out;  // the first run is intact
  ::umount2(disk.c_str(), MNT_DETACH);
}
