// The onednn plugin's shared state and helpers (common.h).
#include "common.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <numeric>

namespace d500::onednn_plugin {

// Never destroyed: destructors at exit (or at dlclose) may run after OpenMP's runtime is gone.
dnnl::engine& engine() {
  static dnnl::engine* e = new dnnl::engine(dnnl::engine::kind::cpu, 0);
  return *e;
}

dnnl::stream& stream() {
  static dnnl::stream* s = new dnnl::stream(engine());
  return *s;
}

namespace {

const char* isa_name(dnnl::cpu_isa isa) {
  using I = dnnl::cpu_isa;
  switch (isa) {
    case I::sse41:
      return "sse41";
    case I::avx:
      return "avx";
    case I::avx2:
      return "avx2";
    case I::avx2_vnni:
      return "avx2_vnni";
    case I::avx512_core:
      return "avx512_core";
    case I::avx512_core_vnni:
      return "avx512_core_vnni";
    case I::avx512_core_bf16:
      return "avx512_core_bf16";
    case I::avx512_core_amx:
      return "avx512_core_amx";
    default:
      return "other";
  }
}

}  // namespace

const std::string& version_text() {
  static const std::string text = [] {
    const dnnl_version_t* v = dnnl_version();
    return "oneDNN " + std::to_string(v->major) + "." + std::to_string(v->minor) + "." +
           std::to_string(v->patch) + " (git " + v->hash + "), CPU ISA " +
           isa_name(dnnl::get_effective_cpu_isa());
  }();
  return text;
}

bool cpu_has_bf16() {
  const dnnl::cpu_isa isa = dnnl::get_effective_cpu_isa();
  return isa == dnnl::cpu_isa::avx512_core_bf16 || isa == dnnl::cpu_isa::avx512_core_amx;
}

void rethrow(const dnnl::error& e, const std::string& what) {
  if (e.status == dnnl_unimplemented)
    throw sdk::unsupported(what + ": oneDNN does not support this (" + e.what() + ") on " +
                           version_text());
  throw sdk::Error(
      D500_ERR_RUNTIME,
      what + ": oneDNN error " + std::to_string(static_cast<int>(e.status)) + ": " + e.what());
}

void require_f32(const std::vector<TensorInfo>& in, const char* op) {
  for (size_t i = 0; i < in.size(); ++i)
    if (in[i].present() && !in[i].is<float>())
      throw sdk::unsupported(std::string("onednn ") + op + " runs float32 only, input " +
                             std::to_string(i) + " is " + in[i].str());
}

dnnl::memory::desc plain_md(const Shape& shape, DataType type) {
  Shape dims = shape.empty() ? Shape{1} : shape;
  Shape strides(dims.size(), 1);
  for (size_t i = dims.size() - 1; i > 0; --i) strides[i - 1] = strides[i] * dims[i];
  return dnnl::memory::desc(dims, type, strides);
}

dnnl::memory::desc any_md(const Shape& shape, DataType type) {
  return dnnl::memory::desc(shape.empty() ? Shape{1} : shape, type, dnnl::memory::format_tag::any);
}

float quantize(const float* x, int64_t n, int8_t* q) {
  float top = 0;
  for (int64_t i = 0; i < n; ++i) top = std::max(top, std::fabs(x[i]));
  const float s = top > 0 ? top / 127.f : 1.f;
  for (int64_t i = 0; i < n; ++i)
    q[i] = static_cast<int8_t>(std::clamp(std::nearbyint(x[i] / s), -127.f, 127.f));
  return s;
}

std::string layout_name(const dnnl::memory::desc& md) {
  const dnnl_memory_desc_t& d = md.data;
  if (d.format_kind != dnnl_blocked) return "opaque";
  const auto& b = d.format_desc.blocking;
  std::vector<int> order(static_cast<size_t>(d.ndims));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int x, int y) { return b.strides[x] > b.strides[y]; });
  std::string name;
  for (int i : order) {
    bool blocked = false;
    for (int k = 0; k < b.inner_nblks; ++k) blocked |= b.inner_idxs[k] == i;
    name += static_cast<char>((blocked ? 'A' : 'a') + i);
  }
  for (int k = 0; k < b.inner_nblks; ++k)
    name += std::to_string(b.inner_blks[k]) + static_cast<char>('a' + b.inner_idxs[k]);
  return name;
}

std::string impl_of(const dnnl::primitive_desc_base& pd) {
  return pd.impl_info_str();
}

const void* data_of(const sdk::InTensor& t) {
  if (!t.contiguous()) throw std::invalid_argument("onednn: strided tensors are not supported");
  return static_cast<const char*>(t.dl().data) + t.dl().byte_offset;
}

void* data_of(const sdk::OutTensor& t) {
  if (!t.contiguous()) throw std::invalid_argument("onednn: strided tensors are not supported");
  return static_cast<char*>(t.dl().data) + t.dl().byte_offset;
}

Port::Port(const dnnl::memory::desc& user, const dnnl::memory::desc& wanted) {
  user_ = dnnl::memory(user, engine(), DNNL_MEMORY_NONE);
  reorders_ = user != wanted;
  if (!reorders_) {
    inner_ = user_;
    return;
  }
  inner_ = dnnl::memory(wanted, engine());
  to_inner_ = dnnl::reorder(user_, inner_);
  to_user_ = dnnl::reorder(inner_, user_);
}

const dnnl::memory& Port::input(const void* data) {
  user_.set_data_handle(const_cast<void*>(data));
  if (reorders_) to_inner_.execute(stream(), user_, inner_);
  return inner_;
}

const dnnl::memory& Port::output(void* data) {
  user_.set_data_handle(data);
  return inner_;
}

void Port::finish() {
  if (reorders_) to_user_.execute(stream(), inner_, user_);
}

std::string Port::describe() const {
  const std::string plain = layout_name(user_.get_desc());
  return reorders_ ? plain + "->" + layout_name(inner_.get_desc()) : plain;
}

void execute(const dnnl::primitive& p, const Args& args, const std::string& what) {
  try {
    p.execute(stream(), args);
    stream().wait();
  } catch (const dnnl::error& e) {
    rethrow(e, what);
  }
}

void Bound::run(const std::vector<Buffer>& data, const Args& extra) {
  for (const auto& d : data) args_.at(d.first).set_data_handle(const_cast<void*>(d.second));
  if (extra.empty()) return execute(prim_, args_, what_);
  Args all = args_;
  all.insert(extra.begin(), extra.end());
  execute(prim_, all, what_);
}

namespace {

struct Kernels {
  std::mutex mutex;
  std::unordered_map<const void*, KernelState> state;
};

Kernels& kernels() {
  static Kernels* k = new Kernels;  // never destroyed: instances may outlive static teardown
  return *k;
}

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

KernelRecord::~KernelRecord() {
  std::lock_guard<std::mutex> lock(kernels().mutex);
  kernels().state.erase(owner_);
}

void KernelRecord::set(const std::string& text) {
  std::lock_guard<std::mutex> lock(kernels().mutex);
  kernels().state[owner_].text = text;
}

void KernelRecord::append(const std::string& text) {
  std::lock_guard<std::mutex> lock(kernels().mutex);
  std::string& t = kernels().state[owner_].text;
  t += (t.empty() ? "" : "; ") + text;
}

void KernelRecord::add_layout(double ns, double bytes) {
  std::lock_guard<std::mutex> lock(kernels().mutex);
  KernelState& k = kernels().state[owner_];
  k.layout_ns += ns;
  k.layout_bytes = bytes;
  ++k.layout_calls;
}

std::string KernelState::kernel() const {
  const std::string tag = "forward ";
  const size_t at = text.find(tag);
  if (at == std::string::npos) return "";
  const size_t from = at + tag.size();
  return text.substr(from, text.find_first_of(" ;,", from) - from);
}

bool kernel_of(const void* owner, std::string& text) {
  KernelState k;
  if (!state_of(owner, k)) return false;
  text = k.text;
  return true;
}

bool state_of(const void* owner, KernelState& state) {
  std::lock_guard<std::mutex> lock(kernels().mutex);
  auto it = kernels().state.find(owner);
  if (it == kernels().state.end()) return false;
  state = it->second;
  return true;
}

void LayoutTimer::start() {
  if (active_) t0_ = now_ns();
}

void LayoutTimer::stop() {
  if (!active_) return;
  stream().wait();
  ns_ += static_cast<double>(now_ns() - t0_);
}

void LayoutTimer::report(KernelRecord& record, double bytes) const {
  if (active_) record.add_layout(ns_, bytes);
}

int64_t numel(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

float* wanted_or(Outputs out, size_t i, std::vector<float>& scratch, int64_t n) {
  if (i < out.size() && out[i].defined()) return static_cast<float*>(data_of(out[i]));
  scratch.resize(static_cast<size_t>(n));
  return scratch.data();
}

const float* given_or_zeros(Inputs in, size_t i, std::vector<float>& zeros, int64_t n) {
  if (i < in.size() && in[i].defined()) return static_cast<const float*>(data_of(in[i]));
  zeros.assign(static_cast<size_t>(n), 0.f);
  return zeros.data();
}

}  // namespace d500::onednn_plugin
