// Element-wise operators with numpy broadcasting over any number of inputs, one definition each:
// comparisons, logic, IsNaN/IsInf, Where, Max/Min/Mean, Mod and BitShift (see logic.h).
#include "logic.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "broadcast.h"
#include "dtypes.h"

namespace d500::reference {
namespace {

// Input k's element at output index i, for every input.
struct Operands {
  std::vector<const char*> data;
  const std::vector<std::vector<int64_t>>* offsets = nullptr;
  size_t size() const { return data.size(); }
  template <class T>
  T at(size_t k, int64_t i) const {
    return reinterpret_cast<const T*>(data[k])[(*offsets)[k][static_cast<size_t>(i)]];
  }
};

struct Params {
  int64_t mode = 0;                       // Mod: fmod; BitShift: 1 left, 0 right
  bool negative = true, positive = true;  // IsInf
};

// One operator: its name, dtypes, input count (0: one or more), whether the result is bool, the
// first input whose dtype is the operands' (Where: 1), and eval<T>(x, i, params).
struct OpBase {
  static constexpr int arity = 2;
  static constexpr bool to_bool = false;
  static constexpr size_t first_value = 0;
  static void parse(const Attributes& attrs, Params&) { attrs.expect_only({}); }
};

template <class T>
constexpr bool kIsFloat = std::is_floating_point_v<T>;

#define D500_COMPARE(NAME, EXPR, TYPES)                             \
  struct NAME : OpBase {                                            \
    static constexpr const char* name = #NAME;                      \
    static constexpr unsigned types = TYPES;                        \
    static constexpr bool to_bool = true;                           \
    template <class T>                                              \
    static bool eval(const Operands& x, int64_t i, const Params&) { \
      const T a = x.at<T>(0, i), b = x.at<T>(1, i);                 \
      return EXPR;                                                  \
    }                                                               \
  };
D500_COMPARE(Equal, a == b, kAllTypes)
D500_COMPARE(Less, a < b, kNumbers)
D500_COMPARE(Greater, a > b, kNumbers)
D500_COMPARE(LessOrEqual, a <= b, kNumbers)
D500_COMPARE(GreaterOrEqual, a >= b, kNumbers)
D500_COMPARE(And, a&& b, kBools)
D500_COMPARE(Or, a || b, kBools)
D500_COMPARE(Xor, a != b, kBools)
#undef D500_COMPARE

struct Not : OpBase {
  static constexpr const char* name = "Not";
  static constexpr unsigned types = kBools;
  static constexpr int arity = 1;
  static constexpr bool to_bool = true;
  template <class T>
  static bool eval(const Operands& x, int64_t i, const Params&) {
    return !x.at<T>(0, i);
  }
};

struct IsNaN : OpBase {
  static constexpr const char* name = "IsNaN";
  static constexpr unsigned types = kReals;
  static constexpr int arity = 1;
  static constexpr bool to_bool = true;
  template <class T>
  static bool eval(const Operands& x, int64_t i, const Params&) {
    if constexpr (kIsFloat<T>) return std::isnan(x.at<T>(0, i));
    return false;
  }
};

struct IsInf : OpBase {
  static constexpr const char* name = "IsInf";
  static constexpr unsigned types = kReals;
  static constexpr int arity = 1;
  static constexpr bool to_bool = true;
  static void parse(const Attributes& attrs, Params& p) {
    attrs.expect_only({"detect_negative", "detect_positive"});
    p.negative = attrs.get_flag("detect_negative", true);
    p.positive = attrs.get_flag("detect_positive", true);
  }
  template <class T>
  static bool eval(const Operands& x, int64_t i, const Params& p) {
    const T v = x.at<T>(0, i);
    if constexpr (kIsFloat<T>) return std::isinf(v) && (v > 0 ? p.positive : p.negative);
    return false;
  }
};

struct Where : OpBase {
  static constexpr const char* name = "Where";
  static constexpr unsigned types = kAllTypes;
  static constexpr int arity = 3;
  static constexpr size_t first_value = 1;
  template <class T>
  static T eval(const Operands& x, int64_t i, const Params&) {
    return x.at<bool>(0, i) ? x.at<T>(1, i) : x.at<T>(2, i);
  }
  // dY goes to X where the condition holds, else to Y; none to the condition.
  static void grad(const Operands& x, int64_t i, double dy, double, double* g) {
    (x.at<bool>(0, i) ? g[1] : g[2]) += dy;
  }
};

// Max and Min: NaN wins (numpy.maximum); the gradient is shared evenly among the inputs equal to
// the result, as ReduceMax's among tied elements.
template <bool IsMax>
struct Extremum : OpBase {
  static constexpr const char* name = IsMax ? "Max" : "Min";
  static constexpr unsigned types = kNumbers;
  static constexpr int arity = 0;
  template <class T>
  static T eval(const Operands& x, int64_t i, const Params&) {
    T acc = x.at<T>(0, i);
    for (size_t k = 1; k < x.size(); ++k) {
      const T v = x.at<T>(k, i);
      if constexpr (kIsFloat<T>)
        if (std::isnan(acc)) break;
      if constexpr (kIsFloat<T>)
        if (std::isnan(v)) acc = v;
      if (IsMax ? v > acc : v < acc) acc = v;
    }
    return acc;
  }
  static void grad(const Operands& x, int64_t i, double dy, double y, double* g) {
    size_t ties = 0;
    for (size_t k = 0; k < x.size(); ++k) ties += x.at<double>(k, i) == y;
    for (size_t k = 0; k < x.size(); ++k)
      if (x.at<double>(k, i) == y) g[k] += dy / static_cast<double>(ties);
  }
};

struct Mean : OpBase {
  static constexpr const char* name = "Mean";
  static constexpr unsigned types = kReals;
  static constexpr int arity = 0;
  template <class T>
  static T eval(const Operands& x, int64_t i, const Params&) {
    double s = 0;
    for (size_t k = 0; k < x.size(); ++k) s += static_cast<double>(x.at<T>(k, i));
    return static_cast<T>(s / static_cast<double>(x.size()));
  }
  static void grad(const Operands& x, int64_t, double dy, double, double* g) {
    for (size_t k = 0; k < x.size(); ++k) g[k] += dy / static_cast<double>(x.size());
  }
};

struct Mod : OpBase {
  static constexpr const char* name = "Mod";
  static constexpr unsigned types = kNumbers;
  static void parse(const Attributes& attrs, Params& p) {
    attrs.expect_only({"fmod"});
    p.mode = attrs.get_flag("fmod", false);
  }
  template <class T>
  static T eval(const Operands& x, int64_t i, const Params& p) {
    const T a = x.at<T>(0, i), b = x.at<T>(1, i);
    if constexpr (kIsFloat<T>) {
      return static_cast<T>(std::fmod(a, b));  // fmod = 1 (checked at create)
    } else if constexpr (!std::is_same_v<T, bool>) {
      if (b == 0) return 0;  // numpy's result (with a warning) rather than a trap
      const T r = static_cast<T>(a % b);
      // fmod = 0: the remainder takes the divisor's sign (Python's %).
      if constexpr (std::is_signed_v<T>)
        if (p.mode == 0 && r != 0 && ((r < 0) != (b < 0))) return static_cast<T>(r + b);
      return r;
    }
    return a;
  }
};

struct BitShift : OpBase {
  static constexpr const char* name = "BitShift";
  static constexpr unsigned types = kInts;
  static void parse(const Attributes& attrs, Params& p) {
    attrs.expect_only({"direction"});
    const std::string d = attrs.get_string("direction");
    if (d != "LEFT" && d != "RIGHT")
      throw std::invalid_argument("direction '" + d + "' is not LEFT or RIGHT");
    p.mode = d == "LEFT";
  }
  template <class T>
  static T eval(const Operands& x, int64_t i, const Params& p) {
    if constexpr (std::is_unsigned_v<T> && !std::is_same_v<T, bool>) {
      const T a = x.at<T>(0, i), b = x.at<T>(1, i);
      if (b >= 8 * sizeof(T)) return 0;
      return static_cast<T>(p.mode ? a << b : a >> b);
    }
    return T{};
  }
};

template <class Op>
class Elementwise {
 public:
  Elementwise(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
    Op::parse(attrs, params_);
    const size_t n = inputs.size();
    if (Op::arity ? n != static_cast<size_t>(Op::arity) : n == 0)
      throw std::invalid_argument(std::string("expects ") +
                                  (Op::arity ? std::to_string(Op::arity) : "one or more") +
                                  " inputs, got " + std::to_string(n));
    dtype_ = inputs[Op::first_value].dtype();
    for (size_t k = 0; k < n; ++k) {
      if (k < Op::first_value) {
        expect_types(inputs[k], kBools, "condition");
      } else {
        expect_types(inputs[k], Op::types, Op::name);
        if (!sdk::same_dtype(inputs[k].dtype(), dtype_))
          throw std::invalid_argument("inputs differ in dtype: " + inputs[Op::first_value].str() +
                                      " and " + inputs[k].str());
      }
      shapes_.push_back(inputs[k].shape());
      y_shape_ = k == 0 ? shapes_[0] : broadcast_shapes(y_shape_, shapes_[k]);
    }
    if constexpr (std::is_same_v<Op, Mod>)
      if (is_real(dtype_) && params_.mode == 0)
        throw std::invalid_argument("Mod of " + inputs[0].str() + " needs fmod = 1 (ONNX)");
    const std::vector<int64_t> none(y_shape_.size(), 0);
    for (const Shape& s : shapes_) {
      offsets_.emplace_back(static_cast<size_t>(numel(y_shape_)));
      auto& o = offsets_.back();
      for_each_broadcast(y_shape_, broadcast_strides(s, y_shape_), none,
                         [&](int64_t i, int64_t ix, int64_t) { o[static_cast<size_t>(i)] = ix; });
    }
  }

  std::vector<TensorInfo> outputs() const {
    return {TensorInfo(Op::to_bool ? sdk::dtype_of<bool>() : dtype_, y_shape_)};
  }

  void forward(Inputs in, Outputs out) {
    Operands x = operands(in);
    sdk::expect_count(out.size(), 1, "outputs");
    expect_shape(out[0], y_shape_, "output");
    dispatch_any(dtype_, [&](auto tag) {
      using T = decltype(tag);
      using R = std::conditional_t<Op::to_bool, bool, T>;
      R* y = out[0].as<R>().data();
      for (int64_t i = 0; i < numel(y_shape_); ++i) y[i] = Op::template eval<T>(x, i, params_);
    });
  }

  Cost cost() const {
    Cost c;
    c.flops = static_cast<double>(numel(y_shape_) * static_cast<int64_t>(shapes_.size()));
    for (const Shape& s : shapes_) c.bytes += static_cast<double>(numel(s));
    c.bytes = (c.bytes + static_cast<double>(numel(y_shape_))) * element_size(dtype_);
    return c;
  }

 protected:
  Operands operands(Inputs in) const {
    sdk::expect_count(in.size(), shapes_.size(), "inputs");
    Operands x;
    x.offsets = &offsets_;
    for (size_t k = 0; k < shapes_.size(); ++k) {
      expect_shape(in[k], shapes_[k], ("input " + std::to_string(k)).c_str());
      x.data.push_back(static_cast<const char*>(in[k].dl().data) + in[k].dl().byte_offset);
    }
    return x;
  }

  DLDataType dtype_{};
  Params params_;
  std::vector<Shape> shapes_;
  Shape y_shape_;
  std::vector<std::vector<int64_t>> offsets_;  // input k's element at each output index
};

template <class Op>
class Plain : public Elementwise<Op>, public sdk::Operator<Plain<Op>> {
 public:
  using Elementwise<Op>::Elementwise;
};

// Where, Max, Min and Mean: gradients of the float inputs, summed over broadcast dimensions.
template <class Op>
class Differentiable : public Elementwise<Op>, public sdk::Operator<Differentiable<Op>> {
 public:
  using Elementwise<Op>::Elementwise;
  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    sdk::expect_count(grad_outputs.size(), 1, "output gradients");
    sdk::expect_count(grad_inputs.size(), this->shapes_.size(), "input gradients");
    expect_shape(grad_outputs[0], this->y_shape_, "output gradient");
    if (!is_real(this->dtype_)) throw sdk::unsupported("no gradient for integer inputs");
    dispatch(real_dtype({TensorInfo(this->dtype_, {})}), [&](auto tag) {
      using T = decltype(tag);
      run<T>(grad_outputs[0].as<T>().data(), inputs, grad_inputs);
    });
  }

 private:
  template <class T>
  void run(const T* dy, Inputs inputs, Outputs grad_inputs) {
    // The operands are read as double for the gradient: convert once.
    const size_t n = this->shapes_.size();
    std::vector<std::vector<double>> as_double(n);
    Operands x = this->operands(inputs), xd = x;
    for (size_t k = Op::first_value; k < n; ++k) {
      const T* p = reinterpret_cast<const T*>(x.data[k]);
      as_double[k].assign(p, p + numel(this->shapes_[k]));
      xd.data[k] = reinterpret_cast<const char*>(as_double[k].data());
    }
    std::vector<std::vector<double>> g(n);
    for (size_t k = 0; k < n; ++k) g[k].assign(static_cast<size_t>(numel(this->shapes_[k])), 0.0);
    std::vector<double> gi(n);
    for (int64_t i = 0; i < numel(this->y_shape_); ++i) {
      std::fill(gi.begin(), gi.end(), 0.0);
      const double y = static_cast<double>(Op::template eval<T>(x, i, this->params_));
      Op::grad(xd, i, static_cast<double>(dy[i]), y, gi.data());
      for (size_t k = 0; k < n; ++k) g[k][static_cast<size_t>(this->offsets_[k][i])] += gi[k];
    }
    for (size_t k = 0; k < n; ++k) {
      if (!grad_inputs[k].defined()) continue;
      if (k < Op::first_value) {
        zero_gradient(grad_inputs[k]);
        continue;
      }
      expect_shape(grad_inputs[k], this->shapes_[k], "input gradient");
      T* out = grad_inputs[k].template as<T>().data();
      for (size_t j = 0; j < g[k].size(); ++j) out[j] = static_cast<T>(g[k][j]);
    }
  }
};

template <class Op>
d500_operator plain(const char* description) {
  return Plain<Op>::define({Op::name, "", "default", description});
}
template <class Op>
d500_operator differentiable(const char* description) {
  return Differentiable<Op>::define({Op::name, "", "default", description});
}

}  // namespace

void add_logic_ops(std::vector<d500_operator>& ops) {
  ops.push_back(plain<Equal>("ONNX Equal, numpy broadcasting, any dtype"));
  ops.push_back(plain<Less>("ONNX Less, numpy broadcasting"));
  ops.push_back(plain<Greater>("ONNX Greater, numpy broadcasting"));
  ops.push_back(plain<LessOrEqual>("ONNX LessOrEqual, numpy broadcasting"));
  ops.push_back(plain<GreaterOrEqual>("ONNX GreaterOrEqual, numpy broadcasting"));
  ops.push_back(plain<Not>("ONNX Not, bool"));
  ops.push_back(plain<And>("ONNX And, bool, numpy broadcasting"));
  ops.push_back(plain<Or>("ONNX Or, bool, numpy broadcasting"));
  ops.push_back(plain<Xor>("ONNX Xor, bool, numpy broadcasting"));
  ops.push_back(plain<IsNaN>("ONNX IsNaN, float32/float64"));
  ops.push_back(plain<IsInf>("ONNX IsInf, float32/float64, detect_negative/detect_positive"));
  ops.push_back(plain<Mod>("ONNX Mod: integer remainder with the divisor's sign, or fmod"));
  ops.push_back(plain<BitShift>("ONNX BitShift, uint8, LEFT or RIGHT"));
  ops.push_back(differentiable<Where>("ONNX Where, any dtype, numpy broadcasting"));
  ops.push_back(differentiable<Extremum<true>>(
      "ONNX Max of one or more inputs, broadcasting; NaN wins; gradient shared among ties"));
  ops.push_back(differentiable<Extremum<false>>(
      "ONNX Min of one or more inputs, broadcasting; NaN wins; gradient shared among ties"));
  ops.push_back(differentiable<Mean>("ONNX Mean of one or more inputs, broadcasting"));
}

}  // namespace d500::reference
