// Private to d500_network: attributes of old opsets that later ones dropped, rewritten so that
// implementations written against the current operator definitions run the node. Only rewrites
// that keep the node's meaning are made; anything else is an error that says why.
#pragma once

#include <vector>

#include "d500/network/graph.h"

namespace d500::network {

// `node`'s attributes as an implementation of the current definition expects them, plus
// "_opset". `input_shapes` are the shapes of the node's inputs (empty for an omitted one), for
// the rules that depend on ranks. Errors name the node and the attribute.
Result<std::vector<plugin::Attribute>> adapt_attributes(const Node& node,
                                                        const std::vector<Shape>& input_shapes);

}  // namespace d500::network
