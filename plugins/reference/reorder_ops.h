// ONNX ReverseSequence, MaxUnpool and Unique on the reference plugin (reorder_ops.cpp), forward
// only. MaxUnpool's output_shape and all of Unique's output sizes are known at run time.
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_reorder_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
