// `d500 model mlp|lenet|resnet`: writes an ONNX model with seeded parameters, sizes from the
// arguments (the builder itself is core/onnx; this is its command line).
#include <iostream>

#include "commands.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"

namespace d500::cli {

namespace {

// "256,128" -> {256, 128}; CliError(kUsage) naming the option for anything else.
std::vector<int64_t> parse_list(const std::string& text, const char* option, char sep = ',') {
  std::vector<int64_t> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(sep, start);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(start, end - start);
    try {
      size_t used = 0;
      const long long v = std::stoll(item, &used);
      if (used != item.size() || v <= 0) throw std::invalid_argument(item);
      out.push_back(v);
    } catch (const std::exception&) {
      throw CliError{kUsage, std::string(option) + ": \"" + text +
                                 "\" is not a list of positive "
                                 "integers separated by '" +
                                 sep + "'"};
    }
    start = end + 1;
  }
  return out;
}

onnx::Activation parse_activation(const std::string& s) {
  if (s == "relu") return onnx::Activation::Relu;
  if (s == "tanh") return onnx::Activation::Tanh;
  throw CliError{kUsage, "--activation: \"" + s + "\" is not relu or tanh"};
}

// C x H x W for the convolutional networks.
void parse_image(const std::string& text, int64_t& c, int64_t& h, int64_t& w) {
  if (text.empty()) return;
  auto dims = parse_list(text, "--input", 'x');
  if (dims.size() != 3)
    throw CliError{kUsage, "--input: \"" + text + "\" is not CxHxW (e.g. 3x32x32)"};
  c = dims[0], h = dims[1], w = dims[2];
}

const char* default_file(const std::string& arch) {
  if (arch == "mlp") return "mlp.onnx";
  if (arch == "lenet") return "lenet5.onnx";
  return "resnet_small.onnx";
}

}  // namespace

int cmd_model(const GlobalOptions& g, const ModelOptions& o) {
  onnx::BuildOptions b;
  b.seed = o.seed;
  b.with_loss = o.with_loss;
  if (o.batch == "dynamic") {
    b.batch = 0;
  } else {
    b.batch = parse_list(o.batch, "--batch").at(0);
    if (o.batch.find(',') != std::string::npos)
      throw CliError{kUsage, "--batch: one positive number or \"dynamic\""};
  }
  b.dtype = dtype_from_name(o.dtype);
  if (b.dtype != DType::Float32 && b.dtype != DType::Float64)
    throw CliError{kUsage, "--dtype: \"" + o.dtype + "\" is not float32 or float64"};
  if (o.classes <= 0) throw CliError{kUsage, "--classes must be positive"};

  Result<std::string> bytes = Error{"unknown architecture", ""};
  if (o.arch == "mlp") {
    onnx::MlpSpec s;
    s.classes = o.classes;
    s.activation = parse_activation(o.activation);
    if (!o.input.empty()) s.inputs = parse_list(o.input, "--input").at(0);
    if (!o.hidden.empty()) s.hidden = parse_list(o.hidden, "--hidden");
    if (!o.channels.empty()) throw CliError{kUsage, "--channels is for lenet and resnet"};
    bytes = onnx::build_mlp(s, b);
  } else if (o.arch == "lenet") {
    onnx::LenetSpec s;
    s.classes = o.classes;
    s.activation = parse_activation(o.activation);
    if (o.pool != "max" && o.pool != "average")
      throw CliError{kUsage, "--pool: \"" + o.pool + "\" is not max or average"};
    s.pooling = o.pool == "max" ? onnx::Pooling::Max : onnx::Pooling::Average;
    parse_image(o.input, s.channels, s.height, s.width);
    if (!o.channels.empty()) s.conv_channels = parse_list(o.channels, "--channels");
    if (!o.hidden.empty()) s.fc = parse_list(o.hidden, "--hidden");
    bytes = onnx::build_lenet(s, b);
  } else if (o.arch == "resnet") {
    onnx::ResnetSpec s;
    s.classes = o.classes;
    s.blocks_per_stage = o.blocks;
    if (o.activation != "relu") throw CliError{kUsage, "--activation: the ResNet uses relu"};
    parse_image(o.input, s.channels, s.height, s.width);
    if (!o.channels.empty()) s.stages = parse_list(o.channels, "--channels");
    if (!o.hidden.empty()) throw CliError{kUsage, "--hidden is for mlp and lenet"};
    bytes = onnx::build_resnet(s, b);
  } else {
    throw CliError{kUsage, "unknown architecture \"" + o.arch + "\" (mlp, lenet or resnet)"};
  }
  if (!bytes) throw CliError{kUsage, bytes.error().to_string()};

  const std::string out = o.out.empty() ? default_file(o.arch) : o.out;
  auto written = onnx::write_model_file(*bytes, out);
  if (!written) throw CliError{kBadInput, written.error().to_string()};
  bytes = std::string();  // a big model is not held twice while it is read back
  // Read back through the same loader every other command uses: what was written loads.
  auto model = onnx::Model::load(out);
  if (!model)
    throw CliError{kInternal, "the written model does not load: " + model.error().to_string()};
  size_t params = 0;
  auto values = model->take_initializers();
  if (!values) throw CliError{kInternal, values.error().to_string()};
  for (const auto& t : *values) params += static_cast<size_t>(t.value.numel());
  if (g.json) {
    std::cout << nlohmann::json{{"file", out},
                                {"arch", o.arch},
                                {"bytes", *written},
                                {"parameters", params},
                                {"opset", onnx::kBuilderOpset},
                                {"seed", o.seed},
                                {"with_loss", o.with_loss},
                                {"nodes", model->node_count()}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "wrote " << out << ": " << o.arch << ", " << model->node_count() << " nodes, "
              << params << " parameters (" << o.dtype << "), " << *written << " bytes, opset "
              << onnx::kBuilderOpset << ", seed " << o.seed << (o.with_loss ? ", with loss" : "")
              << "\n";
  }
  return kOk;
}

}  // namespace d500::cli
