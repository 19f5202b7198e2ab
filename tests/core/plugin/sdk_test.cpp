// The header-only SDK, exercised through the C table it generates, in-process (no dlopen): every
// exception becomes the documented status, and the typed helpers check what they promise.
#include <gtest/gtest.h>

#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "d500/sdk/plugin.h"

namespace {

using d500::sdk::Attributes;
using d500::sdk::Inputs;
using d500::sdk::Outputs;
using d500::sdk::TensorInfo;

// forward throws whatever attribute "throw" names.
class Thrower : public d500::sdk::Operator<Thrower> {
 public:
  Thrower(const Attributes& attrs, const std::vector<TensorInfo>&)
      : what_(attrs.get_string("throw", "")) {}
  std::vector<TensorInfo> outputs() const { return {}; }
  void forward(Inputs, Outputs) {
    if (what_ == "invalid") throw std::invalid_argument("bad shape");
    if (what_ == "range") throw std::out_of_range("index 9");
    if (what_ == "unsupported") throw d500::sdk::unsupported("no int8");
    if (what_ == "runtime") throw std::runtime_error("device lost");
    if (what_ == "bad_alloc") throw std::bad_alloc();
    if (what_ == "logic") throw std::logic_error("bug");
    if (what_ == "int") throw 42;
    if (what_ == "long") throw std::runtime_error(std::string(5000, 'x'));
  }

 private:
  std::string what_;
};

// Has backward and cost; outputs() reports more outputs than a small buffer holds.
class Full : public d500::sdk::Operator<Full> {
 public:
  Full(const Attributes&, const std::vector<TensorInfo>& in) : in_(in) {}
  std::vector<TensorInfo> outputs() const { return std::vector<TensorInfo>(3, in_.at(0)); }
  void forward(Inputs, Outputs) {}
  void backward(Inputs, Inputs, Inputs, Outputs) {}
  d500::sdk::Cost cost() const { return {10.0, 20.0}; }

 private:
  std::vector<TensorInfo> in_;
};

int32_t call_forward(const d500_operator& op, const std::string& what, d500_error& err) {
  d500_attr attr{};
  attr.name = "throw";
  attr.type = D500_ATTR_STRING;
  attr.s = what.c_str();
  void* inst = nullptr;
  EXPECT_EQ(op.create(&attr, 1, nullptr, 0, &inst, &err), D500_OK);
  int32_t status = op.forward(inst, nullptr, 0, nullptr, 0, &err);
  op.destroy(inst);
  return status;
}

TEST(Sdk, ExceptionsMapToStatusCodes) {
  const d500_operator op = Thrower::define({"Thrower", "test"});
  struct Case {
    const char* what;
    int32_t status;
    const char* message;
  } cases[] = {
      {"", D500_OK, ""},
      {"invalid", D500_ERR_INVALID_ARGUMENT, "bad shape"},
      {"range", D500_ERR_INVALID_ARGUMENT, "index 9"},
      {"unsupported", D500_ERR_UNSUPPORTED, "no int8"},
      {"runtime", D500_ERR_RUNTIME, "device lost"},
      {"bad_alloc", D500_ERR_RUNTIME, "out of memory"},
      {"logic", D500_ERR_INTERNAL, "bug"},
      {"int", D500_ERR_INTERNAL, "unknown exception (not derived from std::exception)"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    d500_error err{};
    EXPECT_EQ(call_forward(op, c.what, err), c.status);
    EXPECT_STREQ(err.message, c.message);
    if (c.status != D500_OK) {
      EXPECT_EQ(err.code, c.status);
    }
  }
}

TEST(Sdk, LongMessagesAreTruncatedAndTerminated) {
  const d500_operator op = Thrower::define({"Thrower", "test"});
  d500_error err{};
  std::memset(err.message, 'z', sizeof err.message);
  EXPECT_EQ(call_forward(op, "long", err), D500_ERR_RUNTIME);
  EXPECT_EQ(std::strlen(err.message), sizeof err.message - 1);
}

TEST(Sdk, TableDescribesTheClass) {
  const d500_operator thrower = Thrower::define({"Thrower", "test"});
  EXPECT_EQ(thrower.struct_size, sizeof(d500_operator));
  EXPECT_STREQ(thrower.op_type, "Thrower");
  EXPECT_STREQ(thrower.domain, "test");
  EXPECT_STREQ(thrower.variant, "default");
  EXPECT_EQ(thrower.device_type, kDLCPU);
  EXPECT_EQ(thrower.backward, nullptr);  // detected: Thrower has no backward()
  EXPECT_EQ(thrower.cost, nullptr);
  EXPECT_EQ(thrower.flags, D500_OP_DETERMINISTIC);
  const d500_operator full = Full::define({"Full", "", "fast", "desc", kDLCUDA, 0});
  EXPECT_NE(full.backward, nullptr);
  EXPECT_NE(full.cost, nullptr);
  EXPECT_EQ(full.flags, D500_OP_HAS_BACKWARD);
  EXPECT_STREQ(full.variant, "fast");
  EXPECT_EQ(full.device_type, kDLCUDA);
}

TEST(Sdk, OutputInfoReportsTheTrueCountBeyondTheBuffer) {
  const d500_operator op = Full::define({"Full"});
  d500_tensor_info in{};
  in.dtype = d500::sdk::dtype_of<double>();
  in.ndim = 2;
  in.shape[0] = 2;
  in.shape[1] = 5;
  void* inst = nullptr;
  d500_error err{};
  ASSERT_EQ(op.create(nullptr, 0, &in, 1, &inst, &err), D500_OK) << err.message;
  d500_tensor_info outs[2];
  size_t n = 0;
  ASSERT_EQ(op.output_info(inst, &n, outs, 2, &err), D500_OK);
  EXPECT_EQ(n, 3u);
  EXPECT_EQ(outs[1].shape[1], 5);
  double flops = 0, bytes = 0;
  ASSERT_EQ(op.cost(inst, &flops, &bytes, &err), D500_OK);
  EXPECT_EQ(flops, 10.0);
  EXPECT_EQ(bytes, 20.0);
  op.destroy(inst);
}

TEST(Sdk, CreateRejectsARankTheAbiCannotCarry) {
  const d500_operator op = Full::define({"Full"});
  d500_tensor_info in{};
  in.ndim = D500_MAX_DIMS + 1;
  void* inst = reinterpret_cast<void*>(1);
  d500_error err{};
  EXPECT_EQ(op.create(nullptr, 0, &in, 1, &inst, &err), D500_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(inst, nullptr);
  EXPECT_STREQ(err.message, "tensor rank 9 outside [0, 8]");
}

TEST(Sdk, AttributesWithDefaultsAndTypeChecks) {
  const int64_t ints[] = {1, 2, 3};
  const double floats[] = {0.5};
  d500_attr a[5] = {};
  a[0].name = "i", a[0].type = D500_ATTR_INT, a[0].i = 7;
  a[1].name = "f", a[1].type = D500_ATTR_FLOAT, a[1].f = 0.25;
  a[2].name = "s", a[2].type = D500_ATTR_STRING, a[2].s = "same";
  a[3].name = "is", a[3].type = D500_ATTR_INTS, a[3].ints = ints, a[3].count = 3;
  a[4].name = "fs", a[4].type = D500_ATTR_FLOATS, a[4].floats = floats, a[4].count = 1;
  Attributes attrs(a, 5);
  EXPECT_EQ(attrs.get_int("i", 0), 7);
  EXPECT_EQ(attrs.get_int("missing", -1), -1);
  EXPECT_EQ(attrs.get_float("f", 0), 0.25);
  EXPECT_EQ(attrs.get_float("i"), 7.0);  // int where a float is expected
  EXPECT_EQ(attrs.get_string("s"), "same");
  EXPECT_EQ(attrs.get_ints("is"), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(attrs.get_floats("fs"), (std::vector<double>{0.5}));
  EXPECT_EQ(attrs.get_floats("is"), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(attrs.get_ints("none", {4}), (std::vector<int64_t>{4}));
  EXPECT_TRUE(attrs.get_flag("missing", true));
  EXPECT_THROW(attrs.get_flag("i", false), std::invalid_argument);  // 7 is not 0 or 1
  EXPECT_THROW(attrs.get_int("f", 0), std::invalid_argument);
  EXPECT_THROW(attrs.get_string("missing"), std::invalid_argument);
  EXPECT_NO_THROW(attrs.expect_only({"i", "f", "s", "is", "fs"}));
  try {
    attrs.expect_only({"i"});
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown attribute 'f' (known: i)");
  }
  EXPECT_EQ(Attributes(nullptr, 3).size(), 0u);
}

TEST(Sdk, TypedViewsOfDlTensors) {
  double data[6] = {0, 1, 2, 3, 4, 5};
  int64_t shape[2] = {2, 3};
  DLTensor t{};
  t.data = data;
  t.device = {kDLCPU, 0};
  t.ndim = 2;
  t.dtype = d500::sdk::dtype_of<double>();
  t.shape = shape;
  Inputs in(&t, 1);
  auto v = in[0].as<double>();
  static_assert(std::is_same<decltype(v), d500::sdk::View<const double>>::value,
                "inputs are read-only");
  EXPECT_EQ(v.numel(), 6);
  EXPECT_EQ(v.dim(-1), 3);
  EXPECT_EQ(v(1, 2), 5.0);
  EXPECT_EQ(v[4], 4.0);
  EXPECT_EQ(in[0].info().str(), "float64[2, 3]");
  EXPECT_THROW(in[0].as<float>(), std::invalid_argument);
  EXPECT_THROW(in[1], std::invalid_argument);
  // byte_offset is honoured; compact strides are accepted, others refused.
  t.byte_offset = sizeof(double);
  EXPECT_EQ(in[0].as<double>()[0], 1.0);
  int64_t compact[2] = {3, 1}, transposed[2] = {1, 2};
  t.strides = compact;
  EXPECT_NO_THROW(in[0].as<double>());
  t.strides = transposed;
  EXPECT_THROW(in[0].as<double>(), std::invalid_argument);
}

TEST(Sdk, PluginTablePointsIntoItself) {
  static const auto def =
      d500::sdk::make_plugin(d500::sdk::PluginMeta("sdk_test", "9.9").describe("d").wraps("w"),
                             Thrower::define({"Thrower"}), Full::define({"Full"}));
  const d500_plugin_info* info = def.info();
  EXPECT_EQ(info->abi_version, D500_ABI_VERSION);
  EXPECT_EQ(info->struct_size, sizeof(d500_plugin_info));
  EXPECT_STREQ(info->name, "sdk_test");
  EXPECT_STREQ(info->wraps, "w");
  EXPECT_EQ(info->init, nullptr);
  ASSERT_EQ(info->n_operators, 2u);
  EXPECT_STREQ(info->operators[1]->op_type, "Full");
}

int init_runs = 0;
void init_ok() {
  ++init_runs;
}
void init_bad() {
  throw std::runtime_error("no licence");
}

TEST(Sdk, InitHooksRunGuarded) {
  d500_plugin_info ok = d500::sdk::PluginMeta("a", "1").on_init<init_ok>().to_c();
  d500_plugin_info bad = d500::sdk::PluginMeta("b", "1").on_init<init_bad>().to_c();
  d500_error err{};
  EXPECT_EQ(ok.init(&err), D500_OK);
  EXPECT_EQ(init_runs, 1);
  EXPECT_EQ(bad.init(&err), D500_ERR_RUNTIME);
  EXPECT_STREQ(err.message, "no licence");
}

}  // namespace
