// Det and Einsum (linalg_ops.h), float32/float64, computed in double.
#include "linalg_ops.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "common.h"
#include "quant_common.h"

namespace d500::reference {
namespace {

// Det of [..., M, M]: LU decomposition with partial pivoting per matrix.
class Det : public sdk::Operator<Det> {
 public:
  Det(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({});
    sdk::expect_count(in.size(), 1, "inputs");
    x_ = in[0];
    dtype_ = real_dtype(in);
    if (x_.ndim() < 2 || x_.dim(-1) != x_.dim(-2))
      throw std::invalid_argument("X must be [..., M, M], got " + x_.str());
    y_.assign(x_.shape().begin(), x_.shape().end() - 2);
  }
  std::vector<TensorInfo> outputs() const { return {real_info(dtype_, y_)}; }
  void forward(Inputs in, Outputs out) const {
    expect_shape(in[0], x_.shape(), "X");
    std::vector<double> x = to_doubles(in[0]), y(static_cast<size_t>(numel(y_)));
    const auto m = static_cast<size_t>(x_.dim(-1));
    for (size_t k = 0; k < y.size(); ++k) y[k] = det(x.data() + k * m * m, m);
    write_values(out[0], y);
  }

 private:
  static double det(double* a, size_t m) {
    double d = 1;
    for (size_t c = 0; c < m; ++c) {
      size_t p = c;
      for (size_t r = c + 1; r < m; ++r)
        if (std::fabs(a[r * m + c]) > std::fabs(a[p * m + c])) p = r;
      if (a[p * m + c] == 0) return 0;
      if (p != c) {
        for (size_t j = 0; j < m; ++j) std::swap(a[p * m + j], a[c * m + j]);
        d = -d;
      }
      d *= a[c * m + c];
      for (size_t r = c + 1; r < m; ++r) {
        const double f = a[r * m + c] / a[c * m + c];
        for (size_t j = c; j < m; ++j) a[r * m + j] -= f * a[c * m + j];
      }
    }
    return d;
  }
  TensorInfo x_;
  Real dtype_ = Real::Float32;
  Shape y_;
};

// One operand's labels: letters as themselves, the dimensions of "..." as 256 + their position
// counted from the right end of the ellipsis (so they align across operands as numpy's do).
using Labels = std::vector<int>;

Labels parse_term(const std::string& term, int64_t rank, int64_t* ellipsis_rank) {
  Labels out;
  const size_t dots = term.find("...");
  int64_t letters = 0;
  for (char ch : term)
    if (std::isalpha(static_cast<unsigned char>(ch)))
      ++letters;
    else if (ch != '.')
      throw std::invalid_argument(std::string("equation has '") + ch + "'");
  const int64_t e = dots == std::string::npos ? 0 : rank - letters;
  if (rank >= 0 && (e < 0 || (dots == std::string::npos && letters != rank)))
    throw std::invalid_argument("term '" + term + "' does not fit a rank-" + std::to_string(rank) +
                                " operand");
  if (ellipsis_rank) *ellipsis_rank = std::max(*ellipsis_rank, e);
  for (size_t i = 0; i < term.size(); ++i) {
    if (i == dots) {
      for (int64_t k = e; k-- > 0;) out.push_back(256 + static_cast<int>(k));
      i += 2;
    } else {
      out.push_back(term[i]);
    }
  }
  return out;
}

class Einsum : public sdk::Operator<Einsum> {
 public:
  Einsum(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"equation"});
    if (in.empty()) throw std::invalid_argument("Einsum takes at least one input");
    dtype_ = real_dtype(in);
    std::string eq;
    for (char ch : attrs.get_string("equation"))
      if (ch != ' ') eq += ch;
    const size_t arrow = eq.find("->");
    const std::string lhs = eq.substr(0, arrow);
    std::vector<std::string> terms(1);
    for (char ch : lhs)
      if (ch == ',')
        terms.emplace_back();
      else
        terms.back().push_back(ch);
    if (terms.size() != in.size())
      throw std::invalid_argument("equation '" + eq + "' has " + std::to_string(terms.size()) +
                                  " operands, " + std::to_string(in.size()) + " inputs given");
    int64_t ell = 0;
    for (size_t i = 0; i < in.size(); ++i) {
      shapes_.push_back(in[i].shape());
      labels_.push_back(parse_term(terms[i], static_cast<int64_t>(in[i].ndim()), &ell));
    }
    std::map<int, int64_t> count;
    for (size_t i = 0; i < in.size(); ++i)
      for (size_t d = 0; d < labels_[i].size(); ++d) {
        const int l = labels_[i][d];
        const int64_t n = shapes_[i][d];
        ++count[l];
        auto [it, fresh] = size_.emplace(l, n);
        if (!fresh && it->second != n) {
          if (it->second == 1)
            it->second = n;
          else if (n != 1 || l < 256)
            throw std::invalid_argument("label sizes differ in '" + eq + "'");
        }
      }
    if (arrow != std::string::npos) {
      const std::string rhs = eq.substr(arrow + 2);
      for (size_t i = 0; i < rhs.size(); ++i) {
        if (rhs.compare(i, 3, "...") == 0) {
          for (int64_t k = ell; k-- > 0;) out_.push_back(256 + static_cast<int>(k));
          i += 2;
        } else if (std::isalpha(static_cast<unsigned char>(rhs[i]))) {
          out_.push_back(rhs[i]);
        } else {
          throw std::invalid_argument("equation output has '" + std::string(1, rhs[i]) + "'");
        }
      }
    } else {
      for (int64_t k = ell; k-- > 0;) out_.push_back(256 + static_cast<int>(k));
      for (auto [l, c] : count)
        if (l < 256 && c == 1) out_.push_back(l);
    }
    for (int l : out_) {
      if (!size_.count(l))
        throw std::invalid_argument("output label not among the inputs' in '" + eq + "'");
      y_.push_back(size_[l]);
    }
    for (auto [l, n] : size_)
      if (std::find(out_.begin(), out_.end(), l) == out_.end()) summed_.push_back(l);
  }
  std::vector<TensorInfo> outputs() const { return {real_info(dtype_, y_)}; }
  void forward(Inputs in, Outputs out) const {
    std::vector<std::vector<double>> x;
    for (size_t i = 0; i < shapes_.size(); ++i) {
      expect_shape(in[i], shapes_[i], "input");
      x.push_back(to_doubles(in[i]));
    }
    std::vector<double> y(static_cast<size_t>(numel(y_)), 0.0);
    each([&](int64_t o, const std::map<int, int64_t>& at) {
      double p = 1;
      for (size_t i = 0; i < x.size(); ++i) p *= x[i][static_cast<size_t>(offset(i, at))];
      y[static_cast<size_t>(o)] += p;
    });
    write_values(out[0], y);
  }
  // dX_i at each visited index += dY at the output index times the product of the other operands.
  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) const {
    std::vector<std::vector<double>> x, g;
    for (size_t i = 0; i < shapes_.size(); ++i) {
      expect_shape(in[i], shapes_[i], "input");
      x.push_back(to_doubles(in[i]));
      g.emplace_back(i < dx.size() && dx[i].defined() ? x.back().size() : 0, 0.0);
    }
    expect_shape(dys[0], y_, "dY");
    const std::vector<double> dy = to_doubles(dys[0]);
    each([&](int64_t o, const std::map<int, int64_t>& at) {
      for (size_t i = 0; i < x.size(); ++i) {
        if (g[i].empty()) continue;
        double p = dy[static_cast<size_t>(o)];
        for (size_t j = 0; j < x.size(); ++j)
          if (j != i) p *= x[j][static_cast<size_t>(offset(j, at))];
        g[i][static_cast<size_t>(offset(i, at))] += p;
      }
    });
    for (size_t i = 0; i < g.size(); ++i)
      if (!g[i].empty()) write_values(dx[i], g[i]);
  }

 private:
  // Calls f(output index, label values) for every output index and every summed combination.
  template <class F>
  void each(F&& f) const {
    std::map<int, int64_t> at;
    Shape sums;
    for (int l : summed_) sums.push_back(size_.at(l));
    const int64_t inner = numel(sums), n = numel(y_);
    for (int64_t o = 0; o < n; ++o) {
      unravel(o, out_, y_, at);
      for (int64_t s = 0; s < inner; ++s) {
        unravel(s, summed_, sums, at);
        f(o, at);
      }
    }
  }
  static void unravel(int64_t flat, const Labels& labels, const Shape& dims,
                      std::map<int, int64_t>& at) {
    for (size_t d = labels.size(); d-- > 0;) {
      at[labels[d]] = flat % dims[d];
      flat /= dims[d];
    }
  }
  int64_t offset(size_t i, const std::map<int, int64_t>& at) const {
    int64_t off = 0;
    for (size_t d = 0; d < labels_[i].size(); ++d) {
      const int64_t n = shapes_[i][d];
      off = off * n + (n == 1 ? 0 : at.at(labels_[i][d]));
    }
    return off;
  }
  Real dtype_ = Real::Float32;
  std::vector<Shape> shapes_;
  std::vector<Labels> labels_;
  std::map<int, int64_t> size_;
  Labels out_, summed_;
  Shape y_;
};

}  // namespace

void add_linalg_ops(std::vector<d500_operator>& ops) {
  ops.push_back(
      Det::define({"Det", "", "default", "ONNX Det, LU with partial pivoting in double"}));
  ops.push_back(
      Einsum::define({"Einsum", "", "default",
                      "ONNX Einsum with ellipsis, diagonals and implicit output; with gradients"}));
}

}  // namespace d500::reference
