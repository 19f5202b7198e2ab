// The onednn plugin's low-precision variants (issue 18, item 1): bf16 Conv and MatMul against the
// float64 reference within their stated tolerance, and int8 Conv and MatMul validated against a
// dequantized reference — the reference run on the inputs the variant's own quantization
// (quantize(): s = max|v|/127, q = clamp(round(v / s), -127, 127); Conv's W per output channel)
// maps them to — where only float32 rounding separates them, and within their stated tolerance
// of float32. Also what d500_instance_report tells of them: the kernel and the conversions.
#include <cmath>

#include "d500/plugin/instance_report.h"
#include "onednn_harness.h"

namespace d500::test {
namespace {

// v as the int8 variants dequantize it, chunk by chunk (one scale per chunk of `per` values).
Tensor dequantized(const Tensor& v, int64_t per) {
  Tensor out(DType::Float64, v.shape());
  for (int64_t at = 0; at < v.numel(); at += per) {
    float top = 0;
    for (int64_t i = at; i < at + per; ++i)
      top = std::max(top, std::fabs(static_cast<float>(v.at(i))));
    const float s = top > 0 ? top / 127.f : 1.f;
    for (int64_t i = at; i < at + per; ++i) {
      const float q = std::clamp(std::nearbyint(static_cast<float>(v.at(i)) / s), -127.f, 127.f);
      out.set(i, static_cast<double>(q) * static_cast<double>(s));
    }
  }
  return out;
}

struct Lowp {
  double to_float32;           // rel. L2 against the reference on the float32 values
  double to_dequantized = -1;  // int8: against the reference on the dequantized ones
  plugin::InstanceReport report;
};

// Runs `variant` of `op` on uniform [-1, 1] inputs; `per[i]` is input i's quantization chunk
// (0: the whole tensor; -1: not quantized, as Conv's bias).
Lowp run_lowp(const std::string& op, const std::string& variant, const std::vector<Shape>& shapes,
              const std::vector<plugin::Attribute>& attrs, const std::vector<int64_t>& per) {
  const auto* mine = onednn_ops().find_impl(op, "", "onednn/" + variant);
  const auto* ref = onednn_ops().find_impl(op, "", "reference");
  EXPECT_TRUE(mine && ref) << op << " " << variant;
  if (!mine || !ref) return {};
  std::vector<Tensor> x32, x64, dq64;
  for (size_t i = 0; i < shapes.size(); ++i) {
    Tensor t(DType::Float32, shapes[i]);
    fill_uniform(t, 18 + i, -1.0, 1.0);
    x64.push_back(as_dtype(t, DType::Float64));
    dq64.push_back(per[i] < 0 ? as_dtype(t, DType::Float64)
                              : dequantized(t, per[i] ? per[i] : t.numel()));
    x32.push_back(std::move(t));
  }
  plugin::OperatorInstance cpu(*mine, attrs, infos_of(x32));
  plugin::OperatorInstance reference(*ref, attrs, infos_of(x64));
  std::vector<Tensor> y32 = outputs_for(cpu), y64 = outputs_for(reference),
                      d64 = outputs_for(reference);
  std::vector<DLTensor> y32v = views_of(y32), y64v = views_of(y64), d64v = views_of(d64);
  cpu.forward(views_of(x32), y32v);
  reference.forward(views_of(x64), y64v);
  reference.forward(views_of(dq64), d64v);
  Lowp out;
  out.to_float32 = rel_l2(y32[0], y64[0]);
  out.to_dequantized = rel_l2(y32[0], d64[0]);
  auto r = plugin::instance_report(cpu);
  EXPECT_TRUE(r) << "onednn reports its instances";
  if (r) out.report = *r;
  return out;
}

const std::vector<plugin::Attribute> kConvAttrs = {{"pads", std::vector<int64_t>{1, 1, 1, 1}},
                                                   {"strides", std::vector<int64_t>{1, 1}}};

TEST(OnednnLowp, Int8ConvMatchesTheDequantizedReferenceAndFloat32WithinItsTolerance) {
  D500_REQUIRE_ONEDNN();
  // W [8, 4, 3, 3] is quantized per output channel: chunks of 4 * 3 * 3.
  const Lowp r = run_lowp("Conv", "convolution_direct_int8", {{2, 4, 9, 9}, {8, 4, 3, 3}, {8}},
                          kConvAttrs, {0, 36, -1});
  EXPECT_LE(r.to_dequantized, 1e-5);
  EXPECT_LE(r.to_float32, 2e-2);
  EXPECT_GT(r.to_float32, r.to_dequantized);  // the quantization is what costs
  EXPECT_NE(r.report.kernel, "");
  EXPECT_EQ(r.report.layout_calls, 1u);  // one forward: quantize, reorder, dequantize
  EXPECT_GT(r.report.layout_ns, 0);
}

TEST(OnednnLowp, Int8MatMulMatchesTheDequantizedReferenceAndFloat32WithinItsTolerance) {
  D500_REQUIRE_ONEDNN();
  const Lowp r = run_lowp("MatMul", "int8", {{3, 16, 32}, {32, 24}}, {}, {0, 0});
  EXPECT_LE(r.to_dequantized, 1e-5);
  EXPECT_LE(r.to_float32, 2e-2);
  EXPECT_GT(r.to_float32, r.to_dequantized);
  EXPECT_EQ(r.report.layout_calls, 1u);
}

TEST(OnednnLowp, Bf16ConvAndMatMulStayWithinTheirStatedTolerance) {
  D500_REQUIRE_ONEDNN();
  if (!onednn_ops().find_impl("Conv", "", "onednn/convolution_direct_bf16"))
    GTEST_SKIP() << "this CPU has no bfloat16 kernels (avx512_core_bf16 or AMX)";
  const Lowp conv = run_lowp("Conv", "convolution_direct_bf16", {{2, 16, 9, 9}, {16, 16, 3, 3}},
                             kConvAttrs, {0, 0});
  EXPECT_LE(conv.to_float32, 1e-2);
  EXPECT_GT(conv.to_float32, 1e-5);  // bfloat16 has 8 bits of mantissa: not exact
  EXPECT_NE(conv.report.kernel.find("bf16"), std::string::npos) << conv.report.kernel;
  const Lowp mm = run_lowp("MatMul", "bf16", {{16, 64}, {64, 32}}, {}, {0, 0});
  EXPECT_LE(mm.to_float32, 1e-2);
  EXPECT_GT(mm.to_float32, 1e-5);
  EXPECT_GT(mm.report.layout_calls, 0u);  // rounding A and B to bfloat16, timed apart
}

TEST(OnednnLowp, LowPrecisionVariantsSayTheirToleranceAndHaveNoBackward) {
  D500_REQUIRE_ONEDNN();
  for (const auto& [op, variant] : std::vector<std::pair<std::string, std::string>>{
           {"Conv", "convolution_direct_int8"}, {"MatMul", "int8"}}) {
    const auto* impl = onednn_ops().find_impl(op, "", "onednn/" + variant);
    ASSERT_TRUE(impl) << op << " " << variant;
    const std::string d = impl->op->description;
    EXPECT_NE(d.find("quantized"), std::string::npos) << d;
    EXPECT_NE(d.find("tolerance 2e-2"), std::string::npos) << d;
    EXPECT_FALSE(impl->has_backward());
  }
}

}  // namespace
}  // namespace d500::test
