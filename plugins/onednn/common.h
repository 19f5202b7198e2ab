// Shared by the onednn plugin's operators: the engine and stream of the loaded plugin, memory
// descriptors of the ONNX (row-major) layout, the reorders between that layout and the one a
// primitive prefers, oneDNN's errors as SDK errors, and the kernel each instance runs.
//
// Threading: instances are used from one host thread at a time (plugin.h); the engine and stream
// are created once per loaded plugin (the first time an operator is created) and shared by its
// instances, so two host threads must not run onednn operators at once. oneDNN parallelises each
// primitive itself (OpenMP in Debian's build).
#pragma once

#include <cstdint>
#include <oneapi/dnnl/dnnl.hpp>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "d500/sdk/operator.h"

namespace d500::onednn_plugin {

using sdk::Attributes;
using sdk::Cost;
using sdk::Inputs;
using sdk::Outputs;
using sdk::TensorInfo;
using Shape = std::vector<int64_t>;
using Args = std::unordered_map<int, dnnl::memory>;

// The plugin's CPU engine and its in-order stream.
dnnl::engine& engine();
dnnl::stream& stream();

// "oneDNN 2.6.3 (git N/A), CPU ISA avx512_core_bf16": the wraps text and the descriptions' tail.
const std::string& version_text();

// Turns oneDNN's failure into an SDK error. dnnl_unimplemented (no implementation for this
// shape, algorithm or CPU) becomes D500_ERR_UNSUPPORTED with `what` and oneDNN's message, so a
// refused variant says why; other statuses become D500_ERR_RUNTIME.
[[noreturn]] void rethrow(const dnnl::error& e, const std::string& what);

// Creates a primitive descriptor through `make`, translating oneDNN's errors with `what`.
template <class F>
auto create_pd(const std::string& what, F&& make) {
  try {
    return make();
  } catch (const dnnl::error& e) {
    rethrow(e, what);
  }
}

// float32 only: throws sdk::unsupported naming the operator and the tensor otherwise.
void require_f32(const std::vector<TensorInfo>& in, const char* op);

using DataType = dnnl::memory::data_type;
// The row-major (ONNX) descriptor of a tensor (float32 unless said); a scalar is described as [1].
dnnl::memory::desc plain_md(const Shape& shape, DataType type = DataType::f32);
// The descriptor that leaves the layout to the primitive (format_tag::any).
dnnl::memory::desc any_md(const Shape& shape, DataType type = DataType::f32);

// Symmetric linear quantization to int8, as the int8 variants do it: s = max|x| / 127 (1 when
// every x is 0), q = clamp(nearbyint(x / s), -127, 127). Returns s. A dequantized tensor is q * s.
float quantize(const float* x, int64_t n, int8_t* q);
// "abcd" for a plain layout, "aBcd16b" for one blocked by 16 over dimension b, as oneDNN names
// formats in its verbose output.
std::string layout_name(const dnnl::memory::desc& md);
// The implementation oneDNN chose: "jit:avx512_core", "gemm:jit", "brg:avx512_core", "ref".
std::string impl_of(const dnnl::primitive_desc_base& pd);

const void* data_of(const sdk::InTensor& t);
void* data_of(const sdk::OutTensor& t);

// A tensor as the caller holds it (row-major, caller-owned) and as the primitive wants it. When
// the layouts differ, the port owns a buffer in the primitive's layout and a reorder primitive
// (created once) between the two; otherwise the primitive works on the caller's memory.
class Port {
 public:
  Port() = default;
  Port(const Shape& shape, const dnnl::memory::desc& wanted) : Port(plain_md(shape), wanted) {}
  // The caller's tensor described by `user` (strides that view it in the primitive's dimension
  // order, as ConvTranspose's weights).
  Port(const dnnl::memory::desc& user, const dnnl::memory::desc& wanted);
  // Input: points at the caller's data and reorders it when needed; the memory to execute on.
  const dnnl::memory& input(const void* data);
  // Output: the memory the primitive writes; finish() reorders it into the caller's data.
  const dnnl::memory& output(void* data);
  void finish();
  bool reorders() const { return reorders_; }
  double reorder_bytes() const { return reorders_ ? 2.0 * user_.get_desc().get_size() : 0; }
  // "abcd->aBcd16b" when the port reorders, "abcd" otherwise.
  std::string describe() const;

 private:
  dnnl::memory user_, inner_;
  dnnl::reorder to_inner_, to_user_;
  bool reorders_ = false;
};

// Runs a primitive on the plugin's stream and waits for it.
void execute(const dnnl::primitive& p, const Args& args, const std::string& what);

// A primitive with one memory object per argument, made once from the argument's descriptor
// (the caller's row-major layout); run() points them at the call's buffers.
class Bound {
 public:
  using Binding = std::pair<int, dnnl::memory::desc>;
  Bound() = default;
  using Buffer = std::pair<int, const void*>;
  template <class Primitive, class Pd>
  static Bound make(const Pd& pd, const std::vector<Binding>& args, const std::string& what) {
    Bound b;
    b.prim_ = Primitive(pd);
    b.impl_ = impl_of(pd);
    b.what_ = what;
    for (const Binding& a : args)
      b.args_[a.first] = dnnl::memory(a.second, engine(), DNNL_MEMORY_NONE);
    return b;
  }
  // Every bound argument's buffer, by DNNL_ARG_*; `extra` adds memory the primitive owns
  // (a workspace).
  void run(const std::vector<Buffer>& data, const Args& extra = {});
  const std::string& impl() const { return impl_; }

 private:
  dnnl::primitive prim_;
  Args args_;
  std::string what_, impl_;
};

// The kernel names of a live instance, kept for d500_onednn_kernel() (plugin.cpp): set by the
// operator, dropped with it. A member of every operator, constructed with the operator's `this`
// (the pointer the host holds as the instance).
class KernelRecord {
 public:
  explicit KernelRecord(const void* owner) : owner_(owner) {}
  ~KernelRecord();
  KernelRecord(const KernelRecord&) = delete;
  KernelRecord& operator=(const KernelRecord&) = delete;
  void set(const std::string& text);
  void append(const std::string& text);
  // One call's layout conversions (reorders between the ONNX layout and the primitive's): their
  // time and the bytes they read and write, reported through d500_report_instance.
  void add_layout(double ns, double bytes);

 private:
  const void* owner_;
};
// The text recorded for `owner`; false when it is not a live onednn instance.
bool kernel_of(const void* owner, std::string& text);

// What d500_report_instance tells about `owner` (plugin.cpp): the forward kernel's name (the
// implementation named after "forward " in its text: "brg:avx512_core") and the layout
// conversions so far. False when it is not a live onednn instance.
struct KernelState {
  std::string text;
  double layout_ns = 0, layout_bytes = 0;
  uint64_t layout_calls = 0;
  std::string kernel() const;
};
bool state_of(const void* owner, KernelState& state);

// Times the reorders of one call: between start() and the primitive (inputs) and after it
// (outputs), each ended by a stream wait; report() adds them to the record when any port
// reorders. Costs two clock reads per phase.
class LayoutTimer {
 public:
  explicit LayoutTimer(bool active) : active_(active) {}
  void start();
  void stop();  // ends a phase: adds the time since start()
  void report(KernelRecord& record, double bytes) const;

 private:
  bool active_;
  double ns_ = 0;
  int64_t t0_ = 0;
};

// The element count of a shape.
int64_t numel(const Shape& s);

// The float32 buffer of output (or gradient) i when the caller wants it (passed with data), else
// `scratch`, resized to n floats: for results a primitive writes that nobody asked for.
float* wanted_or(Outputs out, size_t i, std::vector<float>& scratch, int64_t n);
// The float32 data of input (or output gradient) i when given with data, else n zeros held in
// `zeros`: a gradient the caller left out is zero.
const float* given_or_zeros(Inputs in, size_t i, std::vector<float>& zeros, int64_t n);

// Operator families; each source file appends its C table entries, one per (operator, variant).
void add_conv_ops(std::vector<d500_operator>& ops);
void add_matmul_ops(std::vector<d500_operator>& ops);  // MatMul, then add_gemm_ops
void add_gemm_ops(std::vector<d500_operator>& ops);    // Gemm
// MatMul's bf16 (where the CPU has it) and int8 variants (matmul_lowp.cpp).
void add_matmul_lowp_ops(std::vector<d500_operator>& ops, bool bf16);
// Whether oneDNN has bfloat16 kernels on this CPU (avx512_core_bf16 or AMX).
bool cpu_has_bf16();
void add_pool_ops(std::vector<d500_operator>& ops);        // MaxPool, AveragePool
void add_eltwise_ops(std::vector<d500_operator>& ops);     // Relu, Sigmoid, Tanh, Elu, ...
void add_softmax_ops(std::vector<d500_operator>& ops);     // Softmax, LogSoftmax
void add_binary_ops(std::vector<d500_operator>& ops);      // Add, Sub, Mul, Div
void add_norm_ops(std::vector<d500_operator>& ops);        // LRN, BatchNormalization
void add_layer_norm_ops(std::vector<d500_operator>& ops);  // LayerNormalization
void add_conv_transpose_ops(std::vector<d500_operator>& ops);
void add_layout_ops(std::vector<d500_operator>& ops);  // Transpose, Concat, Sum

}  // namespace d500::onednn_plugin
