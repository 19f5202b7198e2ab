// An ONNX model as a graph to draw: one box per node (op type, name, attributes, the typed tensors
// it reads and writes), one box per graph input and output, and one edge per tensor a node reads
// from another node or from a graph input. Initializers (weights) are listed among a node's
// inputs, never drawn as boxes. Tensor types come from the model and ONNX shape inference.
// Node names are the ones network::Graph gives (and per-node measurements carry): the model's,
// or "<op_type>_<index>" for an unnamed node, with "_<index>" added to a repeated name.
// No Qt, no Graphviz: the studio's graph view lays this out and draws it.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "d500/error.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_edit.h"

namespace d500::onnx {

struct DisplayTensor {
  std::string name;
  std::string dtype;  // "float32"; "" when unknown
  std::string shape;  // "[1, 6, 28, 28]", "[N, 10]" (a symbolic dimension), "[?, 10]"; "" unknown
  bool initializer = false;
  // Made by a Constant node folded into this tensor's reader (fold_constants): that node's value
  // as text ("[1, -1]", "tensor float32[3]"); "" otherwise.
  std::string constant;
  std::string type() const;  // "float32[1, 6, 28, 28]", or "?" when nothing is known
};

struct DisplayNode {
  enum class Kind { Operator, Input, Output };
  Kind kind = Kind::Operator;
  std::string name;                            // an Input's or Output's is its tensor's name
  std::string op_type;                         // "" for an Input or Output
  std::string domain;                          // "" is ai.onnx
  std::vector<DisplayTensor> inputs, outputs;  // an omitted optional one is left out
  std::vector<std::pair<std::string, std::string>> attributes;  // name, value as text
  long model_index = -1;  // the node's index in the model; -1 for an Input or Output
};

struct DisplayEdge {
  size_t from = 0, to = 0;  // indices into DisplayGraph::nodes
  DisplayTensor tensor;
};

struct DisplayGraph {
  std::string name;                // the model's graph name ("" when unnamed); a document's source
  std::vector<DisplayNode> nodes;  // the model's nodes in model order, then inputs, then outputs
  std::vector<DisplayEdge> edges;
  size_t operator_count = 0;    // the model's nodes (the first operator_count of `nodes`)
  size_t folded_constants = 0;  // Constant nodes fold_constants() took out
  // Why shape inference gave no types ("" when it ran): the graph is still drawn, untyped.
  std::string shape_problem;
};

// Every value of `model` typed as far as the model and shape inference know. Errors only for a
// graph that cannot be drawn (none so far: a model that loaded is drawable); kept a Result so the
// callers' handling does not change when one appears.
Result<DisplayGraph> display_graph(const Model& model);
// The same for a document being edited, typed by its diagnose(): the network editor draws it
// after every edit, valid or not (a model the checker refuses is still drawn).
DisplayGraph display_graph(const ModelDocument& document, const EditDiagnostics& diagnostics);

// `graph` without its boxes for Constant nodes (ai.onnx) that only operators read: each such
// node's outputs become constant inputs of their readers (DisplayTensor::constant), its edges go.
// A Constant that writes a graph output stays. Big exported models (a Swin-T) carry hundreds of
// them, each a box of its own with a long edge down to its reader.
DisplayGraph fold_constants(const DisplayGraph& graph);

// "[1, 6, 28, 28]" in the compact form edge labels use: "1×6×28×28" (UTF-8), "scalar" for "[]".
std::string compact_shape(const std::string& shape);

}  // namespace d500::onnx
