// ONNX SoftmaxCrossEntropyLoss and NegativeLogLikelihoodLoss through ATen's nll_loss kernels,
// and ai.d500 MeanSquaredError through at::mse_loss. Labels (int64 or int32) get no gradient:
// a buffer passed for one is zeroed.
#include "common.h"
#include "registry.h"

namespace d500::torch_plugin {

// The negative log-likelihood part both losses share: input [N, C, d1..dk] of log-probabilities,
// target [N, d1..dk], optional weight [C], reduction, ignore_index. Inputs with k >= 1 run through
// the 2-D kernel as [N, C, d1*...*dk, 1].
class NllCore {
 public:
  NllCore(const Attributes& a, const std::vector<TensorInfo>& in, const char* input_name)
      : type_(real_type(in, 0, 1)) {
    if (in.size() < 2 || in.size() > 3)
      throw std::invalid_argument("expects " + std::string(input_name) +
                                  ", target and optional weights");
    x_shape_ = in[0].shape();
    t_shape_ = in[1].shape();
    if (x_shape_.size() < 2) throw std::invalid_argument("input must be [N, C, d1..dk]");
    Shape expect = x_shape_;
    expect.erase(expect.begin() + 1);
    if (t_shape_ != expect)
      throw std::invalid_argument("target " + sdk::shape_string(t_shape_) + " must be " +
                                  sdk::shape_string(expect));
    t_type_ = scalar_type(in[1].dtype());
    if (t_type_ != at::kLong && t_type_ != at::kInt)
      throw std::invalid_argument("target must be int64 or int32, got " + in[1].str());
    const std::string r = a.get_string("reduction", "mean");
    reduction_ = r == "mean"   ? at::Reduction::Mean
                 : r == "sum"  ? at::Reduction::Sum
                 : r == "none" ? at::Reduction::None
                               : -1;
    if (reduction_ < 0)
      throw std::invalid_argument("reduction '" + r + "' is not mean, sum or none");
    ignore_ =
        a.has("ignore_index") ? a.get_int("ignore_index") : std::numeric_limits<int64_t>::min();
    has_weight_ = present(in, 2);
    c_ = x_shape_[1];
    if (has_weight_ &&
        (in[2].shape() != Shape{c_} || !sdk::same_dtype(in[2].dtype(), in[0].dtype())))
      throw std::invalid_argument("weights must be [" + std::to_string(c_) +
                                  "] of the input's dtype");
    nd_ = x_shape_.size() > 2;
    const int64_t n = x_shape_[0], s = nd_ ? numel(t_shape_) / n : 1;
    x_view_ = nd_ ? Shape{n, c_, s, 1} : x_shape_;
    t_view_ = nd_ ? Shape{n, s, 1} : t_shape_;
    loss_shape_ = reduction_ == at::Reduction::None ? t_shape_ : Shape{};
    const Shape loss_view = reduction_ == at::Reduction::None ? t_view_ : Shape{};
    target_ = Slot("target", t_type_, t_shape_, t_view_);
    weight_ = Slot("weight", type_, {c_}), dweight_ = Slot("d weight", type_, {c_});
    loss_ = Slot("loss", type_, loss_shape_, loss_view);
    dloss_ = Slot("d loss", type_, loss_shape_, loss_view);
  }

  at::ScalarType type() const { return type_; }
  const Shape& x_shape() const { return x_shape_; }
  const Shape& x_view() const { return x_view_; }
  TensorInfo loss_info() const { return info(type_, loss_shape_); }

  // loss = nll(lp, target); lp seen in x_view().
  void forward(Outputs out, const at::Tensor& lp, Inputs in) {
    at::Tensor& loss = loss_(out[0]);
    nll(loss, lp, target(in), weight(in));
  }

  // dlp = d loss / d lp; dweight when wanted (input 2's gradient).
  void backward(at::Tensor& dlp, const at::Tensor& lp, Inputs go, Inputs in, Outputs gi) {
    zero_gradient(gi, 1);  // labels
    const at::Tensor& t = target(in);
    const c10::optional<at::Tensor> w = weight(in);
    at::Tensor& value = scratch(loss_buf_, loss_view_sizes(), lp);
    nll(value, lp, t, w);  // recomputed for the total weight the gradient kernel needs
    const at::Tensor& g = dloss_(go[0]);
    if (nd_)
      at::nll_loss2d_backward_out(dlp, g, lp, t, w, reduction_, ignore_, total_weight_);
    else
      at::nll_loss_backward_out(dlp, g, lp, t, w, reduction_, ignore_, total_weight_);
    if (has_weight_ && wanted(gi, 2)) weight_gradient(dweight_(gi[2]), lp, t, g, value);
  }

 private:
  Shape loss_view_sizes() const { return reduction_ == at::Reduction::None ? t_view_ : Shape{}; }

  void nll(at::Tensor& loss, const at::Tensor& lp, const at::Tensor& t,
           const c10::optional<at::Tensor>& w) {
    at::Tensor& tw = scratch(total_weight_, {}, lp);
    if (nd_)
      at::nll_loss2d_forward_out(loss, tw, lp, t, w, reduction_, ignore_);
    else
      at::nll_loss_forward_out(loss, tw, lp, t, w, reduction_, ignore_);
  }

  const at::Tensor& target(Inputs in) {
    const at::Tensor& t = target_(in[1]);
    if (t_type_ == at::kLong) return t;
    return scratch(target64_, t_view_, t, at::kLong).copy_(t);
  }
  c10::optional<at::Tensor> weight(Inputs in) {
    if (!has_weight_) return c10::nullopt;
    return weight_(in[2]);
  }

  // d loss / d weight[c], with l_i = -lp[i, t_i] over the positions i not ignored:
  // none: sum_{t_i=c} g_i l_i; sum: g sum_{t_i=c} l_i; mean: g sum_{t_i=c} (l_i - loss) / W.
  void weight_gradient(at::Tensor& dw, const at::Tensor& lp, const at::Tensor& t,
                       const at::Tensor& g, const at::Tensor& value) {
    const at::Tensor flat_t = t.reshape({-1});
    const at::Tensor valid = flat_t.ne(ignore_);
    const at::Tensor cls = flat_t.masked_fill(valid.logical_not(), 0);
    const at::Tensor lp3 = lp.reshape({x_shape_[0], c_, -1});
    at::Tensor l = lp3.gather(1, cls.view({x_shape_[0], 1, -1})).reshape({-1}).neg_();
    if (reduction_ == at::Reduction::None)
      l.mul_(g.reshape({-1}));
    else if (reduction_ == at::Reduction::Sum)
      l.mul_(g);
    else
      l.sub_(value).div_(total_weight_).mul_(g);
    l.mul_(valid);
    dw.zero_().index_add_(0, cls, l);
  }

  at::ScalarType type_, t_type_ = at::kLong;
  Shape x_shape_, t_shape_, x_view_, t_view_, loss_shape_;
  int64_t reduction_ = at::Reduction::Mean, ignore_ = 0, c_ = 0;
  bool has_weight_ = false, nd_ = false;
  Slot target_, weight_, dweight_, loss_, dloss_;
  at::Tensor target64_, total_weight_, loss_buf_;
};

// SoftmaxCrossEntropyLoss: log_prob = LogSoftmax(scores, axis 1), then NLL. Outputs the loss and
// the optional log_prob; a gradient passed for log_prob is added to the loss's.
class SoftmaxCrossEntropy {
 public:
  SoftmaxCrossEntropy(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in,
                      const Constants&)
      : core_(a, in, "scores") {
    a.expect_only({"ignore_index", "reduction"});
    const auto t = core_.type();
    const Shape& s = core_.x_shape();
    const Shape& v = core_.x_view();
    x_ = Slot("scores", t, s, v), dx_ = Slot("d scores", t, s, v);
    lp_ = Slot("log_prob", t, s, v), dlp_ = Slot("d log_prob", t, s, v);
  }

  std::vector<TensorInfo> outputs() const {
    return {core_.loss_info(), info(core_.type(), core_.x_shape())};
  }

  void forward(Inputs in, Outputs out) {
    const at::Tensor& x = x_(in[0]);
    at::Tensor& lp = wanted(out, 1) ? lp_(out[1]) : scratch(lp_buf_, core_.x_view(), x);
    at::_log_softmax_out(lp, x, 1, false);
    core_.forward(out, lp, in);
  }

  void backward(Inputs go, Inputs in, Inputs out, Outputs gi) {
    const at::Tensor& x = x_(in[0]);
    const at::Tensor* lp = nullptr;
    if (given(out, 1)) {
      lp = &lp_(out[1]);
    } else {
      at::_log_softmax_out(scratch(lp_buf_, core_.x_view(), x), x, 1, false);
      lp = &lp_buf_;
    }
    at::Tensor& dlp = scratch(dlp_buf_, core_.x_view(), x);
    core_.backward(dlp, *lp, go, in, gi);
    if (given(go, 1)) dlp.add_(dlp_(go[1]));
    if (wanted(gi, 0)) at::_log_softmax_backward_data_out(dx_(gi[0]), dlp, *lp, 1, core_.type());
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(core_.x_shape()));
    return {5.0 * n, 2.0 * n * static_cast<double>(type_size(core_.type()))};
  }

 private:
  NllCore core_;
  Slot x_, dx_, lp_, dlp_;
  at::Tensor lp_buf_, dlp_buf_;
};

class NegativeLogLikelihood {
 public:
  NegativeLogLikelihood(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in,
                        const Constants&)
      : core_(a, in, "input") {
    a.expect_only({"ignore_index", "reduction"});
    x_ = Slot("input", core_.type(), core_.x_shape(), core_.x_view());
    dx_ = Slot("d input", core_.type(), core_.x_shape(), core_.x_view());
  }
  std::vector<TensorInfo> outputs() const { return {core_.loss_info()}; }
  void forward(Inputs in, Outputs out) { core_.forward(out, x_(in[0]), in); }
  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    const at::Tensor& x = x_(in[0]);
    at::Tensor& dx = wanted(gi, 0) ? dx_(gi[0]) : scratch(dx_buf_, core_.x_view(), x);
    core_.backward(dx, x, go, in, gi);
  }
  Cost cost() const {
    return {static_cast<double>(numel(core_.x_shape()) / core_.x_shape()[1]),
            static_cast<double>(numel(core_.x_shape()) * type_size(core_.type()))};
  }

 private:
  NllCore core_;
  Slot x_, dx_;
  at::Tensor dx_buf_;
};

// ai.d500 MeanSquaredError(prediction, target): reduction mean (default), sum or none of
// (prediction - target)^2; both inputs of one shape.
class MeanSquaredError {
 public:
  MeanSquaredError(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in,
                   const Constants&)
      : type_(real_type(in)) {
    a.expect_only({"reduction"});
    sdk::expect_count(in.size(), 2, "inputs");
    shape_ = in[0].shape();
    if (in[1].shape() != shape_)
      throw std::invalid_argument("prediction " + in[0].str() + " and target " + in[1].str() +
                                  " differ in shape");
    const std::string r = a.get_string("reduction", "mean");
    reduction_ = r == "mean"   ? at::Reduction::Mean
                 : r == "sum"  ? at::Reduction::Sum
                 : r == "none" ? at::Reduction::None
                               : -1;
    if (reduction_ < 0)
      throw std::invalid_argument("reduction '" + r + "' is not mean, sum or none");
    y_shape_ = reduction_ == at::Reduction::None ? shape_ : Shape{};
    p_ = Slot("prediction", type_, shape_), t_ = Slot("target", type_, shape_);
    dp_ = Slot("d prediction", type_, shape_), dt_ = Slot("d target", type_, shape_);
    y_ = Slot("loss", type_, y_shape_), dy_ = Slot("d loss", type_, y_shape_);
  }
  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }
  // LibTorch 1.13's mse_loss_out reduces over no dimension (mean_out with an empty list), so
  // only reduction none writes into Y directly; the reductions copy their one element.
  void forward(Inputs in, Outputs out) {
    if (reduction_ == at::Reduction::None)
      at::mse_loss_out(y_(out[0]), p_(in[0]), t_(in[1]), reduction_);
    else
      y_(out[0]).copy_(at::mse_loss(p_(in[0]), t_(in[1]), reduction_));
  }
  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    if (!wanted(gi, 0) && !wanted(gi, 1)) return;
    at::Tensor& dp = wanted(gi, 0) ? dp_(gi[0]) : dt_(gi[1]);
    at::mse_loss_backward_out(dp, dy_(go[0]), p_(in[0]), t_(in[1]), reduction_);
    if (!wanted(gi, 1)) return;
    if (wanted(gi, 0))
      at::neg_out(dt_(gi[1]), dp);
    else
      dp.neg_();  // dp is dT's buffer here
  }
  Cost cost() const {
    const double n = static_cast<double>(numel(shape_));
    return {3.0 * n, 2.0 * n * static_cast<double>(type_size(type_))};
  }

 private:
  at::ScalarType type_;
  int64_t reduction_ = at::Reduction::Mean;
  Shape shape_, y_shape_;
  Slot p_, t_, dp_, dt_, y_, dy_;
};

// The torch executor's functions of this file's operators (graph_ops.h).
namespace {
using namespace graph;

int64_t graph_reduction(const Attrs& a) {
  const std::string r = a.get_string("reduction", "mean");
  if (r == "mean") return at::Reduction::Mean;
  if (r == "sum") return at::Reduction::Sum;
  if (r == "none") return at::Reduction::None;
  throw std::invalid_argument("reduction '" + r + "' is not none, sum or mean");
}

NodeFn graph_nll(const Attrs& a, const NodeSignature& s, bool with_softmax) {
  const int64_t red = graph_reduction(a);
  const int64_t ignore = a.get_int("ignore_index", -100000007);
  const bool weighted = given(s, 2);
  return [=](const std::vector<at::Tensor>& in) {
    const at::Tensor logp = with_softmax ? at::log_softmax(in[0], 1) : in[0];
    at::Tensor loss = at::nll_loss_nd(logp, in[1], weighted ? in[2] : at::Tensor(), red, ignore);
    std::vector<at::Tensor> out{loss};
    if (with_softmax) out.push_back(logp);
    return out;
  };
}

template <bool WithSoftmax>
NodeFn graph_nll_of(const Attrs& a, const NodeSignature& s) {
  return graph_nll(a, s, WithSoftmax);
}

NodeFn graph_mse(const Attrs& a, const NodeSignature&) {
  const int64_t red = graph_reduction(a);
  return [=](const std::vector<at::Tensor>& in) {
    return std::vector<at::Tensor>{at::mse_loss(in[0], in[1], red)};
  };
}
}  // namespace

void add_loss_ops(std::vector<d500_operator>& ops, bool cuda) {
  add<SoftmaxCrossEntropy>(ops, cuda, "SoftmaxCrossEntropyLoss",
                           "ONNX SoftmaxCrossEntropyLoss via at::_log_softmax_out and "
                           "at::nll_loss(2d)_forward_out; backward via their _backward kernels",
                           graph_nll_of<true>);
  add<NegativeLogLikelihood>(ops, cuda, "NegativeLogLikelihoodLoss",
                             "ONNX NegativeLogLikelihoodLoss via at::nll_loss(2d)_forward_out; "
                             "backward at::nll_loss(2d)_backward_out",
                             graph_nll_of<false>);
  add<MeanSquaredError>(ops, cuda, "MeanSquaredError",
                        "ai.d500 MeanSquaredError via at::mse_loss_out; backward "
                        "at::mse_loss_backward_out",
                        graph_mse, "ai.d500");
}

}  // namespace d500::torch_plugin
