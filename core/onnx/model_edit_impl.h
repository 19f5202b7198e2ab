// Private to d500_onnx: what a ModelDocument holds, shared by the files that implement it
// (model_edit.cpp reads, snapshots and saves; model_edit_ops.cpp edits; model_edit_check.cpp
// diagnoses and reads schemas).
#pragma once

#include <set>
#include <string>

#include "d500/error.h"
#include "d500/onnx/model_edit.h"
#include "model_impl.h"
#include "proto.h"

namespace d500::onnx {

struct ModelDocument::Impl {
  ::onnx::ModelProto proto;
  std::string source;
};

namespace detail {

// Puts the nodes of `g` in an order where each comes after the producers of its inputs, keeping
// model order among nodes ready together (an already sorted graph is left as it is). False, with
// nothing changed, when the nodes form a cycle.
bool sort_nodes(::onnx::GraphProto& g);
// Every tensor name a node may read: graph inputs, initializers, node outputs.
std::set<std::string> defined_tensors(const ::onnx::GraphProto& g);
// A light copy of `doc` (light_copy) after lenient, guarded shape inference: its value_info holds
// every value inference typed; an Error naming `where` when inference gave up.
Result<::onnx::ModelProto> inferred_copy(const ::onnx::ModelProto& doc, const std::string& where);

}  // namespace detail

}  // namespace d500::onnx
