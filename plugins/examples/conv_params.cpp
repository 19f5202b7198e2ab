#include "conv_params.h"

#include <stdexcept>
#include <string>

namespace examples {

using d500::sdk::TensorInfo;

ConvParams::ConvParams(const d500::sdk::Attributes& attrs, const std::vector<TensorInfo>& in) {
  attrs.expect_only({"strides", "pads", "dilations", "group", "kernel_shape", "auto_pad"});
  if (in.size() < 2 || in.size() > 3)
    throw std::invalid_argument("Conv takes X, W and an optional B, got " +
                                std::to_string(in.size()) + " inputs");
  for (const auto& t : in)
    if (t.present() && !t.is<float>())
      throw d500::sdk::unsupported("this example kernel is float32 only, got " + t.str());
  if (in[0].ndim() != 4 || in[1].ndim() != 4)
    throw d500::sdk::unsupported("this example kernel is 2-D only (NCHW), got X " + in[0].str());
  std::string auto_pad = attrs.get_string("auto_pad", "NOTSET");
  if (auto_pad != "NOTSET")
    throw d500::sdk::unsupported("auto_pad " + auto_pad + " is not implemented by this example");
  n = in[0].dim(0), c = in[0].dim(1), h = in[0].dim(2), w = in[0].dim(3);
  k = in[1].dim(0), r = in[1].dim(2), s = in[1].dim(3);
  group = attrs.get_int("group", 1);
  auto st = attrs.get_ints("strides", {1, 1});
  auto di = attrs.get_ints("dilations", {1, 1});
  auto pa = attrs.get_ints("pads", {0, 0, 0, 0});
  if (st.size() != 2 || di.size() != 2 || pa.size() != 4)
    throw std::invalid_argument("strides and dilations need 2 values and pads 4");
  stride = {st[0], st[1]};
  dilation = {di[0], di[1]};
  pads = {pa[0], pa[1], pa[2], pa[3]};
  for (int i = 0; i < 2; ++i)
    if (stride[i] < 1 || dilation[i] < 1)
      throw std::invalid_argument("strides and dilations must be >= 1");
  for (int64_t p : pads)
    if (p < 0) throw std::invalid_argument("pads must be >= 0");
  if (group < 1 || c % group || k % group || in[1].dim(1) != c / group)
    throw std::invalid_argument("W " + in[1].str() + " does not fit X " + in[0].str() +
                                " with group " + std::to_string(group));
  has_bias = in.size() == 3 && in[2].present();
  if (has_bias && (in[2].ndim() != 1 || in[2].dim(0) != k))
    throw std::invalid_argument("B must be [" + std::to_string(k) + "], got " + in[2].str());
  ho = (h + pads[0] + pads[2] - dilation[0] * (r - 1) - 1) / stride[0] + 1;
  wo = (w + pads[1] + pads[3] - dilation[1] * (s - 1) - 1) / stride[1] + 1;
  if (ho <= 0 || wo <= 0) throw std::invalid_argument("the kernel is larger than the padded input");
}

}  // namespace examples
