// LibTorch's own optimizers (torch::optim::SGD, Adam, AdamW, Adagrad, RMSprop) behind the d500
// optimizer ABI, variant "native", with the hyper-parameter names and defaults of the reference
// plugin's optimizers, so the two can be validated against each other.
//
// Parameters and gradients are caller-owned DLTensors. They are seen as at::Tensors over the same
// memory (from_blob), and the wrappers are kept while the caller passes the same buffers, because
// torch::optim keys its per-parameter state (moments, step counts) by the TensorImpl. When the
// buffer of a position changes, its state moves over to the new wrapper. The gradients are handed
// to torch through mutable_grad(), and the learning rate is set in the parameter group before
// each step().
#include "optim.h"

#include <torch/optim.h>

#include <cmath>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "common.h"
#include "d500/sdk/optimizer.h"

namespace d500::torch_plugin {
namespace {

enum class Rule { Sgd, Momentum, Nesterov, Adam, AdamW, Adagrad, RmsProp };

double in_range(const Attributes& h, const char* name, double fallback, double lo, double hi,
                bool hi_open = false) {
  return sdk::hyper_in_range(h, name, fallback, lo, hi, hi_open);
}

constexpr double kInf = HUGE_VAL;

// The optimizer of one rule over a parameter list, built from the hyper-parameters.
template <Rule R>
std::unique_ptr<torch::optim::Optimizer> make(const Attributes& h, std::vector<at::Tensor> ps) {
  const double wd = in_range(h, "weight_decay", R == Rule::AdamW ? 1e-2 : 0.0, 0, kInf);
  const double lr = in_range(h, "lr", 1e-3, 0, kInf);
  if constexpr (R == Rule::Sgd || R == Rule::Momentum || R == Rule::Nesterov) {
    torch::optim::SGDOptions o(lr);
    o.weight_decay(wd);
    if (R != Rule::Sgd) o.momentum(in_range(h, "momentum", 0.9, 0, kInf));
    if (R == Rule::Momentum) o.dampening(in_range(h, "dampening", 0.0, 0, 1));
    if (R == Rule::Nesterov) o.nesterov(true);
    return std::make_unique<torch::optim::SGD>(std::move(ps), o);
  } else if constexpr (R == Rule::Adam || R == Rule::AdamW) {
    using Options =
        std::conditional_t<R == Rule::Adam, torch::optim::AdamOptions, torch::optim::AdamWOptions>;
    using Impl = std::conditional_t<R == Rule::Adam, torch::optim::Adam, torch::optim::AdamW>;
    Options o(lr);
    o.betas(std::make_tuple(in_range(h, "beta1", 0.9, 0, 1, true),
                            in_range(h, "beta2", 0.999, 0, 1, true)));
    o.eps(in_range(h, "eps", 1e-8, 0, kInf));
    o.weight_decay(wd);
    return std::make_unique<Impl>(std::move(ps), o);
  } else if constexpr (R == Rule::Adagrad) {
    torch::optim::AdagradOptions o(lr);
    o.lr_decay(in_range(h, "lr_decay", 0.0, 0, kInf));
    o.weight_decay(wd);
    o.initial_accumulator_value(in_range(h, "initial_accumulator_value", 0.0, 0, kInf));
    o.eps(in_range(h, "eps", 1e-10, 0, kInf));
    return std::make_unique<torch::optim::Adagrad>(std::move(ps), o);
  } else {
    torch::optim::RMSpropOptions o(lr);
    o.alpha(in_range(h, "alpha", 0.99, 0, 1));
    o.eps(in_range(h, "eps", 1e-8, 0, kInf));
    o.weight_decay(wd);
    o.momentum(in_range(h, "momentum", 0.0, 0, kInf));
    o.centered(h.get_float("centered", 0.0) != 0.0);
    return std::make_unique<torch::optim::RMSprop>(std::move(ps), o);
  }
}

// The state map's key of a parameter: its TensorImpl as text (LibTorch 1.x) or as a pointer (2.x).
template <class Map>
typename Map::key_type state_key(const at::Tensor& t) {
  using Key = typename Map::key_type;
  if constexpr (std::is_same_v<Key, std::string>)
    return c10::guts::to_string(t.unsafeGetTensorImpl());
  else
    return static_cast<Key>(t.unsafeGetTensorImpl());
}

at::Tensor wrap(const DLTensor& t) {
  std::vector<int64_t> shape(t.shape, t.shape + t.ndim);
  return at::from_blob(static_cast<char*>(t.data) + t.byte_offset, shape,
                       at::TensorOptions().dtype(scalar_type(t.dtype)).device(c10::kCPU));
}

template <Rule R>
class Native : public sdk::Optimizer<Native<R>> {
 public:
  explicit Native(const Attributes& h) : hyper_(h) {
    switch (R) {
      case Rule::Sgd:
        h.expect_only({"lr", "weight_decay"});
        break;
      case Rule::Momentum:
        h.expect_only({"lr", "momentum", "dampening", "weight_decay"});
        break;
      case Rule::Nesterov:
        h.expect_only({"lr", "momentum", "weight_decay"});
        break;
      case Rule::Adam:
      case Rule::AdamW:
        h.expect_only({"lr", "beta1", "beta2", "eps", "weight_decay"});
        break;
      case Rule::Adagrad:
        h.expect_only({"lr", "lr_decay", "weight_decay", "initial_accumulator_value", "eps"});
        break;
      case Rule::RmsProp:
        h.expect_only({"lr", "alpha", "eps", "weight_decay", "momentum", "centered"});
        break;
    }
    if (R == Rule::Nesterov && h.get_float("momentum", 0.9) <= 0)
      throw std::invalid_argument("nesterov needs momentum > 0");
    // Check every value now (on an empty parameter list) rather than at the first step.
    try {
      make<R>(hyper_.view(), {});
    } catch (const c10::Error& e) {
      throw std::invalid_argument(torch_message(e));
    }
  }

  void step(sdk::Params params, sdk::Grads grads, double lr) {
    try {
      bind(params, grads);
      opt_->param_groups()[0].options().set_lr(lr);
      opt_->step();
    } catch (const c10::Error& e) {
      throw sdk::Error(D500_ERR_RUNTIME, torch_message(e));
    }
  }

 private:
  // The hyper-parameters copied out of create()'s borrowed attributes.
  struct Hyper {
    explicit Hyper(const Attributes& h) {
      for (const d500_attr& a : h) names.emplace_back(a.name ? a.name : "");
      for (size_t i = 0; i < h.size(); ++i) {
        d500_attr a = h.begin()[i];
        a.name = names[i].c_str();
        a.s = nullptr, a.ints = nullptr, a.floats = nullptr, a.count = 0;
        attrs.push_back(a);
      }
    }
    Hyper(const Hyper&) = delete;  // attrs point into names
    Hyper& operator=(const Hyper&) = delete;
    Attributes view() const { return Attributes(attrs.data(), attrs.size()); }
    std::vector<std::string> names;  // complete before attrs point into it
    std::vector<d500_attr> attrs;
  };

  void bind(sdk::Params params, sdk::Grads grads) {
    const size_t n = params.size();
    if (!opt_) {
      std::vector<at::Tensor> ps;
      for (size_t i = 0; i < n; ++i) {
        ps.push_back(wrap(params[i].dl()));
        data_.push_back(params[i].dl().data);
      }
      opt_ = make<R>(hyper_.view(), ps);
      grad_data_.assign(n, nullptr);
    }
    std::vector<at::Tensor>& ps = opt_->param_groups()[0].params();
    for (size_t i = 0; i < n; ++i) {
      const DLTensor& p = params[i].dl();
      if (p.data != data_[i]) rebind(ps[i], wrap(p)), data_[i] = p.data;
      const DLTensor& g = grads[i].dl();
      if (g.data != grad_data_[i] || !ps[i].grad().defined()) {
        ps[i].mutable_grad() = wrap(g);
        grad_data_[i] = g.data;
      }
    }
  }

  // The parameter of a position now lives in another buffer: its state follows it.
  void rebind(at::Tensor& slot, at::Tensor fresh) {
    auto& state = opt_->state();
    using Map = std::remove_reference_t<decltype(state)>;
    auto it = state.find(state_key<Map>(slot));
    if (it != state.end()) {
      auto moved = std::move(it->second);
      state.erase(it);
      state[state_key<Map>(fresh)] = std::move(moved);
    }
    slot = std::move(fresh);
  }

  Hyper hyper_;
  std::unique_ptr<torch::optim::Optimizer> opt_;
  std::vector<void*> data_, grad_data_;
};

const d500_optimizer kSgd =
    Native<Rule::Sgd>::define({"sgd", "native", "torch::optim::SGD (momentum 0)"});
const d500_optimizer kMomentum =
    Native<Rule::Momentum>::define({"momentum", "native", "torch::optim::SGD with momentum"});
const d500_optimizer kNesterov =
    Native<Rule::Nesterov>::define({"nesterov", "native", "torch::optim::SGD with nesterov=true"});
const d500_optimizer kAdam = Native<Rule::Adam>::define({"adam", "native", "torch::optim::Adam"});
const d500_optimizer kAdamW =
    Native<Rule::AdamW>::define({"adamw", "native", "torch::optim::AdamW"});
const d500_optimizer kAdagrad =
    Native<Rule::Adagrad>::define({"adagrad", "native", "torch::optim::Adagrad"});
const d500_optimizer kRmsProp =
    Native<Rule::RmsProp>::define({"rmsprop", "native", "torch::optim::RMSprop"});

const d500_optimizer* const kAll[] = {&kSgd,   &kMomentum, &kNesterov, &kAdam,
                                      &kAdamW, &kAdagrad,  &kRmsProp};

}  // namespace

const d500_optimizer* const* native_optimizers() {
  return kAll;
}
size_t native_optimizer_count() {
  return sizeof kAll / sizeof kAll[0];
}

}  // namespace d500::torch_plugin
