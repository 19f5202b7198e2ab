// Shape and indexing operators (Slice, Expand, Tile, Pad, Split, Compress, Trilu, DepthToSpace,
// SpaceToDepth, Gather*, OneHot, Scatter*, Squeeze/Unsqueeze, Cast, EyeLike, TopK, ArgMax,
// CumSum): element order by hand, gradients against a central difference, inputs that must be
// constants, indices read at run time, and the errors of bad attributes.
#include <gtest/gtest.h>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

using Ints = std::vector<int64_t>;

Tensor iota(Shape shape, DType dtype = DType::Float64) {
  Tensor t(dtype, std::move(shape));
  for (int64_t i = 0; i < t.numel(); ++i) t.set(i, static_cast<double>(i));
  return t;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The status create() returns through the C ABI (no constants given).
int32_t create_status(const std::string& op, const std::vector<const Tensor*>& inputs) {
  std::vector<d500_tensor_info> in = infos(inputs);
  void* instance = nullptr;
  d500_error err{};
  const int32_t st =
      reference_impl(op).op->create(nullptr, 0, in.data(), in.size(), &instance, &err);
  if (instance) reference_impl(op).op->destroy(instance);
  return st;
}

TEST(ReferenceIndex, MovingOperatorsByHand) {
  Tensor x = iota({3, 4});
  Tensor st = ints({2}, {0, 3}), en = ints({2}, {3, 0}), ax = ints({2}, {0, 1}),
         sp = ints({2}, {2, -2});
  expect_values(forward_one({"Slice", {&x, &st, &en, &ax, &sp}, {}, {1, 2, 3, 4}}), {2, 2},
                {3, 1, 11, 9});
  Tensor c = iota({3, 1}), shape = ints({3}, {2, 1, 2});
  expect_values(forward_one({"Expand", {&c, &shape}, {}, {1}}), {2, 3, 2},
                {0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2});
  Tensor v = iota({2}), reps = ints({1}, {3});
  expect_values(forward_one({"Tile", {&v, &reps}, {}, {1}}), {6}, {0, 1, 0, 1, 0, 1});
  Tensor r = iota({3}), pads = ints({2}, {2, 1}), nine = make({}, {9});
  auto pad = [&](const char* mode) {
    return forward_one({"Pad", {&r, &pads}, {{"mode", std::string(mode)}}, {1}});
  };
  expect_values(pad("reflect"), {6}, {2, 1, 0, 1, 2, 1});
  expect_values(pad("edge"), {6}, {0, 0, 0, 1, 2, 2});
  expect_values(pad("wrap"), {6}, {1, 2, 0, 1, 2, 0});
  expect_values(forward_one({"Pad", {&r, &pads, &nine}, {}, {1}}), {6}, {9, 9, 0, 1, 2, 9});
  Tensor t = iota({3, 3}, DType::Int64), k = ints({}, {-1});
  expect_values(forward_one({"Trilu", {&t, &k}, {{"upper", int64_t{0}}}}), {3, 3},
                {0, 0, 0, 3, 0, 0, 6, 7, 0});  // k not constant: read at run time
  Tensor d = iota({1, 8, 1, 1});
  expect_values(forward_one({"DepthToSpace", {&d}, {{"blocksize", int64_t{2}}}}), {1, 2, 2, 2},
                {0, 2, 4, 6, 1, 3, 5, 7});
  expect_values(
      forward_one(
          {"DepthToSpace", {&d}, {{"blocksize", int64_t{2}}, {"mode", std::string("CRD")}}}),
      {1, 2, 2, 2}, {0, 1, 2, 3, 4, 5, 6, 7});
}

TEST(ReferenceIndex, GatherFollowsItsIndicesAtRunTime) {
  Tensor x = iota({3, 2}), idx = ints({2}, {2, -3});
  expect_values(forward_one({"Gather", {&x, &idx}}), {2, 2}, {4, 5, 0, 1});
  Tensor e = ints({2, 1}, {1, 0});
  expect_values(forward_one({"GatherElements", {&x, &e}, {{"axis", int64_t{1}}}}), {2, 1}, {1, 2});
  Tensor nd = ints({2, 2}, {2, 1, 0, 0});
  expect_values(forward_one({"GatherND", {&x, &nd}}), {2}, {5, 0});
  Tensor far = ints({1}, {3});
  EXPECT_TRUE(has(forward_error({"Gather", {&x, &far}}), "index 3 is outside [-3, 2]"));
  Tensor hot = ints({2}, {1, -1}), depth = make({}, {3}), vals = make({2}, {-1, 5});
  expect_values(forward_one({"OneHot", {&hot, &depth, &vals}, {}, {1}}), {2, 3},
                {-1, 5, -1, -1, -1, 5});
}

TEST(ReferenceIndex, GradientsOfTheMovingOperators) {
  Tensor x = random(DType::Float64, {3, 4}, 1), x4 = random(DType::Float64, {1, 8, 2, 2}, 2);
  Tensor st = ints({1}, {-1}), en = ints({1}, {-5}), ax = ints({1}, {1}), sp = ints({1}, {-2});
  check_gradient({"Slice", {&x, &st, &en, &ax, &sp}, {}, {1, 2, 3, 4}});
  Tensor shape = ints({3}, {2, 3, 4}), reps = ints({2}, {2, 3});
  check_gradient({"Expand", {&x, &shape}, {}, {1}});
  check_gradient({"Tile", {&x, &reps}, {}, {1}});
  check_float32({"Tile", {&x, &reps}, {}, {1}});
  Tensor pads = ints({4}, {1, 3, 2, 0}), value = make({}, {0.5});
  for (const char* mode : {"reflect", "edge", "wrap"})
    check_gradient({"Pad", {&x, &pads}, {{"mode", std::string(mode)}}, {1}});
  check_gradient({"Pad", {&x, &pads, &value}, {}, {1}});  // the value's gradient too
  Tensor split = ints({2}, {1, 3});
  check_gradient({"Split", {&x, &split}, {{"axis", int64_t{1}}}, {1}});
  Tensor cond = make(DType::Bool, {3}, {1, 0, 1});
  check_gradient({"Compress", {&x, &cond}, {{"axis", int64_t{0}}}, {1}});
  check_gradient({"Trilu", {&x}});
  check_gradient({"DepthToSpace", {&x4}, {{"blocksize", int64_t{2}}}});
  check_gradient({"SpaceToDepth", {&x4}, {{"blocksize", int64_t{2}}}});
  Tensor idx = ints({2, 2}, {0, 2, 2, 1}), e = ints({2, 4}, {0, 1, 2, 0, 2, 2, 1, 0});
  check_gradient({"Gather", {&x, &idx}});  // index 2 twice: gradients add
  check_gradient({"GatherElements", {&x, &e}});
  Tensor nd = ints({2, 1}, {2, 0});
  check_gradient({"GatherND", {&x, &nd}});
  Tensor hot = ints({3}, {0, 2, 1}), depth = ints({}, {4}), vals = make({2}, {0.25, 2});
  check_gradient({"OneHot", {&hot, &depth, &vals}, {}, {1}});
  Tensor axes = ints({1}, {0});
  Tensor s = random(DType::Float64, {1, 3}, 3);
  check_gradient({"Squeeze", {&s, &axes}, {}, {1}});
  check_gradient({"Unsqueeze", {&x, &axes}, {}, {1}});
  check_gradient({"Cast", {&x}, {{"to", int64_t{11}}}});
}

TEST(ReferenceIndex, ScatterTopKCumSum) {
  Tensor data = random(DType::Float64, {3, 3}, 4), upd = random(DType::Float64, {2, 3}, 5);
  Tensor idx = ints({2, 3}, {1, 0, 2, 0, 2, 1});
  for (const char* red : {"none", "add"}) {
    check_gradient({"ScatterElements", {&data, &idx, &upd}, {{"reduction", std::string(red)}}});
    Tensor rows = ints({2, 1}, {2, 0});
    check_gradient({"ScatterND", {&data, &rows, &upd}, {{"reduction", std::string(red)}}});
  }
  Tensor z = iota({2, 2}), one = ints({1, 1}, {1}), u = make({1, 1}, {10});
  expect_values(
      forward_one({"ScatterElements", {&z, &one, &u}, {{"reduction", std::string("mul")}}}), {2, 2},
      {0, 1, 20, 3});
  Tensor v = make({5}, {3, 1, 3, 0, 2}), k = ints({1}, {3});
  auto top = forward_all({"TopK", {&v, &k}, {}, {1}});
  expect_values(top[0], {3}, {3, 3, 2});
  expect_values(top[1], {3}, {0, 2, 4});  // ties by the lower index
  Tensor x = random(DType::Float64, {3, 5}, 6);
  check_gradient({"TopK", {&x, &k}, {{"largest", int64_t{0}}}, {1}});
  expect_values(forward_one({"ArgMax", {&v}, {{"select_last_index", int64_t{1}}}}), {1}, {2});
  Tensor axis = ints({}, {1});
  expect_values(forward_one({"CumSum", {&z, &axis}, {{"exclusive", int64_t{1}}}}), {2, 2},
                {0, 0, 0, 2});
  check_gradient({"CumSum", {&x, &axis}, {{"reverse", int64_t{1}}}});
  check_float32({"CumSum", {&x, &axis}});
}

TEST(ReferenceIndex, ShapeInputsMustBeConstants) {
  Tensor x = iota({2, 3}), i1 = ints({1}, {1}), i2 = ints({2}, {1, 1}),
         p4 = ints({4}, {0, 0, 0, 0});
  Tensor cond = make(DType::Bool, {2}, {1, 0});
  const struct {
    const char* op;
    std::vector<const Tensor*> inputs;
    const char* input;
  } cases[] = {{"Slice", {&x, &i1, &i1}, "input 1 (starts)"},
               {"Expand", {&x, &i2}, "input 1 (shape)"},
               {"Tile", {&x, &i2}, "input 1 (repeats)"},
               {"Pad", {&x, &p4}, "input 1 (pads)"},
               {"Compress", {&x, &cond}, "input 1 (condition)"},
               {"Unsqueeze", {&x, &i1}, "input 1 (axes)"},
               {"TopK", {&x, &i1}, "input 1 (K)"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.op);
    const std::string e = create_error({c.op, c.inputs});
    EXPECT_TRUE(has(e, std::string(c.input) + " must be a constant")) << e;
    EXPECT_EQ(create_status(c.op, c.inputs), D500_ERR_UNSUPPORTED);
  }
}

TEST(ReferenceIndex, BadAttributesAreNamed) {
  Tensor x = iota({2, 3}), neg = ints({2}, {1, -2}), idx = ints({1}, {0});
  EXPECT_TRUE(has(create_error({"Tile", {&x, &neg}, {}, {1}}), "repeats[1] = -2 is negative"));
  EXPECT_TRUE(has(create_error({"Gather", {&x, &idx}, {{"axis", int64_t{2}}}}),
                  "axis 2 is outside [-2, 1] for a rank-2 input"));
  Tensor s0 = ints({1}, {0}), e1 = ints({1}, {1}), a0 = ints({1}, {0}), zero = ints({1}, {0});
  EXPECT_TRUE(has(create_error({"Slice", {&x, &s0, &e1, &a0, &zero}, {}, {1, 2, 3, 4}}),
                  "steps must not be 0"));
  Tensor pads = ints({4}, {0, 0, 0, 0});
  EXPECT_TRUE(has(create_error({"Pad", {&x, &pads}, {{"mode", std::string("mirror")}}, {1}}),
                  "mode 'mirror' is not constant, reflect, edge or wrap"));
  Tensor d = iota({1, 3, 2, 2});
  EXPECT_TRUE(has(create_error({"DepthToSpace", {&d}, {{"blocksize", int64_t{2}}}}),
                  "blocksize 2 does not divide"));
  Tensor parts = ints({2}, {1, 1});
  EXPECT_TRUE(has(create_error({"Split", {&x, &parts}, {{"axis", int64_t{1}}}, {1}}),
                  "split [1, 1] sums to 2, axis 1 has 3"));
  EXPECT_TRUE(has(create_error({"Split", {&x}}), "the plugin ABI does not pass the node's number"));
  EXPECT_TRUE(has(create_error({"Cast", {&x}, {{"to", int64_t{16}}}}),
                  "ONNX element type 16 is not one d500 tensors hold"));
  Tensor k = ints({1}, {4});
  EXPECT_TRUE(has(create_error({"TopK", {&x, &k}, {}, {1}}), "K = 4 is outside [0, 3]"));
  Tensor big = make({1}, {1e300});
  EXPECT_TRUE(has(forward_error({"Cast", {&big}, {{"to", int64_t{6}}}}),
                  "outside the target type's range"));
}

}  // namespace
}  // namespace d500::test
