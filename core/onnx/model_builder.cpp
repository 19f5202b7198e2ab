// The MLP, LeNet-5 and ResNet builders: layer arithmetic and initialisation; the protobuf side is
// GraphWriter's.
#include "d500/onnx/model_builder.h"

#include <cmath>
#include <fstream>

#include "graph_writer.h"

namespace d500::onnx {

namespace {

using detail::GraphWriter;
using detail::WriterAttr;

// He (Kaiming) uniform keeps the variance of ReLU layers' outputs; Glorot (Xavier) uniform that of
// symmetric activations and of the linear logits layer.
double he_bound(int64_t fan_in) {
  return std::sqrt(6.0 / static_cast<double>(fan_in));
}
double glorot_bound(int64_t fan_in, int64_t fan_out) {
  return std::sqrt(6.0 / static_cast<double>(fan_in + fan_out));
}

std::string act_op(Activation a) {
  return a == Activation::Relu ? "Relu" : "Tanh";
}

Result<bool> check_options(const BuildOptions& o) {
  if (o.dtype != DType::Float32 && o.dtype != DType::Float64)
    return Error{"dtype " + std::string(dtype_name(o.dtype)) + " is not float32 or float64",
                 "model builder"};
  if (o.batch < 0)
    return Error{"batch " + std::to_string(o.batch) + " is negative (0 means dynamic)",
                 "model builder"};
  return true;
}

Result<bool> positive(const std::string& what, int64_t v) {
  if (v <= 0) return Error{what + " must be positive, got " + std::to_string(v), "model builder"};
  return true;
}

// A fully connected layer: Gemm with transB = 1, weight [out, in].
std::string dense(GraphWriter& w, const std::string& name, const std::string& x, int64_t in,
                  int64_t out, double bound, const std::string& output = "") {
  w.add_uniform(name + ".weight", {out, in}, bound);
  w.add_filled(name + ".bias", {out}, 0.0);
  return w.add_node("Gemm", name, {x, name + ".weight", name + ".bias"}, {{"transB", int64_t{1}}},
                    output);
}

// The logits output, and the loss on top of them when asked for.
void finish_head(GraphWriter& w, const std::string& logits, int64_t classes,
                 const BuildOptions& o) {
  w.add_output(logits, {classes});
  if (!o.with_loss) return;
  const std::string labels = w.add_labels("labels");
  // Mean reduction (the default): the loss of a batch does not grow with its size.
  w.add_node("SoftmaxCrossEntropyLoss", "loss", {logits, labels});
  w.add_output("loss", {}, true);
}

// conv with square kernel k, stride s, symmetric padding p; He-initialised, bias optional.
std::string conv(GraphWriter& w, const std::string& name, const std::string& x, int64_t in,
                 int64_t out, int64_t k, int64_t s, int64_t p, bool bias) {
  w.add_uniform(name + ".weight", {out, in, k, k}, he_bound(in * k * k));
  std::vector<std::string> inputs = {x, name + ".weight"};
  if (bias) inputs.push_back(w.add_filled(name + ".bias", {out}, 0.0));
  return w.add_node("Conv", name, inputs,
                    {{"kernel_shape", std::vector<int64_t>{k, k}},
                     {"strides", std::vector<int64_t>{s, s}},
                     {"pads", std::vector<int64_t>{p, p, p, p}}});
}

std::string batch_norm(GraphWriter& w, const std::string& name, const std::string& x, int64_t c) {
  w.add_filled(name + ".scale", {c}, 1.0);
  w.add_filled(name + ".bias", {c}, 0.0);
  w.add_filled(name + ".mean", {c}, 0.0);
  w.add_filled(name + ".var", {c}, 1.0);
  return w.add_node("BatchNormalization", name,
                    {x, name + ".scale", name + ".bias", name + ".mean", name + ".var"});
}

int64_t conv_out(int64_t size, int64_t k, int64_t s, int64_t p) {
  return (size + 2 * p - k) / s + 1;
}

}  // namespace

Result<std::string> build_empty(const EmptySpec& spec, const BuildOptions& o) {
  if (auto ok = check_options(o); !ok) return ok.error();
  for (int64_t d : spec.input)
    if (auto ok = positive("input dimension", d); !ok) return ok.error();
  GraphWriter w("network", kBuilderOpset, o.dtype, o.batch, o.seed);
  w.add_input("input", spec.input);
  return w.finish();
}

Result<std::string> build_mlp(const MlpSpec& spec, const BuildOptions& o) {
  if (auto ok = check_options(o); !ok) return ok.error();
  if (auto ok = positive("inputs", spec.inputs); !ok) return ok.error();
  if (auto ok = positive("classes", spec.classes); !ok) return ok.error();
  for (int64_t h : spec.hidden)
    if (auto ok = positive("hidden layer width", h); !ok) return ok.error();
  GraphWriter w("mlp", kBuilderOpset, o.dtype, o.batch, o.seed);
  std::string x = w.add_input("input", {spec.inputs});
  int64_t width = spec.inputs;
  for (size_t i = 0; i < spec.hidden.size(); ++i) {
    const int64_t out = spec.hidden[i];
    const std::string n = std::to_string(i + 1);
    const double bound =
        spec.activation == Activation::Relu ? he_bound(width) : glorot_bound(width, out);
    x = dense(w, "fc" + n, x, width, out, bound);
    x = w.add_node(act_op(spec.activation), "act" + n, {x});
    width = out;
  }
  const std::string n = std::to_string(spec.hidden.size() + 1);
  // The logits keep a stable name whatever the depth, so callers need not count layers.
  x = dense(w, "fc" + n, x, width, spec.classes, glorot_bound(width, spec.classes), "logits");
  finish_head(w, x, spec.classes, o);
  return w.finish();
}

Result<std::string> build_lenet(const LenetSpec& spec, const BuildOptions& o) {
  if (auto ok = check_options(o); !ok) return ok.error();
  if (spec.conv_channels.size() != 2 || spec.fc.size() != 2)
    return Error{"LeNet-5 has two conv layers and two hidden fully connected layers",
                 "model builder"};
  for (int64_t v : {spec.channels, spec.height, spec.width, spec.classes, spec.conv_channels[0],
                    spec.conv_channels[1], spec.fc[0], spec.fc[1]})
    if (auto ok = positive("every LeNet size", v); !ok) return ok.error();
  // conv1 (pad 2) keeps the size, pool halves it, conv2 (no pad) takes 4, pool halves again.
  const int64_t h = (spec.height / 2 - 4) / 2, wd = (spec.width / 2 - 4) / 2;
  if (h <= 0 || wd <= 0)
    return Error{"input " + std::to_string(spec.height) + "x" + std::to_string(spec.width) +
                     " is too small for LeNet-5 (at least 12x12)",
                 "model builder"};
  const bool relu = spec.activation == Activation::Relu;
  const std::string pool_op = spec.pooling == Pooling::Max ? "MaxPool" : "AveragePool";
  const std::vector<WriterAttr> pool_attrs = {{"kernel_shape", std::vector<int64_t>{2, 2}},
                                              {"strides", std::vector<int64_t>{2, 2}}};
  GraphWriter w("lenet5", kBuilderOpset, o.dtype, o.batch, o.seed);
  std::string x = w.add_input("input", {spec.channels, spec.height, spec.width});
  const int64_t c1 = spec.conv_channels[0], c2 = spec.conv_channels[1];
  x = conv(w, "conv1", x, spec.channels, c1, 5, 1, 2, true);
  x = w.add_node(act_op(spec.activation), "act1", {x});
  x = w.add_node(pool_op, "pool1", {x}, pool_attrs);
  x = conv(w, "conv2", x, c1, c2, 5, 1, 0, true);
  x = w.add_node(act_op(spec.activation), "act2", {x});
  x = w.add_node(pool_op, "pool2", {x}, pool_attrs);
  x = w.add_node("Flatten", "flatten", {x}, {{"axis", int64_t{1}}});
  int64_t width = c2 * h * wd;
  for (size_t i = 0; i < 2; ++i) {
    const int64_t out = spec.fc[i];
    const std::string n = std::to_string(i + 1);
    x = dense(w, "fc" + n, x, width, out, relu ? he_bound(width) : glorot_bound(width, out));
    x = w.add_node(act_op(spec.activation), "act" + std::to_string(i + 3), {x});
    width = out;
  }
  x = dense(w, "fc3", x, width, spec.classes, glorot_bound(width, spec.classes), "logits");
  finish_head(w, x, spec.classes, o);
  return w.finish();
}

Result<std::string> build_resnet(const ResnetSpec& spec, const BuildOptions& o) {
  if (auto ok = check_options(o); !ok) return ok.error();
  if (spec.stages.empty()) return Error{"a ResNet needs at least one stage", "model builder"};
  for (int64_t v : {spec.channels, spec.height, spec.width, spec.classes, spec.blocks_per_stage})
    if (auto ok = positive("every ResNet size", v); !ok) return ok.error();
  for (int64_t v : spec.stages)
    if (auto ok = positive("stage width", v); !ok) return ok.error();
  GraphWriter w("resnet_small", kBuilderOpset, o.dtype, o.batch, o.seed);
  std::string x = w.add_input("input", {spec.channels, spec.height, spec.width});
  int64_t c = spec.stages[0], h = spec.height, wd = spec.width;
  x = conv(w, "stem.conv", x, spec.channels, c, 3, 1, 1, false);
  x = batch_norm(w, "stem.bn", x, c);
  x = w.add_node("Relu", "stem.relu", {x});
  for (size_t s = 0; s < spec.stages.size(); ++s) {
    for (int64_t b = 0; b < spec.blocks_per_stage; ++b) {
      const std::string n = "stage" + std::to_string(s + 1) + ".block" + std::to_string(b + 1);
      const int64_t out = spec.stages[s];
      const int64_t stride = (s > 0 && b == 0) ? 2 : 1;
      if (conv_out(h, 3, stride, 1) <= 0 || conv_out(wd, 3, stride, 1) <= 0)
        return Error{"input too small for " + std::to_string(spec.stages.size()) + " stages",
                     "model builder"};
      std::string y = conv(w, n + ".conv1", x, c, out, 3, stride, 1, false);
      y = batch_norm(w, n + ".bn1", y, out);
      y = w.add_node("Relu", n + ".relu1", {y});
      y = conv(w, n + ".conv2", y, out, out, 3, 1, 1, false);
      y = batch_norm(w, n + ".bn2", y, out);
      std::string shortcut = x;
      if (stride != 1 || out != c) {
        // A 1x1 projection matches the shortcut to the block's new width and size.
        shortcut = conv(w, n + ".down.conv", x, c, out, 1, stride, 0, false);
        shortcut = batch_norm(w, n + ".down.bn", shortcut, out);
      }
      y = w.add_node("Add", n + ".add", {y, shortcut});
      x = w.add_node("Relu", n + ".relu2", {y});
      c = out;
      h = conv_out(h, 3, stride, 1);
      wd = conv_out(wd, 3, stride, 1);
    }
  }
  x = w.add_node("GlobalAveragePool", "pool", {x});
  x = w.add_node("Flatten", "flatten", {x}, {{"axis", int64_t{1}}});
  x = dense(w, "fc", x, c, spec.classes, glorot_bound(c, spec.classes), "logits");
  finish_head(w, x, spec.classes, o);
  return w.finish();
}

Result<size_t> write_model_file(const std::string& bytes, const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Error{"cannot open for writing", path};
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return Error{"cannot write", path};
  return bytes.size();
}

}  // namespace d500::onnx
