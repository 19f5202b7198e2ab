#include "conv_im2col.h"

#include <algorithm>

namespace examples {

using d500::sdk::TensorInfo;

ConvIm2col::ConvIm2col(const d500::sdk::Attributes& attrs, const std::vector<TensorInfo>& in)
    : p_(attrs, in),
      columns_(static_cast<size_t>((p_.c / p_.group) * p_.r * p_.s * p_.ho * p_.wo)) {}

std::vector<TensorInfo> ConvIm2col::outputs() const {
  return {TensorInfo(d500::sdk::dtype_of<float>(), {p_.n, p_.k, p_.ho, p_.wo})};
}

void ConvIm2col::forward(d500::sdk::Inputs in, d500::sdk::Outputs out) {
  const float* x = in[0].as<float>().data();
  const float* wt = in[1].as<float>().data();
  const float* b = p_.has_bias ? in[2].as<float>().data() : nullptr;
  float* y = out[0].as<float>().data();
  const int64_t cg = p_.c / p_.group, kg = p_.k / p_.group;
  const int64_t rows = cg * p_.r * p_.s, cols = p_.ho * p_.wo;
  for (int64_t n = 0; n < p_.n; ++n)
    for (int64_t g = 0; g < p_.group; ++g) {
      // Unroll the patches of this image and group: row (c, r, s), column (oh, ow).
      for (int64_t c = 0; c < cg; ++c)
        for (int64_t r = 0; r < p_.r; ++r)
          for (int64_t s = 0; s < p_.s; ++s) {
            float* col = columns_.data() + ((c * p_.r + r) * p_.s + s) * cols;
            const float* xc = x + ((n * p_.c + g * cg + c) * p_.h) * p_.w;
            for (int64_t oh = 0; oh < p_.ho; ++oh) {
              int64_t ih = oh * p_.stride[0] - p_.pads[0] + r * p_.dilation[0];
              for (int64_t ow = 0; ow < p_.wo; ++ow) {
                int64_t iw = ow * p_.stride[1] - p_.pads[1] + s * p_.dilation[1];
                bool inside = ih >= 0 && ih < p_.h && iw >= 0 && iw < p_.w;
                col[oh * p_.wo + ow] = inside ? xc[ih * p_.w + iw] : 0.0f;
              }
            }
          }
      // Y[k, :] = sum_j W[k, j] * columns[j, :], in i-k-j order so the inner loop streams.
      for (int64_t k = 0; k < kg; ++k) {
        float* yk = y + ((n * p_.k + g * kg + k) * cols);
        std::fill(yk, yk + cols, b ? b[g * kg + k] : 0.0f);
        const float* wk = wt + (g * kg + k) * rows;
        for (int64_t j = 0; j < rows; ++j) {
          const float a = wk[j];
          const float* cj = columns_.data() + j * cols;
          for (int64_t i = 0; i < cols; ++i) yk[i] += a * cj[i];
        }
      }
    }
}

}  // namespace examples
