// RNN, GRU and LSTM on the reference plugin: small cases whose values follow by hand from the
// ONNX equations (identity and zero weights), every direction, sequence_lens, layout 1, and the
// messages for bad attributes and shapes.
#include <gtest/gtest.h>

#include <cmath>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

using Strings = std::vector<std::string>;

// hidden 2, input 2: W = R = identity, Wb = 1, Rb = 0, activation Relu, so
// h_t = relu(x_t + h_{t-1} + 1): a running sum of the inputs plus the step count.
struct IdentityRnn {
  Tensor x = make({3, 1, 2}, {1, 2, 3, -4, -10, 1});  // seq 3, batch 1
  Tensor w = make({1, 2, 2}, {1, 0, 0, 1});
  Tensor r = make({1, 2, 2}, {1, 0, 0, 1});
  Tensor b = make({1, 4}, {1, 1, 0, 0});
  std::vector<Attribute> attrs = {{"hidden_size", int64_t{2}}, {"activations", Strings{"Relu"}}};
};

TEST(ReferenceRecurrent, RnnWithIdentityWeightsIsARunningSum) {
  IdentityRnn c;
  auto out = forward_all({"RNN", {&c.x, &c.w, &c.r, &c.b}, c.attrs});
  ASSERT_EQ(out.size(), 2u);
  // h1 = (1+1, 2+1) = (2, 3); h2 = (3+2+1, -4+3+1) = (6, 0); h3 = (-10+6+1 -> 0, 1+0+1) = (0, 2).
  expect_values(out[0], {3, 1, 1, 2}, {2, 3, 6, 0, 0, 2});
  expect_values(out[1], {1, 1, 2}, {0, 2});
  // Reversed, the sequence runs from the last step: h3' = (0, 2), h2' = relu(4, -1) = (4, 0),
  // h1' = (1+4+1, 2+0+1) = (6, 3).
  auto attrs = c.attrs;
  attrs.push_back({"direction", std::string("reverse")});
  auto rev = forward_all({"RNN", {&c.x, &c.w, &c.r, &c.b}, attrs});
  expect_values(rev[0], {3, 1, 1, 2}, {6, 3, 4, 0, 0, 2});
  expect_values(rev[1], {1, 1, 2}, {6, 3});
}

TEST(ReferenceRecurrent, BidirectionalRnnWithSequenceLengthsAndLayout1) {
  // Two batch entries; the second is 1 step long. Both directions have the identity weights.
  Tensor x = make({2, 2, 1}, {1, 2, 3, 4});  // layout 0: [seq, batch, input]
  Tensor w = make({2, 1, 1}, {1, 1}), r = make({2, 1, 1}, {1, 1});
  Tensor lens = make(DType::Int32, {2}, {2, 1});
  Tensor h0 = make({2, 2, 1}, {10, 20, 30, 40});  // [dirs, batch, hidden]
  std::vector<Attribute> attrs = {{"hidden_size", int64_t{1}},
                                  {"direction", std::string("bidirectional")},
                                  {"activations", Strings{"Affine", "Affine"}}};
  auto out = forward_all({"RNN", {&x, &w, &r, nullptr, &lens, &h0}, attrs});
  // Batch 0 (x = 1, 3): forward 10+1 = 11, 11+3 = 14; reverse 30+3 = 33, 33+1 = 34 at t 0.
  // Batch 1 (x = 2, length 1): forward 20+2 = 22; reverse 40+2 = 42; step 1 padded with zeros.
  expect_values(out[0], {2, 2, 2, 1}, {11, 22, 34, 42, 14, 0, 33, 0});
  expect_values(out[1], {2, 2, 1}, {14, 22, 34, 42});
  // The same in layout 1 (batch first): X, initial_h, Y and Y_h transposed.
  Tensor xb = make({2, 2, 1}, {1, 3, 2, 4}), h0b = make({2, 2, 1}, {10, 30, 20, 40});
  attrs.push_back({"layout", int64_t{1}});
  auto outb = forward_all({"RNN", {&xb, &w, &r, nullptr, &lens, &h0b}, attrs});
  expect_values(outb[0], {2, 2, 2, 1}, {11, 34, 14, 33, 22, 42, 0, 0});
  expect_values(outb[1], {2, 2, 1}, {14, 34, 22, 42});
}

TEST(ReferenceRecurrent, ZeroWeightGruAndLstmHalveTheirState) {
  // All weights zero: every sigmoid gate is 1/2 and every tanh candidate is 0.
  Tensor x = make({2, 1, 1}, {5, -7});
  Tensor w3 = make({1, 3, 1}, {0, 0, 0}), r3 = make({1, 3, 1}, {0, 0, 0});
  Tensor h0 = make({1, 1, 1}, {2});
  // GRU: H_t = (1 - z) * 0 + z * H_{t-1} = H_{t-1} / 2.
  auto gru =
      forward_all({"GRU", {&x, &w3, &r3, nullptr, nullptr, &h0}, {{"hidden_size", int64_t{1}}}});
  expect_values(gru[0], {2, 1, 1, 1}, {1, 0.5});
  expect_values(gru[1], {1, 1, 1}, {0.5});
  // LSTM: C_t = C_{t-1} / 2 + 0, H_t = tanh(C_t) / 2; initial_c 1.
  Tensor w4 = make({1, 4, 1}, {0, 0, 0, 0}), r4 = make({1, 4, 1}, {0, 0, 0, 0});
  Tensor c0 = make({1, 1, 1}, {1});
  auto lstm = forward_all({"LSTM", {&x, &w4, &r4, nullptr, nullptr, &h0, &c0}});
  ASSERT_EQ(lstm.size(), 3u);
  expect_values(lstm[0], {2, 1, 1, 1}, {std::tanh(0.5) / 2, std::tanh(0.25) / 2}, 1e-12);
  expect_values(lstm[1], {1, 1, 1}, {std::tanh(0.25) / 2}, 1e-12);
  expect_values(lstm[2], {1, 1, 1}, {0.25}, 1e-12);
  // input_forget couples f = 1 - i: an input-gate bias of log 3 makes i = 3/4, so f = 1/4 and
  // C_t = C_{t-1} / 4 (without input_forget f stays 1/2).
  Tensor b = make({1, 8}, {std::log(3.0), 0, 0, 0, 0, 0, 0, 0});
  auto coupled =
      forward_all({"LSTM", {&x, &w4, &r4, &b, nullptr, &h0, &c0}, {{"input_forget", int64_t{1}}}});
  expect_values(coupled[2], {1, 1, 1}, {1.0 / 16}, 1e-12);
}

TEST(ReferenceRecurrent, GruLinearBeforeResetChangesWhereTheResetApplies) {
  // hidden 1, R's h row 1, Rb's h entry 1, z bias -inf-like (z = 0), r bias 0 (r = 1/2), x = 0.
  // linear_before_reset 0: cand = tanh(Rh (r h) + Rbh) = tanh(0.5 h0 + 1);
  // linear_before_reset 1: cand = tanh(r (Rh h + Rbh)) = tanh(0.5 (h0 + 1)).
  Tensor x = make({1, 1, 1}, {0});
  Tensor w = make({1, 3, 1}, {0, 0, 0}), r = make({1, 3, 1}, {0, 0, 1});
  Tensor b = make({1, 6}, {-100, 0, 0, 0, 0, 1});
  Tensor h0 = make({1, 1, 1}, {2});
  auto a = forward_all({"GRU", {&x, &w, &r, &b, nullptr, &h0}});
  expect_values(a[1], {1, 1, 1}, {std::tanh(2.0)}, 1e-12);
  auto l =
      forward_all({"GRU", {&x, &w, &r, &b, nullptr, &h0}, {{"linear_before_reset", int64_t{1}}}});
  expect_values(l[1], {1, 1, 1}, {std::tanh(1.5)}, 1e-12);
}

TEST(ReferenceRecurrent, Float32MatchesFloat64) {
  // A clipped bidirectional LSTM with peepholes, in float32 and on the same values in float64.
  std::vector<Tensor> in64, in32;
  for (auto [shape, seed] : std::vector<std::pair<Shape, uint64_t>>{
           {{4, 2, 3}, 1}, {{2, 16, 3}, 2}, {{2, 16, 4}, 3}, {{2, 32}, 4}, {{2, 12}, 5}}) {
    in32.push_back(convert(random(DType::Float64, shape, seed), DType::Float32));
    in64.push_back(convert(in32.back(), DType::Float64));
  }
  std::vector<Attribute> attrs = {{"direction", std::string("bidirectional")}, {"clip", 0.8}};
  auto call = [&](std::vector<Tensor>& t) {
    return forward_all(
        {"LSTM", {&t[0], &t[1], &t[2], &t[3], nullptr, nullptr, nullptr, &t[4]}, attrs});
  };
  auto y32 = call(in32), y64 = call(in64);
  ASSERT_EQ(y32.size(), 3u);
  for (size_t k = 0; k < 3; ++k) {
    ASSERT_EQ(y32[k].dtype(), DType::Float32);
    ASSERT_EQ(y32[k].shape(), y64[k].shape());
    for (int64_t i = 0; i < y64[k].numel(); ++i) EXPECT_NEAR(y32[k].at(i), y64[k].at(i), 1e-6);
  }
}

TEST(ReferenceRecurrent, RnnGradientsMatchCentralDifferences) {
  // Every input gradient (X, W, R, B, initial_h) through time, both directions, a shorter
  // sequence in the batch, clip and a non-default activation; then layout 1 with Tanh.
  Tensor x = random(DType::Float64, {4, 2, 3}, 1), w = random(DType::Float64, {2, 3, 3}, 2);
  Tensor r = random(DType::Float64, {2, 3, 3}, 3), b = random(DType::Float64, {2, 6}, 4);
  Tensor h0 = random(DType::Float64, {2, 2, 3}, 5), lens = make(DType::Int32, {2}, {4, 2});
  check_gradient({"RNN",
                  {&x, &w, &r, &b, &lens, &h0},
                  {{"direction", std::string("bidirectional")},
                   {"activations", Strings{"Softsign", "Tanh"}},
                   {"clip", 0.9}}});
  Tensor xb = random(DType::Float64, {2, 4, 3}, 6), w1 = random(DType::Float64, {1, 3, 3}, 7);
  Tensor r1 = random(DType::Float64, {1, 3, 3}, 8), h1 = random(DType::Float64, {2, 1, 3}, 9);
  check_gradient({"RNN",
                  {&xb, &w1, &r1, nullptr, nullptr, &h1},
                  {{"layout", int64_t{1}}, {"direction", std::string("reverse")}}});
}

TEST(ReferenceRecurrent, LstmGradientsMatchCentralDifferences) {
  // X, W, R, B, initial_h, initial_c and the peepholes, both directions, a short sequence;
  // then input_forget with clip in layout 1.
  Tensor x = random(DType::Float64, {3, 2, 2}, 11), w = random(DType::Float64, {2, 12, 2}, 12);
  Tensor r = random(DType::Float64, {2, 12, 3}, 13), b = random(DType::Float64, {2, 24}, 14);
  Tensor lens = make(DType::Int32, {2}, {3, 1}), h0 = random(DType::Float64, {2, 2, 3}, 15);
  Tensor c0 = random(DType::Float64, {2, 2, 3}, 16), p = random(DType::Float64, {2, 9}, 17);
  check_gradient({"LSTM",
                  {&x, &w, &r, &b, &lens, &h0, &c0, &p},
                  {{"direction", std::string("bidirectional")}}});
  Tensor xb = random(DType::Float64, {2, 3, 2}, 18), w1 = random(DType::Float64, {1, 12, 2}, 19);
  Tensor r1 = random(DType::Float64, {1, 12, 3}, 20), p1 = random(DType::Float64, {1, 9}, 21);
  check_gradient({"LSTM",
                  {&xb, &w1, &r1, nullptr, nullptr, nullptr, nullptr, &p1},
                  {{"layout", int64_t{1}}, {"input_forget", int64_t{1}}, {"clip", 0.7}}});
}

TEST(ReferenceRecurrent, GruGradientsMatchCentralDifferences) {
  // Both places of the reset gate, both directions, a short sequence, initial_h.
  Tensor x = random(DType::Float64, {3, 2, 2}, 31), w = random(DType::Float64, {2, 9, 2}, 32);
  Tensor r = random(DType::Float64, {2, 9, 3}, 33), b = random(DType::Float64, {2, 18}, 34);
  Tensor lens = make(DType::Int32, {2}, {3, 2}), h0 = random(DType::Float64, {2, 2, 3}, 35);
  for (int64_t lbr : {0, 1})
    check_gradient({"GRU",
                    {&x, &w, &r, &b, &lens, &h0},
                    {{"direction", std::string("bidirectional")}, {"linear_before_reset", lbr}}});
}

TEST(ReferenceRecurrent, BadAttributesAndShapesAreNamed) {
  IdentityRnn c;
  auto with = [&](Attribute a) {
    auto attrs = c.attrs;
    attrs.push_back(std::move(a));
    return create_error({"RNN", {&c.x, &c.w, &c.r, &c.b}, attrs});
  };
  EXPECT_TRUE(has(with({"direction", std::string("sideways")}), "direction 'sideways'"));
  EXPECT_TRUE(has(with({"layout", int64_t{2}}), "layout must be 0 or 1"));
  EXPECT_TRUE(has(with({"linear_before_reset", int64_t{1}}), "is a GRU attribute"));
  EXPECT_TRUE(has(create_error({"RNN", {&c.x, &c.w, &c.r}, {{"activations", Strings{"Swish"}}}}),
                  "activation 'Swish'"));
  EXPECT_TRUE(
      has(create_error({"RNN", {&c.x, &c.w, &c.r}, {{"direction", std::string("bidirectional")}}}),
          "W must have shape [2, 2, 2]"));
  Tensor lens = make(DType::Int32, {2}, {1, 1});
  EXPECT_TRUE(has(create_error({"RNN", {&c.x, &c.w, &c.r, &c.b, &lens}, c.attrs}),
                  "sequence_lens must have shape [1]"));
  EXPECT_TRUE(has(create_error({"GRU", {&c.x, &c.w, &c.r}}), "W must have shape [1, 6, 2]"));
}

}  // namespace
}  // namespace d500::test
