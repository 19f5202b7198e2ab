// The reference's window functions, DFT and STFT, Det, Einsum, Unique, ReverseSequence, MaxUnpool
// and Shrink: small cases whose values follow by hand, including the run-time output shapes.
#include <gtest/gtest.h>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Runs through forward_owned where the operator has it (run-time shapes), as the executor does.
std::vector<Tensor> run(const Call& c) {
  return create(c)->run(input_views(c));
}

TEST(ReferenceSignal, WindowsAndTransforms) {
  Tensor four = make(DType::Int64, {}, {4}), three = make(DType::Int32, {}, {3});
  expect_values(run({"HannWindow", {&four}})[0], {4}, {0, 0.5, 1, 0.5}, 1e-7);
  expect_values(run({"HannWindow", {&three}, {{"periodic", int64_t{0}}}})[0], {3}, {0, 1, 0}, 1e-7);
  // Hamming 25/46 - 21/46 cos: 4/46 at the ends of a symmetric window, 1 in the middle.
  expect_values(run({"HammingWindow", {&three}, {{"periodic", int64_t{0}}}})[0], {3},
                {4.0 / 46, 1, 4.0 / 46}, 1e-7);
  // DFT of 1, 2, 3, 4: 10, -2 + 2i, -2, -2 - 2i; the inverse gives the signal back.
  Tensor x = make({1, 4, 1}, {1, 2, 3, 4});
  Tensor y = std::move(run({"DFT", {&x}})[0]);
  expect_values(y, {1, 4, 2}, {10, 0, -2, 2, -2, 0, -2, -2}, 1e-12);
  expect_values(run({"DFT", {&y}, {{"inverse", int64_t{1}}}})[0], {1, 4, 2},
                {1, 0, 2, 0, 3, 0, 4, 0}, 1e-12);
  expect_values(run({"DFT", {&x}, {{"onesided", int64_t{1}}}})[0], {1, 3, 2}, {10, 0, -2, 2, -2, 0},
                1e-12);
  // STFT: frames [1, 2], [3, 4] (length 2, step 2), each 1 + 2, 1 - 2 and 3 + 4, 3 - 4.
  Tensor step = make(DType::Int64, {}, {2}), len = make(DType::Int64, {}, {2});
  expect_values(run({"STFT", {&x, &step, nullptr, &len}})[0], {1, 2, 2, 2},
                {3, 0, -1, 0, 7, 0, -1, 0}, 1e-12);
  EXPECT_TRUE(has(create_error({"STFT", {&x, &step}}), "needs a window or a frame_length"));
}

TEST(ReferenceSignal, DetAndEinsum) {
  Tensor m = make({2, 2, 2}, {2, 1, 1, 3, 0, 1, 1, 0});  // det 5 and -1 (a row swap)
  expect_values(run({"Det", {&m}})[0], {2}, {5, -1}, 1e-12);
  Tensor a = make({2, 2}, {1, 2, 3, 4}), b = make({2, 1}, {1, 1});
  expect_values(run({"Einsum", {&a, &b}, {{"equation", std::string("ij,jk->ik")}}})[0], {2, 1},
                {3, 7});
  expect_values(run({"Einsum", {&a}, {{"equation", std::string("ii")}}})[0], {}, {5});  // trace
  expect_values(run({"Einsum", {&m}, {{"equation", std::string("...ii->...i")}}})[0], {2, 2},
                {2, 3, 0, 0});
  expect_values(run({"Einsum", {&a}, {{"equation", std::string("ij->ji")}}})[0], {2, 2},
                {1, 3, 2, 4});
  // Gradients against central differences: a product, a diagonal and a broadcast ellipsis.
  Tensor p = random(DType::Float64, {2, 3}, 1), q = random(DType::Float64, {3, 4}, 2);
  check_gradient({"Einsum", {&p, &q}, {{"equation", std::string("ij,jk->ik")}}});
  Tensor d = random(DType::Float64, {2, 3, 3}, 3), e = random(DType::Float64, {1, 3}, 4);
  check_gradient({"Einsum", {&d, &e}, {{"equation", std::string("...ii,...i->...i")}}});
  EXPECT_TRUE(has(create_error({"Einsum", {&a, &b}, {{"equation", std::string("ij->i")}}}),
                  "has 1 operands, 2 inputs given"));
}

TEST(ReferenceSignal, UniqueSortedAndInOrderOfAppearance) {
  Tensor x = make({4}, {2, 1, 2, 3});
  auto s = run({"Unique", {&x}});
  ASSERT_EQ(s.size(), 4u);
  expect_values(s[0], {3}, {1, 2, 3});
  expect_values(s[1], {3}, {1, 0, 3});     // first occurrences
  expect_values(s[2], {4}, {1, 0, 1, 2});  // where each element went
  expect_values(s[3], {3}, {1, 2, 1});
  auto u = run({"Unique", {&x}, {{"sorted", int64_t{0}}}});
  expect_values(u[0], {3}, {2, 1, 3});
  expect_values(u[3], {3}, {2, 1, 1});
  // Rows of a matrix: rows 0 and 2 are equal.
  Tensor r = make({3, 2}, {1, 0, 0, 1, 1, 0});
  auto rows = run({"Unique", {&r}, {{"axis", int64_t{0}}}});
  expect_values(rows[0], {2, 2}, {0, 1, 1, 0});
  expect_values(rows[2], {3}, {1, 0, 1});
}

TEST(ReferenceSignal, ReverseSequenceMaxUnpoolAndShrink) {
  // Time-major [time 3, batch 2]; batch 0 reversed over 3 steps, batch 1 over 1 (unchanged).
  Tensor x = make({3, 2}, {1, 10, 2, 20, 3, 30}), lens = make(DType::Int64, {2}, {3, 1});
  expect_values(run({"ReverseSequence", {&x, &lens}})[0], {3, 2}, {3, 10, 2, 20, 1, 30});
  Tensor bad = make(DType::Int64, {2}, {4, 1});
  EXPECT_THROW(run({"ReverseSequence", {&x, &bad}}), D500Error);
  // MaxUnpool 2x2 / stride 2 of a 1x1 map: the value goes to flat index 3 of the 2x2 output.
  Tensor v = make({1, 1, 1, 1}, {7}), idx = make(DType::Int64, {1, 1, 1, 1}, {3});
  std::vector<Attribute> pool = {{"kernel_shape", std::vector<int64_t>{2, 2}},
                                 {"strides", std::vector<int64_t>{2, 2}}};
  expect_values(run({"MaxUnpool", {&v, &idx}, pool})[0], {1, 1, 2, 2}, {0, 0, 0, 7});
  Tensor shape = make(DType::Int64, {4}, {1, 1, 3, 3});  // same coordinates (1, 1) in a 3x3
  expect_values(run({"MaxUnpool", {&v, &idx, &shape}, pool})[0], {1, 1, 3, 3},
                {0, 0, 0, 0, 7, 0, 0, 0, 0});
  Tensor s = make({4}, {-3, -1, 1, 3});
  expect_values(run({"Shrink", {&s}, {{"lambd", 2.0}, {"bias", 1.0}}})[0], {4}, {-2, 0, 0, 2});
}

}  // namespace
}  // namespace d500::test
