// The onednn plugin (issue 18) as the host sees it: it loads with oneDNN's version and ISA, lists
// its Conv algorithms as variants, and its convolutions (direct, auto, Winograd) agree with the
// reference plugin forward and backward on real layer shapes, or, for Winograd where oneDNN has no
// kernel, are refused with oneDNN's reason. Every test skips, saying why, when the plugin is not
// built (no libdnnl-dev). Tolerances (relative L2 against the float64 reference): direct and
// auto 1e-5 forward, 1e-4 backward; Winograd 1e-3 (its transforms round).
#include <cstdio>
#include <set>

#include "onednn_harness.h"

namespace d500::test {
namespace {

using plugin::Attribute;

Attribute ints(const char* name, std::vector<int64_t> v) {
  return {name, std::move(v)};
}

struct ConvShape {
  const char* name;
  Shape x, w;
  std::vector<Attribute> attrs;
  bool winograd_shape;  // 2-D 3x3, stride 1, no dilation: where Winograd can apply
};

const std::vector<ConvShape>& conv_shapes() {
  static const std::vector<ConvShape> shapes = {
      {"LeNet conv1", {2, 1, 28, 28}, {6, 1, 5, 5}, {ints("pads", {2, 2, 2, 2})}, false},
      {"LeNet conv2", {2, 6, 14, 14}, {16, 6, 5, 5}, {}, false},
      {"ResNet 3x3", {2, 64, 14, 14}, {64, 64, 3, 3}, {ints("pads", {1, 1, 1, 1})}, true},
      {"3x3 no pads", {1, 16, 12, 12}, {32, 16, 3, 3}, {}, true},
      {"stride 2", {2, 8, 15, 15}, {16, 8, 3, 3}, {ints("strides", {2, 2})}, false},
      {"grouped",
       {1, 8, 10, 10},
       {8, 4, 3, 3},
       {Attribute{"group", int64_t{2}}, ints("pads", {1, 1, 1, 1})},
       false},
      {"1x1", {2, 16, 9, 9}, {8, 16, 1, 1}, {}, false},
      {"dilated, asymmetric pads",
       {1, 4, 12, 12},
       {8, 4, 3, 3},
       {ints("dilations", {2, 2}), ints("pads", {1, 0, 2, 1})},
       false},
      {"1-D", {2, 4, 20}, {8, 4, 3}, {ints("pads", {1, 1})}, false},
      {"3-D", {1, 2, 6, 6, 6}, {4, 2, 3, 3, 3}, {ints("pads", {1, 1, 1, 1, 1, 1})}, false}};
  return shapes;
}

OnednnTally run_conv(const std::string& variant, double tol_forward, double tol_backward) {
  OnednnTally tally;
  for (size_t s = 0; s < conv_shapes().size(); ++s) {
    const ConvShape& shape = conv_shapes()[s];
    SCOPED_TRACE(shape.name);
    OnednnCase c{"Conv",      variant,     {shape.x, shape.w, {shape.w[0]}},
                 shape.attrs, tol_forward, tol_backward};
    check_case(c, 10 * s, tally);
  }
  tally.print("Conv onednn/" + variant);
  return tally;
}

TEST(OnednnPlugin, LoadsWithOneDnnVersionAndIsa) {
  D500_REQUIRE_ONEDNN();
  const plugin::PluginRecord* rec = onednn_plugins().manager->find("onednn");
  EXPECT_EQ(rec->wraps.rfind("oneDNN 2.", 0), 0u) << rec->wraps;
  EXPECT_NE(rec->wraps.find("CPU ISA "), std::string::npos) << rec->wraps;
  EXPECT_NE(rec->description.find("oneDNN"), std::string::npos) << rec->description;
}

TEST(OnednnPlugin, OffersTheConvolutionAlgorithmsAsVariants) {
  D500_REQUIRE_ONEDNN();
  std::set<std::string> variants, lowp;
  for (const auto* impl : onednn_ops().find("Conv", ""))
    if (impl->plugin == "onednn") {
      const std::string v = impl->variant();
      if (v.ends_with("_bf16") || v.ends_with("_int8")) {  // forward-only (onednn_lowp_test)
        lowp.insert(v);
        continue;
      }
      variants.insert(v);
      EXPECT_TRUE(impl->has_backward()) << impl->id();
      EXPECT_EQ(impl->device_type(), kDLCPU) << impl->id();
      // Each description names the kernel oneDNN picks for a typical layer on this machine.
      EXPECT_NE(std::string(impl->op->description).find("kernel for a 3x3 layer"),
                std::string::npos)
          << impl->op->description;
    }
  EXPECT_EQ(variants, (std::set<std::string>{"convolution_auto", "convolution_direct",
                                             "convolution_winograd"}));
  EXPECT_TRUE(lowp.count("convolution_direct_int8"));
}

TEST(OnednnConv, DirectMatchesTheReferenceForwardAndBackward) {
  D500_REQUIRE_ONEDNN();
  const OnednnTally t = run_conv("convolution_direct", 1e-5, 1e-4);
  EXPECT_EQ(t.ran, conv_shapes().size()) << "direct runs every shape";
}

TEST(OnednnConv, AutoMatchesTheReferenceForwardAndBackward) {
  D500_REQUIRE_ONEDNN();
  // auto may pick Winograd for the 3x3 layers: its tolerance then applies.
  const OnednnTally t = run_conv("convolution_auto", 1e-3, 1e-3);
  EXPECT_EQ(t.ran, conv_shapes().size()) << "auto runs every shape";
}

// Winograd runs where oneDNN has a kernel for the shape and CPU and is refused with oneDNN's
// reason elsewhere; never on a shape Winograd cannot compute (strides, 5x5, 1x1, dilation, 1-D).
TEST(OnednnConv, WinogradRunsWithinItsToleranceOrIsRefusedWithTheReason) {
  D500_REQUIRE_ONEDNN();
  const OnednnTally t = run_conv("convolution_winograd", 1e-3, 1e-3);
  EXPECT_EQ(t.broken, 0u);
  size_t non_winograd = 0;
  for (const ConvShape& s : conv_shapes()) non_winograd += !s.winograd_shape;
  EXPECT_GE(t.refused.size(), non_winograd);
  for (const std::string& r : t.refused) {
    EXPECT_NE(r.find("convolution_winograd"), std::string::npos) << r;
    EXPECT_NE(r.find("CPU ISA"), std::string::npos) << r;
  }
}

// A raw Conv instance of `variant` for the ResNet 3x3 layer (pads 1), made through the C table so
// that its pointer can be handed to d500_onednn_kernel(); nullptr when oneDNN refuses it.
void* resnet_conv(const plugin::OperatorImpl& impl, std::string& error) {
  std::vector<d500_tensor_info> in = {plugin::tensor_info(DType::Float32, {2, 64, 14, 14}),
                                      plugin::tensor_info(DType::Float32, {64, 64, 3, 3})};
  static const int64_t pads[] = {1, 1, 1, 1};
  d500_attr attr{};
  attr.name = "pads";
  attr.type = D500_ATTR_INTS;
  attr.ints = pads;
  attr.count = 4;
  void* instance = nullptr;
  d500_error err{};
  if (impl.op->create(&attr, 1, in.data(), in.size(), &instance, &err) != D500_OK) {
    error = err.message;
    return nullptr;
  }
  return instance;
}

// The kernel an instance runs, with its layouts, through the plugin's own symbol; forgotten with
// the instance. Winograd, where oneDNN has it for this layer, names its algorithm too.
TEST(OnednnConv, ReportsTheKernelAndReordersOfAnInstance) {
  D500_REQUIRE_ONEDNN();
  for (const std::string variant : {"convolution_direct", "convolution_winograd"}) {
    SCOPED_TRACE(variant);
    const auto* impl = onednn_ops().find_impl("Conv", "", "onednn/" + variant);
    ASSERT_NE(impl, nullptr);
    std::string error;
    void* instance = resnet_conv(*impl, error);
    if (!instance) {
      EXPECT_EQ(variant, "convolution_winograd") << error;
      EXPECT_NE(error.find("oneDNN does not support"), std::string::npos) << error;
      continue;
    }
    const std::string text = kernel_text(instance);
    std::printf("  %s: %s\n", variant.c_str(), text.c_str());
    EXPECT_EQ(text.rfind("forward ", 0), 0u) << text;
    EXPECT_NE(text.find(variant), std::string::npos) << text;
    EXPECT_NE(text.find("src abcd"), std::string::npos) << text;
    // oneDNN's implementation name, as ONEDNN_VERBOSE prints it: "brgconv:avx512_core",
    // "jit:avx2", "gemm:jit", "ref:any"; a Winograd kernel says so ("jit_wino_4x3:...").
    const std::string impl_name = text.substr(8, text.find(' ', 8) - 8);
    EXPECT_NE(impl_name.find(':'), std::string::npos) << text;
    if (variant == "convolution_winograd")
      EXPECT_NE(impl_name.find("wino"), std::string::npos) << text;
    impl->op->destroy(instance);
    EXPECT_EQ(kernel_text(instance), "") << "destroyed instances are forgotten";
  }
}

TEST(OnednnConv, RefusesFloat64AndBadGroups) {
  D500_REQUIRE_ONEDNN();
  const auto* impl = onednn_ops().find_impl("Conv", "", "onednn/convolution_direct");
  ASSERT_NE(impl, nullptr);
  try {
    plugin::OperatorInstance op(*impl, {},
                                {plugin::tensor_info(DType::Float64, {1, 2, 5, 5}),
                                 plugin::tensor_info(DType::Float64, {2, 2, 3, 3})});
    ADD_FAILURE() << "float64 accepted";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("float32 only"), std::string::npos) << e.what();
  }
  try {
    plugin::OperatorInstance op(*impl, {Attribute{"group", int64_t{3}}},
                                {plugin::tensor_info(DType::Float32, {1, 4, 5, 5}),
                                 plugin::tensor_info(DType::Float32, {2, 2, 3, 3})});
    ADD_FAILURE() << "group 3 of 4 channels accepted";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("do not fit together"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace d500::test
