// Operators whose every output element is one element of an input (or a fill value): Slice,
// Expand, Tile, Pad, Split, Compress, Trilu, DepthToSpace, SpaceToDepth, Gather,
// GatherElements, GatherND and OneHot. Each computes, per output, the index of the element it
// copies (`from`), at create() when that depends on shapes and constants only, or at run time
// through remap() when it depends on an input's values (Gather's indices). Forward copies any
// dtype; backward scatter-adds dY into the source's gradient (float32/float64), and sums dY over
// the filled elements into the fill input's gradient (Pad's constant_value).
#pragma once

#include <functional>

#include "common.h"

namespace d500::reference {

constexpr int64_t kFill = -1;

// One output: its descriptor and, per element, the index into the source input or kFill.
struct Mapped {
  TensorInfo y;
  std::vector<int64_t> from;
};

class MapOperator {
 public:
  virtual ~MapOperator() = default;
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 protected:
  // The inputs as given to create(); the source is input `source_`.
  explicit MapOperator(const std::vector<TensorInfo>& inputs, size_t source = 0);
  // Rebuilds maps_ from the run-time inputs; called before forward/backward when dynamic_.
  virtual void remap(Inputs) {}
  // maps_ gets one output of shape `shape` with from[i] = f(multi-index of i).
  void add_output(const Shape& shape, const std::function<int64_t(const int64_t*)>& f);

  std::vector<TensorInfo> inputs_;
  size_t source_ = 0;
  std::vector<Mapped> maps_;
  double fill_ = 0;
  int fill_input_ = -1;  // the input whose first element is the fill value, or -1: fill_
  bool dynamic_ = false;

 private:
  void check_inputs(Inputs in) const;
  double fill_value(Inputs in) const;
};

// Visits every multi-index of `shape` in row-major order as f(linear index, index array).
void for_each_index(const Shape& shape, const std::function<void(int64_t, const int64_t*)>& f);

// Registration of the operators of map_ops.cpp, gather_ops.cpp, convert_ops.cpp and scatter.cpp.
void add_map_ops(std::vector<d500_operator>& ops);
void add_gather_ops(std::vector<d500_operator>& ops);
void add_convert_ops(std::vector<d500_operator>& ops);
void add_scatter_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
