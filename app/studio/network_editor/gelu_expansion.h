// "Replace with Gelu" where the linked libonnx has no Gelu schema (Gelu is opset 20; libonnx
// 1.12 stops at 17): the node becomes the opset-17 form PyTorch exports,
//   Y = X * 0.5 * (1 + Erf(X / sqrt(2)))
// as a small group of nodes named "<name>/gelu/..." whose last one (the final Mul, writing the
// replaced node's output) is named "<name>/gelu", so the group reads as one Gelu in the graph
// and both executors run it (Constant, Div, Erf, Add, Mul). No Qt: edits onnx::ModelDocument.
// Threading: as the document.
#pragma once

#include <string>

#include "d500/onnx/model_edit.h"

namespace d500::studio {

// Whether replacing with `opType` needs the expansion (Gelu without a schema at the model's
// opset).
bool geluNeedsExpansion(const onnx::ModelDocument& doc, const std::string& opType,
                        const std::string& domain);
// Replaces node `name` (one input, one output) by the group; the group's last node, or an Error
// and nothing changed (the caller's snapshot restores a half-made group).
Result<std::string> expandToGelu(onnx::ModelDocument& doc, const std::string& name);
// "<name>/gelu": the node that stands for the group.
std::string geluGroupName(const std::string& replaced);
// Whether a node is one of such a group (the editor tints the group and tags it "Gelu").
bool isGeluGroupNode(const std::string& node);

}  // namespace d500::studio
