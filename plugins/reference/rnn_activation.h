// The activation functions the ONNX recurrent operators (RNN, GRU, LSTM) name in their
// `activations` attribute, with the `activation_alpha` / `activation_beta` values consumed in
// order by the functions that take them (defaults those of the ONNX operators of the same name).
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace d500::reference {

class RnnActivation {
 public:
  enum class Kind {
    Relu,
    Tanh,
    Sigmoid,
    Affine,
    LeakyRelu,
    ThresholdedRelu,
    ScaledTanh,
    HardSigmoid,
    Elu,
    Softsign,
    Softplus
  };

  // Parses one name (case-insensitive); alpha/beta are taken from the lists at *ia / *ib when
  // the function uses them, which then advance.
  static RnnActivation parse(const std::string& name, const std::vector<double>& alphas,
                             const std::vector<double>& betas, size_t* ia, size_t* ib) {
    std::string n = name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    struct Entry {
      const char* name;
      Kind kind;
      int params;
      double alpha, beta;
    };
    static const Entry table[] = {{"relu", Kind::Relu, 0, 0, 0},
                                  {"tanh", Kind::Tanh, 0, 0, 0},
                                  {"sigmoid", Kind::Sigmoid, 0, 0, 0},
                                  {"affine", Kind::Affine, 2, 1.0, 0.0},
                                  {"leakyrelu", Kind::LeakyRelu, 1, 0.01, 0},
                                  {"thresholdedrelu", Kind::ThresholdedRelu, 1, 1.0, 0},
                                  {"scaledtanh", Kind::ScaledTanh, 2, 1.0, 1.0},
                                  {"hardsigmoid", Kind::HardSigmoid, 2, 0.2, 0.5},
                                  {"elu", Kind::Elu, 1, 1.0, 0},
                                  {"softsign", Kind::Softsign, 0, 0, 0},
                                  {"softplus", Kind::Softplus, 0, 0, 0}};
    for (const Entry& e : table) {
      if (n != e.name) continue;
      RnnActivation a;
      a.kind_ = e.kind, a.alpha_ = e.alpha, a.beta_ = e.beta;
      if (e.params >= 1 && *ia < alphas.size()) a.alpha_ = alphas[(*ia)++];
      if (e.params >= 2 && *ib < betas.size()) a.beta_ = betas[(*ib)++];
      return a;
    }
    throw std::invalid_argument(
        "activation '" + name +
        "' is not one of Relu, Tanh, Sigmoid, Affine, LeakyRelu, "
        "ThresholdedRelu, ScaledTanh, HardSigmoid, Elu, Softsign, Softplus");
  }

  // The derivative at x (one-sided 0 at the kinks of Relu, ThresholdedRelu and HardSigmoid).
  double derivative(double x) const {
    switch (kind_) {
      case Kind::Relu:
        return x > 0 ? 1 : 0;
      case Kind::Tanh: {
        const double t = std::tanh(x);
        return 1 - t * t;
      }
      case Kind::Sigmoid: {
        const double s = 1 / (1 + std::exp(-x));
        return s * (1 - s);
      }
      case Kind::Affine:
        return alpha_;
      case Kind::LeakyRelu:
        return x >= 0 ? 1 : alpha_;
      case Kind::ThresholdedRelu:
        return x > alpha_ ? 1 : 0;
      case Kind::ScaledTanh: {
        const double t = std::tanh(beta_ * x);
        return alpha_ * beta_ * (1 - t * t);
      }
      case Kind::HardSigmoid: {
        const double v = alpha_ * x + beta_;
        return v > 0 && v < 1 ? alpha_ : 0;
      }
      case Kind::Elu:
        return x >= 0 ? 1 : alpha_ * std::exp(x);
      case Kind::Softsign: {
        const double d = 1 + std::fabs(x);
        return 1 / (d * d);
      }
      case Kind::Softplus:
        return 1 / (1 + std::exp(-x));
    }
    return 1;
  }

  double operator()(double x) const {
    switch (kind_) {
      case Kind::Relu:
        return x > 0 ? x : 0;
      case Kind::Tanh:
        return std::tanh(x);
      case Kind::Sigmoid:
        return 1 / (1 + std::exp(-x));
      case Kind::Affine:
        return alpha_ * x + beta_;
      case Kind::LeakyRelu:
        return x >= 0 ? x : alpha_ * x;
      case Kind::ThresholdedRelu:
        return x > alpha_ ? x : 0;
      case Kind::ScaledTanh:
        return alpha_ * std::tanh(beta_ * x);
      case Kind::HardSigmoid:
        return std::max(0.0, std::min(1.0, alpha_ * x + beta_));
      case Kind::Elu:
        return x >= 0 ? x : alpha_ * (std::exp(x) - 1);
      case Kind::Softsign:
        return x / (1 + std::fabs(x));
      case Kind::Softplus:
        return std::log1p(std::exp(x));
    }
    return x;
  }

 private:
  Kind kind_ = Kind::Tanh;
  double alpha_ = 0, beta_ = 0;
};

}  // namespace d500::reference
