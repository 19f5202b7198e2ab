// Writes small ONNX networks with seeded parameters: the MLP, LeNet-5 and ResNet of the examples,
// the tests and the training level. No protobuf type in this header; the models are built with
// the ONNX protobuf API behind it and pass the ONNX checker and shape inference before they are
// returned. The same specification and seed give byte-identical files.
//
// Every model has one input "input" ([N, features] or [N, C, H, W]) and the output "logits"
// ([N, classes]); with `with_loss` also an input "labels" (int64 [N]) and a second output "loss"
// (a scalar: SoftmaxCrossEntropyLoss with mean reduction), ready for back-propagation. Parameters
// are named "<layer>.weight", "<layer>.bias" (and "<bn>.scale", "<bn>.mean", "<bn>.var") as
// PyTorch names them; Gemm weights are [out, in] with transB = 1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/tensor.h"

namespace d500::onnx {

// The opset the builder writes (SoftmaxCrossEntropyLoss needs 12 or later).
inline constexpr int64_t kBuilderOpset = 13;

enum class Activation { Relu, Tanh };
enum class Pooling { Max, Average };

struct BuildOptions {
  uint64_t seed = 0;             // parameter values: the same seed, the same bytes
  int64_t batch = 1;             // the batch dimension; 0 writes a symbolic "N" (any batch)
  bool with_loss = false;        // adds "labels" and the scalar output "loss"
  DType dtype = DType::Float32;  // Float32 or Float64, for inputs, parameters and outputs
};

// Fully connected: inputs -> hidden[0] -> ... -> classes, the activation after each hidden layer.
// Weights: He uniform (+-sqrt(6 / fan_in)) before a ReLU, Glorot uniform otherwise (Tanh and the
// logits layer); biases zero.
struct MlpSpec {
  int64_t inputs = 784;
  std::vector<int64_t> hidden = {256};
  int64_t classes = 10;
  Activation activation = Activation::Relu;
};

// LeNet-5: conv 6@5x5 pad 2, act, pool 2; conv 16@5x5, act, pool 2; Flatten; Gemm 120, act;
// Gemm 84, act; Gemm classes. `conv_channels` and `fc` change the widths.
struct LenetSpec {
  int64_t channels = 1, height = 28, width = 28;
  std::vector<int64_t> conv_channels = {6, 16};
  std::vector<int64_t> fc = {120, 84};
  int64_t classes = 10;
  Activation activation = Activation::Relu;
  Pooling pooling = Pooling::Max;
};

// A small ResNet: stem conv 3x3 + BatchNormalization + ReLU, then one stage per entry of
// `stages` (its width) of `blocks_per_stage` basic blocks (conv-BN-ReLU-conv-BN plus the
// shortcut, Add, ReLU; stages after the first start with stride 2 and a 1x1 conv-BN projection
// shortcut), GlobalAveragePool, Flatten, Gemm. BatchNormalization is in inference form (scale 1,
// bias 0, mean 0, var 1).
struct ResnetSpec {
  int64_t channels = 3, height = 32, width = 32;
  std::vector<int64_t> stages = {16, 32, 64};
  int64_t blocks_per_stage = 1;
  int64_t classes = 10;
};

// No layers yet: the one input "input" [N, dims...] and no node, no output (the network editor's
// empty start; the editor makes the tensors no node reads the outputs when it saves).
struct EmptySpec {
  Shape input = {1, 28, 28};  // after the batch dimension: a Fashion-MNIST image
};

// Serialized ModelProto bytes, or an Error saying which size or option is out of range.
Result<std::string> build_empty(const EmptySpec& spec, const BuildOptions& options = {});
Result<std::string> build_mlp(const MlpSpec& spec, const BuildOptions& options = {});
Result<std::string> build_lenet(const LenetSpec& spec, const BuildOptions& options = {});
Result<std::string> build_resnet(const ResnetSpec& spec, const BuildOptions& options = {});

// Writes `bytes` to `path` (replacing it); an Error naming the path when that fails.
Result<size_t> write_model_file(const std::string& bytes, const std::string& path);

}  // namespace d500::onnx
