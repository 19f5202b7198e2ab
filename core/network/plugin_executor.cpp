#include "plugin_executor.h"

#include <cstring>
#include <map>

#include "opset_adapter.h"

namespace d500::network {

namespace {

d500_tensor_info info_of(const TensorType& t) {
  d500_tensor_info i{};
  i.dtype = t.dtype == DType::Invalid ? DLDataType{0, 0, 0} : to_dlpack(t.dtype);
  i.ndim = t.has_shape ? static_cast<int32_t>(t.shape.size()) : -1;
  for (size_t d = 0; t.has_shape && d < t.shape.size() && d < D500_MAX_DIMS; ++d)
    i.shape[d] = t.shape[d];
  return i;
}

// The graph in the ABI's layout; every pointer points into this object or the graph.
struct GraphMarshal {
  std::vector<std::vector<plugin::Attribute>> attrs;
  std::vector<plugin::CAttributes> c_attrs;  // in the executor plugin's layout
  std::vector<std::vector<const char*>> ins, outs;
  std::vector<d500_graph_node> nodes;
  std::vector<DLTensor> data;
  std::vector<d500_graph_value> values;
  std::vector<const char*> outputs;
  d500_graph g{};

  GraphMarshal(const Graph& graph, uint32_t abi) {
    const size_t n = graph.order().size();
    attrs.resize(n);
    c_attrs.reserve(n);
    ins.resize(n);
    outs.resize(n);
    for (size_t k = 0; k < n; ++k) {
      const Node& node = graph.nodes()[graph.order()[k]];
      std::vector<Shape> shapes;
      for (const auto& in : node.inputs) {
        const Value* v = in.empty() ? nullptr : graph.find(in);
        shapes.push_back(v && v->type.has_shape ? v->type.shape : Shape{});
      }
      auto adapted = adapt_attributes(node, shapes);
      if (!adapted) throw D500Error(adapted.error());
      attrs[k] = std::move(adapted).value();
      try {
        c_attrs.emplace_back(attrs[k], abi);
      } catch (const D500Error& e) {
        throw D500Error("node " + node.label() + ": " + e.what());
      }
      for (const auto& s : node.inputs) ins[k].push_back(s.c_str());
      for (const auto& s : node.outputs) outs[k].push_back(s.c_str());
      nodes.push_back({node.name.c_str(), node.op_type.c_str(), node.domain.c_str(), node.opset,
                       ins[k].data(), ins[k].size(), outs[k].data(), outs[k].size(),
                       c_attrs[k].data(), c_attrs[k].size()});
    }
    std::map<std::string, const Tensor*> known;
    for (const auto& p : graph.parameters()) known[p.name] = &p.value;
    for (const auto& c : graph.constants()) known[c.name] = &c.value;
    data.reserve(known.size());
    auto add = [&](const Value& v) {
      d500_graph_value gv{};
      gv.name = v.name.c_str();
      gv.kind = v.kind == ValueKind::Input       ? D500_VALUE_INPUT
                : v.kind == ValueKind::Parameter ? D500_VALUE_PARAMETER
                : v.kind == ValueKind::Constant  ? D500_VALUE_CONSTANT
                                                 : D500_VALUE_INTERMEDIATE;
      gv.is_output = v.is_output;
      gv.info = info_of(v.type);
      if (auto it = known.find(v.name); it != known.end()) {
        data.push_back(it->second->dl());
        gv.data = &data.back();
      }
      values.push_back(gv);
    };
    for (const auto& name : graph.inputs()) add(*graph.find(name));
    for (const auto& v : graph.values())
      if (v.kind != ValueKind::Input) add(v);
    for (const auto& o : graph.outputs()) outputs.push_back(o.c_str());
    g.struct_size = sizeof(d500_graph);
    g.nodes = nodes.data();
    g.n_nodes = nodes.size();
    g.values = values.data();
    g.n_values = values.size();
    g.outputs = outputs.data();
    g.n_outputs = outputs.size();
  }
};

class PluginExecutor final : public NetworkExecutor {
 public:
  PluginExecutor(const plugin::ExecutorImpl& impl, Graph graph, void* instance)
      : impl_(impl), graph_(std::move(graph)), instance_(instance) {
    for (const auto& p : graph_.parameters()) params_.push_back(p.name);
  }
  ~PluginExecutor() override { impl_.ex->destroy(instance_); }

  std::string description() const override {
    return impl_.id() + (impl_.ex->device_type == kDLCUDA ? " (cuda)" : " (cpu)");
  }
  const std::vector<std::string>& input_names() const override { return graph_.inputs(); }
  const std::vector<std::string>& output_names() const override { return graph_.outputs(); }
  TensorSpec input_spec(const std::string& name) const override { return spec(name, true); }
  TensorSpec output_spec(const std::string& name) const override { return spec(name, false); }

  void set_input(const std::string& name, const Tensor& value) override {
    const TensorSpec want = spec(name, true);
    if (value.dtype() != want.dtype || value.shape() != want.shape)
      throw D500Error("input \"" + name + "\" expects " + want.to_string() + ", got " +
                          TensorSpec{value.dtype(), value.shape()}.to_string(),
                      description());
    const DLTensor dl = value.dl();
    call([&](d500_error* e) { return impl_.ex->set_input(instance_, name.c_str(), &dl, e); });
  }
  void forward() override {
    step_ = 0;
    call([&](d500_error* e) { return impl_.ex->forward(instance_, e); });
  }
  const Tensor& output(const std::string& name) const override {
    spec(name, false);
    return copy_of(D500_VIEW_OUTPUT, name);
  }
  const Tensor* value(const std::string& name) const override {
    if (!graph_.find(name)) return nullptr;
    DLTensor dl{};
    d500_error err{};
    if (impl_.ex->view(instance_, D500_VIEW_VALUE, name.c_str(), &dl, &err) != D500_OK)
      return nullptr;
    return &store(name, dl);
  }
  void forward_backward(const std::string& loss) override {
    const TensorSpec s = spec(loss, false);
    if (element_count(s.shape) != 1)
      throw D500Error("loss \"" + loss + "\" is " + s.to_string() + ", not a scalar",
                      description());
    forward_backward_sum({loss});
  }
  void forward_backward_sum(const std::vector<std::string>& outputs) override {
    std::vector<const char*> names;
    for (const auto& o : outputs) {
      spec(o, false);
      names.push_back(o.c_str());
    }
    step_ = 0;
    call([&](d500_error* e) {
      return impl_.ex->forward_backward(instance_, names.data(), names.size(), e);
    });
  }
  const std::vector<std::string>& parameter_names() const override { return params_; }
  const Tensor& parameter(const std::string& name) const override {
    check_parameter(name);
    return copy_of(D500_VIEW_PARAMETER, name);
  }
  void set_parameter(const std::string& name, const Tensor& value) override {
    check_parameter(name);
    const DLTensor dl = value.dl();
    call([&](d500_error* e) { return impl_.ex->set_parameter(instance_, name.c_str(), &dl, e); });
  }
  const Tensor& gradient(const std::string& name) const override {
    check_parameter(name);
    return copy_of(D500_VIEW_GRADIENT, name);
  }
  DLTensor parameter_view(const std::string& name) override {
    check_parameter(name);
    return view(D500_VIEW_PARAMETER, name);
  }
  DLTensor gradient_view(const std::string& name) override {
    check_parameter(name);
    return view(D500_VIEW_GRADIENT, name);
  }
  std::optional<Memory> memory(bool reset_peak) override {
    if (!impl_.ex->memory) return std::nullopt;
    Memory m;
    d500_error err{};
    if (impl_.ex->memory(instance_, &m.current, &m.peak, reset_peak ? 1 : 0, &err) != D500_OK)
      return std::nullopt;
    return m;
  }
  void set_node_callback(NodeCallback callback) override {
    callback_ = std::move(callback);
    impl_.ex->set_node_callback(instance_, callback_ ? &PluginExecutor::trampoline : nullptr, this);
  }

 private:
  static void trampoline(void* user, size_t node, int32_t pass, int32_t after) {
    auto* self = static_cast<PluginExecutor*>(user);
    static const std::string kBackward = "(backward)", kAutograd = "(autograd)";
    NodeEvent ev;
    ev.pass = pass ? Pass::Backward : Pass::Forward;
    ev.after = after != 0;
    ev.step = self->step_;
    if (node < self->graph_.order().size()) {
      ev.node = self->graph_.order()[node];
      const Node& n = self->graph_.nodes()[ev.node];
      ev.name = &n.name;
      ev.op_type = &n.op_type;
    } else {
      ev.node = kWholePass;
      ev.name = &kBackward;
      ev.op_type = &kAutograd;
    }
    if (after) ++self->step_;
    self->callback_(ev);
  }

  template <class F>
  void call(F&& f) const {
    d500_error err{};
    const int32_t status = f(&err);
    if (status != D500_OK) {
      err.message[sizeof err.message - 1] = '\0';
      throw D500Error(err.message[0] ? err.message : "failed with status " + std::to_string(status),
                      description());
    }
  }
  TensorSpec spec(const std::string& name, bool input) const {
    const auto& list = input ? graph_.inputs() : graph_.outputs();
    for (const auto& n : list)
      if (n == name) {
        const Value* v = graph_.find(name);
        return {v->type.dtype, v->type.shape};
      }
    std::string known;
    for (const auto& n : list) known += (known.empty() ? "" : ", ") + n;
    throw D500Error(std::string("unknown ") + (input ? "input" : "output") + " \"" + name +
                        "\" (the model's " + (input ? "inputs" : "outputs") + ": " + known + ")",
                    description());
  }
  void check_parameter(const std::string& name) const {
    for (const auto& p : params_)
      if (p == name) return;
    throw D500Error("unknown parameter \"" + name + "\"", description());
  }
  DLTensor view(int32_t kind, const std::string& name) const {
    DLTensor dl{};
    call([&](d500_error* e) { return impl_.ex->view(instance_, kind, name.c_str(), &dl, e); });
    return dl;
  }
  const Tensor& copy_of(int32_t kind, const std::string& name) const {
    return store(name + "#" + std::to_string(kind), view(kind, name));
  }
  // Copies a CPU view into a host tensor kept until the next call for the same key.
  const Tensor& store(const std::string& key, const DLTensor& dl) const {
    if (dl.device.device_type != kDLCPU)
      throw D500Error("\"" + key + "\" lives on the device; only host values can be read here",
                      description());
    Shape shape(dl.shape, dl.shape + dl.ndim);
    Tensor t(from_dlpack(dl.dtype), shape);
    std::memcpy(t.data(), static_cast<const char*>(dl.data) + dl.byte_offset, t.nbytes());
    return copies_[key] = std::move(t);
  }

  plugin::ExecutorImpl impl_;
  Graph graph_;
  void* instance_;
  std::vector<std::string> params_;
  NodeCallback callback_;
  size_t step_ = 0;
  mutable std::map<std::string, Tensor> copies_;
};

}  // namespace

Result<std::unique_ptr<NetworkExecutor>> make_plugin_executor(const plugin::ExecutorImpl& impl,
                                                              Graph graph, bool allocate_gradients,
                                                              bool keep_intermediates) {
  for (const auto& name : graph.inputs()) {
    const Value* v = graph.find(name);
    if (!v->type.complete() || v->type.dtype == DType::Invalid)
      return Error{"input \"" + name + "\" has no complete type (" + v->type.to_string() +
                       "); give a batch size or its shape",
                   impl.id()};
  }
  try {
    GraphMarshal m(graph, impl.abi);
    std::vector<plugin::Attribute> grad{
        {"allocate_gradients", int64_t{allocate_gradients ? 1 : 0}}};
    if (!keep_intermediates) grad.push_back({"keep_values", int64_t{0}});
    const plugin::CAttributes opts(grad, impl.abi);
    void* instance = nullptr;
    d500_error err{};
    const int32_t status = impl.ex->create(&m.g, opts.data(), opts.size(), &instance, &err);
    if (status != D500_OK || !instance) {
      err.message[sizeof err.message - 1] = '\0';
      return Error{
          err.message[0] ? err.message : "create failed with status " + std::to_string(status),
          impl.id()};
    }
    return std::unique_ptr<NetworkExecutor>(new PluginExecutor(impl, std::move(graph), instance));
  } catch (const D500Error& e) {
    return e.error();
  }
}

}  // namespace d500::network
