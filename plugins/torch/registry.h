// The torch plugin's operator families. Each family's source file appends the C table entries of
// its operators; plugin.cpp gathers them. Free of LibTorch headers on purpose: only the files that
// implement operators pay for including ATen.
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::torch_plugin {

// Appends the CPU variant ("default") of every operator of the family, and when `cuda` is true a
// second variant ("cuda", device kDLCUDA) that works on tensors in device memory.
void add_conv_ops(std::vector<d500_operator>& ops, bool cuda);         // conv.cpp
void add_pool_ops(std::vector<d500_operator>& ops, bool cuda);         // pool.cpp
void add_norm_ops(std::vector<d500_operator>& ops, bool cuda);         // norm.cpp
void add_gemm_ops(std::vector<d500_operator>& ops, bool cuda);         // gemm.cpp
void add_elementwise_ops(std::vector<d500_operator>& ops, bool cuda);  // elementwise.cpp
void add_pointwise_ops(std::vector<d500_operator>& ops, bool cuda);    // pointwise.cpp
void add_reduce_ops(std::vector<d500_operator>& ops, bool cuda);       // reduce.cpp
void add_shape_ops(std::vector<d500_operator>& ops, bool cuda);        // shape.cpp
void add_loss_ops(std::vector<d500_operator>& ops, bool cuda);         // loss.cpp
void add_logic_ops(std::vector<d500_operator>& ops, bool cuda);        // logic_ops.cpp
void add_index_ops(std::vector<d500_operator>& ops, bool cuda);        // index_ops.cpp
void add_layout_ops(std::vector<d500_operator>& ops, bool cuda);       // layout_ops.cpp
void add_norm_node_ops(std::vector<d500_operator>& ops, bool cuda);    // norm_ops.cpp
void add_misc_ops(std::vector<d500_operator>& ops, bool cuda);         // misc_ops.cpp
void add_resize_ops(std::vector<d500_operator>& ops, bool cuda);       // resize_ops.cpp
void add_sample_ops(std::vector<d500_operator>& ops, bool cuda);       // sample_ops.cpp
void add_recurrent_ops(std::vector<d500_operator>& ops, bool cuda);    // recurrent_ops.cpp
void add_value_ops(std::vector<d500_operator>& ops, bool cuda);        // value_ops.cpp
void add_select_ops(std::vector<d500_operator>& ops, bool cuda);       // select_ops.cpp
void add_quant_ops(std::vector<d500_operator>& ops, bool cuda);        // quant_ops.cpp
void add_spectral_ops(std::vector<d500_operator>& ops, bool cuda);     // spectral_ops.cpp

// The network executor ("default", CPU): graph_executor.cpp over the operators' registered
// executor functions (graph_ops.h).
void add_executors(std::vector<d500_executor>& executors);

}  // namespace d500::torch_plugin
