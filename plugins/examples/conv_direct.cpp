#include "conv_direct.h"

namespace examples {

using d500::sdk::TensorInfo;

std::vector<TensorInfo> ConvDirect::outputs() const {
  return {TensorInfo(d500::sdk::dtype_of<float>(), {p_.n, p_.k, p_.ho, p_.wo})};
}

void ConvDirect::forward(d500::sdk::Inputs in, d500::sdk::Outputs out) {
  const float* x = in[0].as<float>().data();
  const float* wt = in[1].as<float>().data();
  const float* b = p_.has_bias ? in[2].as<float>().data() : nullptr;
  float* y = out[0].as<float>().data();
  const int64_t cg = p_.c / p_.group, kg = p_.k / p_.group;
  for (int64_t n = 0; n < p_.n; ++n)
    for (int64_t k = 0; k < p_.k; ++k) {
      const int64_t g = k / kg;
      for (int64_t oh = 0; oh < p_.ho; ++oh)
        for (int64_t ow = 0; ow < p_.wo; ++ow) {
          float acc = b ? b[k] : 0.0f;
          for (int64_t c = 0; c < cg; ++c)
            for (int64_t r = 0; r < p_.r; ++r) {
              int64_t ih = oh * p_.stride[0] - p_.pads[0] + r * p_.dilation[0];
              if (ih < 0 || ih >= p_.h) continue;
              for (int64_t s = 0; s < p_.s; ++s) {
                int64_t iw = ow * p_.stride[1] - p_.pads[1] + s * p_.dilation[1];
                if (iw < 0 || iw >= p_.w) continue;
                acc += x[((n * p_.c + g * cg + c) * p_.h + ih) * p_.w + iw] *
                       wt[((k * cg + c) * p_.r + r) * p_.s + s];
              }
            }
          y[((n * p_.k + k) * p_.ho + oh) * p_.wo + ow] = acc;
        }
    }
}

}  // namespace examples
