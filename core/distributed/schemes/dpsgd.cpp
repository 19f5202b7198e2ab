// D-PSGD on a ring: after every step each rank exchanges its parameters with its left and right
// neighbours (sendrecv) and keeps the mean of itself and its distinct neighbours (three with >= 3
// ranks, two with 2, itself alone).
#include "builtin_schemes.h"

namespace d500::distributed::builtin {

namespace {

constexpr int kTagRight = 71, kTagLeft = 72;  // to the right / to the left

// buf <- (buf + a [+ b]) / k, elementwise.
template <class T>
void mean_into(void* buf, const void* a, const void* b, size_t n) {
  T* x = static_cast<T*>(buf);
  const T* y = static_cast<const T*>(a);
  const T* z = static_cast<const T*>(b);
  const T k = b ? T(3) : T(2);
  for (size_t i = 0; i < n; ++i) x[i] = (x[i] + y[i] + (z ? z[i] : T(0))) / k;
}

class Dpsgd : public SchemeAlgorithm {
 public:
  void after_optimizer(SchemeContext& c, int64_t) override {
    Communicator& comm = c.comm();
    const int n = comm.size(), r = comm.rank();
    if (n == 1) return;
    const int right = (r + 1) % n, left = (r + n - 1) % n;
    c.pack_parameters();
    left_.resize(c.bytes());
    // Everyone sends to the right and hears from the left, then the other way round.
    comm.sendrecv(c.buffer(), c.bytes(), right, left_.data(), left_.size(), left, kTagRight);
    const void* from_right = nullptr;
    if (right != left) {
      right_.resize(c.bytes());
      comm.sendrecv(c.buffer(), c.bytes(), left, right_.data(), right_.size(), right, kTagLeft);
      from_right = right_.data();
    }
    if (c.dtype() == DType::Float32)
      mean_into<float>(c.buffer(), left_.data(), from_right, c.count());
    else
      mean_into<double>(c.buffer(), left_.data(), from_right, c.count());
    c.unpack_parameters();
  }

 private:
  std::vector<uint8_t> left_, right_;
};

}  // namespace

SchemeDescriptor dpsgd() {
  SchemeDescriptor d;
  d.name = "dpsgd";
  d.summary = "decentralized SGD on a ring: each rank averages its model with its neighbours'";
  d.replicas_differ = true;
  d.make = [](SchemeContext&) { return std::make_unique<Dpsgd>(); };
  return d;
}

}  // namespace d500::distributed::builtin
