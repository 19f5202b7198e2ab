// The torch plugin's network executor (ABI 1.2 d500_executor): the host's sorted graph compiled
// node by node into ATen calls (graph_ops.h); forward under InferenceMode, forward+backward with
// autograd. Parameters and their gradients live in tensors that never move, so the views the
// host takes (an optimizer updating in place) stay valid for the executor's lifetime.
#include <c10/core/GradMode.h>
#include <c10/core/InferenceMode.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common.h"
#include "graph_ops.h"
#include "registry.h"

namespace d500::torch_plugin {

namespace {

at::Tensor from_host(const DLTensor& t) {
  Shape shape(t.shape, t.shape + t.ndim);
  return at::from_blob(static_cast<char*>(t.data) + t.byte_offset, shape,
                       at::TensorOptions().dtype(scalar_type(t.dtype)));
}

struct CompiledNode {
  std::string label;  // "'conv1' (Conv)"
  NodeFn fn;
  std::vector<int> in, out;  // value slots; -1 for an omitted one
  std::vector<int> release;  // slots freed after it (keep_values 0)
};

class GraphExecutor {
 public:
  // keep: every value stays readable after a pass; false frees each intermediate once its last
  // reader has run, as a LibTorch loop frees its temporaries (in training autograd holds what
  // backward needs).
  GraphExecutor(const d500_graph& g, bool grads, bool keep) {
    std::map<std::string, int> slot;
    for (size_t i = 0; i < g.n_values; ++i) {
      const d500_graph_value& v = g.values[i];
      const int id = static_cast<int>(names_.size());
      slot[v.name] = id;
      names_.push_back(v.name);
      values_.emplace_back();
      if (v.kind == D500_VALUE_INPUT) {
        if (v.info.ndim < 0)
          throw std::invalid_argument(std::string("input ") + v.name + " has no shape");
        inputs_[v.name] = id;
        values_[id] = at::zeros(Shape(v.info.shape, v.info.shape + v.info.ndim),
                                at::TensorOptions().dtype(scalar_type(v.info.dtype)));
      } else if (v.data) {
        at::Tensor t = from_host(*v.data).clone();
        if (v.kind == D500_VALUE_PARAMETER && t.is_floating_point()) {
          t.set_requires_grad(true);
          params_[v.name] = id;
          if (grads) t.mutable_grad() = at::zeros_like(t);
        }
        values_[id] = t;
      }
      infos_.push_back(v.info);
    }
    for (size_t k = 0; k < g.n_nodes; ++k) {
      const d500_graph_node& n = g.nodes[k];
      CompiledNode c;
      c.label = std::string("'") + n.name + "' (" + n.op_type + ")";
      NodeSignature sig;
      for (size_t i = 0; i < n.n_inputs; ++i) {
        const bool omitted = !*n.inputs[i];
        const int id = omitted ? -1 : slot.at(n.inputs[i]);
        c.in.push_back(id);
        d500_tensor_info absent{};
        absent.ndim = D500_ABSENT_NDIM;
        sig.inputs.push_back(omitted ? absent : infos_[id]);
        const bool constant = !omitted && g.values[id].kind == D500_VALUE_CONSTANT;
        sig.constants.push_back(constant ? &values_[id] : nullptr);
      }
      for (size_t i = 0; i < n.n_outputs; ++i) {
        const bool omitted = !*n.outputs[i];
        c.out.push_back(omitted ? -1 : slot.at(n.outputs[i]));
        d500_tensor_info unknown{};
        unknown.ndim = -1;
        sig.outputs.push_back(omitted ? unknown : infos_[c.out.back()]);
      }
      try {
        c.fn = compile_node(n.op_type, n.domain ? n.domain : "",
                            sdk::Attributes(n.attrs, n.n_attrs), sig);
      } catch (const sdk::Error& e) {
        throw sdk::Error(e.code(), "node " + c.label + ": " + e.what());
      } catch (const std::exception& e) {
        throw std::invalid_argument("node " + c.label + ": " + e.what());
      }
      nodes_.push_back(std::move(c));
    }
    for (size_t i = 0; i < g.n_outputs; ++i) outputs_.insert(g.outputs[i]);
    grads_ = grads;
    if (!keep) plan_releases(g);
  }

  void set_input(const char* name, const DLTensor& v) {
    auto it = inputs_.find(name);
    if (it == inputs_.end()) throw std::invalid_argument(std::string("unknown input ") + name);
    at::Tensor& dst = values_[it->second];
    const at::Tensor src = from_host(v);
    if (src.sizes() != dst.sizes() || src.scalar_type() != dst.scalar_type())
      throw std::invalid_argument(std::string("input ") + name + " has the wrong shape or dtype");
    c10::InferenceMode guard(false);
    at::NoGradGuard no_grad;
    dst.copy_(src);
  }

  void forward() {
    c10::InferenceMode guard;
    run();
  }

  void forward_backward(const char* const* outs, size_t n) {
    if (!grads_) throw std::invalid_argument("built without gradients (allocate_gradients=0)");
    c10::AutoGradMode grad(true);
    run();
    at::Tensor loss;
    for (size_t i = 0; i < n; ++i) {
      const at::Tensor& o = value_of(outs[i]);
      loss = loss.defined() ? loss + o.sum() : (o.numel() == 1 ? o.reshape({}) : o.sum());
    }
    for (auto& [name, id] : params_) values_[id].mutable_grad().zero_();
    if (callback_) callback_(user_, static_cast<size_t>(-1), 1, 0);
    if (loss.requires_grad()) loss.backward();
    if (callback_) callback_(user_, static_cast<size_t>(-1), 1, 1);
    // Gradients accumulate into the tensors allocated at create; keep them there.
    for (auto& [name, id] : params_) {
      at::Tensor& p = values_[id];
      if (stable_.count(id) == 0) stable_[id] = p.grad();
      if (p.grad().data_ptr() != stable_[id].data_ptr()) {
        stable_[id].copy_(p.grad());
        p.mutable_grad() = stable_[id];
      }
    }
  }

  void view(int32_t kind, const char* name, DLTensor* out) {
    at::Tensor t;
    if (kind == D500_VIEW_PARAMETER || kind == D500_VIEW_GRADIENT) {
      auto it = params_.find(name);
      if (it == params_.end())
        throw std::invalid_argument(std::string("unknown parameter ") + name);
      const at::Tensor& p = values_[it->second];
      t = kind == D500_VIEW_PARAMETER ? p : p.grad();
      if (!t.defined()) throw std::invalid_argument("built without gradients");
    } else {
      if (kind == D500_VIEW_OUTPUT && !outputs_.count(name))
        throw std::invalid_argument(std::string("unknown output ") + name);
      t = value_of(name);
      if (!t.defined())
        throw sdk::unsupported(
            std::string("no value for ") + name +
            " (not computed yet, or freed after its last reader: keep_values 0)");
      t = t.detach().contiguous();
      kept_[name] = t;  // the view's memory lives until the next pass
    }
    out->data = t.data_ptr();
    out->device = {kDLCPU, 0};
    out->ndim = static_cast<int32_t>(t.dim());
    out->dtype = dl_type(t.scalar_type());
    out->shape = const_cast<int64_t*>(t.sizes().data());
    out->strides = nullptr;
    out->byte_offset = 0;
  }

  void set_parameter(const char* name, const DLTensor& v) {
    auto it = params_.find(name);
    if (it == params_.end()) throw std::invalid_argument(std::string("unknown parameter ") + name);
    const at::Tensor src = from_host(v);
    at::Tensor& p = values_[it->second];
    if (src.sizes() != p.sizes() || src.scalar_type() != p.scalar_type())
      throw std::invalid_argument(std::string("parameter ") + name +
                                  " has the wrong shape or dtype");
    at::NoGradGuard no_grad;
    p.copy_(src);
  }

  void set_callback(d500_node_callback cb, void* user) {
    callback_ = cb;
    user_ = user;
  }

 private:
  // For each node, the intermediates whose last reader it is (not inputs, initializers or
  // graph outputs).
  void plan_releases(const d500_graph& g) {
    std::vector<int> last(names_.size(), -1);
    for (size_t k = 0; k < nodes_.size(); ++k)
      for (int id : nodes_[k].in)
        if (id >= 0) last[id] = static_cast<int>(k);
    for (size_t id = 0; id < names_.size(); ++id) {
      const d500_graph_value& v = g.values[id];
      if (v.kind == D500_VALUE_INPUT || v.data || outputs_.count(names_[id]) || last[id] < 0)
        continue;
      nodes_[last[id]].release.push_back(static_cast<int>(id));
    }
  }

  const at::Tensor& value_of(const std::string& name) const {
    for (size_t i = 0; i < names_.size(); ++i)
      if (names_[i] == name) return values_[i];
    throw std::invalid_argument("unknown value " + name);
  }

  void run() {
    kept_.clear();
    std::vector<at::Tensor> args;
    for (size_t k = 0; k < nodes_.size(); ++k) {
      const CompiledNode& n = nodes_[k];
      if (callback_) callback_(user_, k, 0, 0);
      args.clear();
      for (int id : n.in) args.push_back(id < 0 ? at::Tensor() : values_[id]);
      std::vector<at::Tensor> res;
      try {
        res = n.fn(args);
      } catch (const c10::Error& e) {
        throw std::runtime_error("node " + n.label + ": " + e.what_without_backtrace());
      }
      for (size_t i = 0; i < n.out.size() && i < res.size(); ++i)
        if (n.out[i] >= 0) values_[n.out[i]] = std::move(res[i]);
      // Autograd keeps what backward needs itself, so training frees them too.
      for (int id : n.release) values_[id] = at::Tensor();
      if (callback_) callback_(user_, k, 0, 1);
    }
  }

  std::vector<std::string> names_;
  std::vector<at::Tensor> values_;
  std::vector<d500_tensor_info> infos_;
  std::map<std::string, int> inputs_, params_;
  std::set<std::string> outputs_;
  std::map<int, at::Tensor> stable_;
  std::map<std::string, at::Tensor> kept_;
  std::vector<CompiledNode> nodes_;
  bool grads_ = true;
  d500_node_callback callback_ = nullptr;
  void* user_ = nullptr;
};

GraphExecutor* self(void* p) {
  return static_cast<GraphExecutor*>(p);
}

int32_t create(const d500_graph* g, const d500_attr* opts, size_t n_opts, void** instance,
               d500_error* err) {
  return sdk::guard(err, [&] {
    const sdk::Attributes a(opts, n_opts);
    const bool grads = a.get_int("allocate_gradients", 1) != 0;
    *instance = new GraphExecutor(*g, grads, a.get_int("keep_values", 1) != 0);
  });
}

}  // namespace

void add_executors(std::vector<d500_executor>& out) {
  d500_executor e{};
  e.struct_size = sizeof(d500_executor);
  e.name = "default";
  e.device_type = kDLCPU;
  e.description = "ONNX graph on LibTorch: ATen calls per node, autograd for backward";
  e.create = &create;
  e.destroy = [](void* p) { delete self(p); };
  e.set_input = [](void* p, const char* name, const DLTensor* v, d500_error* err) {
    return sdk::guard(err, [&] { self(p)->set_input(name, *v); });
  };
  e.forward = [](void* p, d500_error* err) { return sdk::guard(err, [&] { self(p)->forward(); }); };
  e.forward_backward = [](void* p, const char* const* outs, size_t n, d500_error* err) {
    return sdk::guard(err, [&] { self(p)->forward_backward(outs, n); });
  };
  e.view = [](void* p, int32_t kind, const char* name, DLTensor* out, d500_error* err) {
    return sdk::guard(err, [&] { self(p)->view(kind, name, out); });
  };
  e.set_parameter = [](void* p, const char* name, const DLTensor* v, d500_error* err) {
    return sdk::guard(err, [&] { self(p)->set_parameter(name, *v); });
  };
  e.set_node_callback = [](void* p, d500_node_callback cb, void* user) {
    self(p)->set_callback(cb, user);
  };
  e.memory = nullptr;
  out.push_back(e);
}

}  // namespace d500::torch_plugin
