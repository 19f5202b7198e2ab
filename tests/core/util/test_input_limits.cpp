// Guards issue 15 (hardening): sizes computed from input never wrap, and JSON input has limits
// (regular files only, nesting depth, errors with their JSON path).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>

#include "d500/json_input.h"
#include "d500/tensor.h"

using namespace d500;

TEST(ElementCount, ThrowsInsteadOfWrapping) {
  EXPECT_EQ(element_count({2, 3, 4}), 24);
  EXPECT_EQ(element_count({}), 1);
  EXPECT_EQ(element_count({5, 0, int64_t{1} << 62}), 0);
  // An empty tensor whose other dimensions alone would overflow (found by fuzz_tensor_proto).
  EXPECT_EQ(element_count({int64_t{1} << 62, int64_t{1} << 62, 0}), 0);
  EXPECT_THROW(element_count({int64_t{2147483648}, int64_t{2147483648}, 4}), D500Error);
  EXPECT_THROW(element_count({int64_t{1} << 62, 4}), D500Error);
  EXPECT_THROW(element_count({INT64_MAX, 2}), D500Error);
  EXPECT_THROW(element_count({3, -1}), D500Error);
}

TEST(ElementCount, BytesOverflowIsAnError) {
  EXPECT_EQ(checked_nbytes({4, 4}, DType::Float64), 128u);
  // 2^62 elements fit int64, but 2^62 * 8 bytes do not fit 64 bits.
  EXPECT_THROW(checked_nbytes({int64_t{1} << 62}, DType::Float64), D500Error);
}

TEST(Tensor, RefusesShapesThatWouldWrapOrExceedMemory) {
  // Relu on [2^62, 4] once "succeeded" on a tiny buffer: now the tensor itself is refused.
  EXPECT_THROW(Tensor(DType::Float32, {int64_t{1} << 62, 4}), D500Error);
  EXPECT_THROW(Tensor(DType::Float32, {1, int64_t{1} << 31, int64_t{1} << 31}), D500Error);
  // Larger than this machine's memory, though countable: refused before allocating.
  const int64_t too_many = static_cast<int64_t>(max_tensor_bytes() / 4) + 1024;
  try {
    Tensor t(DType::Float32, {too_many});
    FAIL() << "a tensor larger than memory was allocated";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("more than this machine's memory"), std::string::npos)
        << e.what();
  }
  Tensor ok(DType::Float32, {3, 5});
  EXPECT_EQ(ok.nbytes(), 60u);
}

namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("d500_limits_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

}  // namespace

TEST(JsonInput, RefusesDeepNestingBeforeParsing) {
  std::string deep(100000, '[');
  deep += std::string(100000, ']');
  auto r = parse_json(deep, "deep.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find("nested deeper than 256"), std::string::npos)
      << r.error().to_string();
  EXPECT_EQ(r.error().where, "deep.json");
  // Brackets in strings do not count, and ordinary depth parses.
  auto s = parse_json("{\"a\": \"" + std::string(1000, '[') + "\", \"b\": [[[1]]]}", "s.json");
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_EQ((*s)["b"][0][0][0], 1);
}

TEST(JsonInput, ParseErrorsSayWhere) {
  auto r = parse_json("{\"a\": 1,\n \"b\": }", "x.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("line 2"), std::string::npos) << r.error().message;
  EXPECT_EQ(r.error().message.find("[json.exception"), std::string::npos) << r.error().message;
}

TEST(JsonInput, ReadsOnlyRegularFiles) {
  const std::string fifo = temp_path("fifo");
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto r = read_json_file(fifo);  // would block for ever if it were opened like a file
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("FIFO"), std::string::npos) << r.error().message;
  ::unlink(fifo.c_str());

  auto dir = read_json_file(std::filesystem::temp_directory_path().string());
  ASSERT_FALSE(dir.ok());
  EXPECT_NE(dir.error().message.find("folder"), std::string::npos);
  auto missing = read_json_file(temp_path("missing.json"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("cannot open"), std::string::npos);

  const std::string big = temp_path("big.json");
  { std::ofstream(big) << "[" << std::string(100, ' ') << "]"; }
  auto capped = read_input_file(big, 50);
  ASSERT_FALSE(capped.ok());
  EXPECT_NE(capped.error().message.find("at most 50"), std::string::npos);
  EXPECT_TRUE(read_input_file(big, 1000).ok());
  ::unlink(big.c_str());
}

TEST(JsonInput, TypeErrorsNameTheJsonPath) {
  auto j = nlohmann::json::parse(R"({"launcher": {"ranks": "two"}, "list": [1, {"x": true}]})");
  try {
    (void)j["launcher"]["ranks"].get<int>();
    FAIL();
  } catch (const nlohmann::json::exception& e) {
    EXPECT_EQ(describe_json_error(e).rfind("$.launcher.ranks: ", 0), 0u) << describe_json_error(e);
  }
  try {
    (void)j["list"][1]["x"].get<std::string>();
    FAIL();
  } catch (const nlohmann::json::exception& e) {
    EXPECT_EQ(describe_json_error(e).rfind("$.list[1].x: ", 0), 0u) << describe_json_error(e);
  }
}
