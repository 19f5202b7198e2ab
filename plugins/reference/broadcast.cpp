#include "broadcast.h"

#include <algorithm>
#include <stdexcept>

#include "d500/sdk/tensor_view.h"

namespace d500::reference {

std::vector<int64_t> broadcast_shapes(const std::vector<int64_t>& a,
                                      const std::vector<int64_t>& b) {
  const size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    // Dimension i counted from the right; a missing dimension acts as 1.
    const int64_t da = i < a.size() ? a[a.size() - 1 - i] : 1;
    const int64_t db = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (da != db && da != 1 && db != 1)
      throw std::invalid_argument("shapes " + sdk::shape_string(a) + " and " +
                                  sdk::shape_string(b) + " cannot be broadcast together");
    out[n - 1 - i] = da == 1 ? db : da;
  }
  return out;
}

bool broadcasts_to(const std::vector<int64_t>& in, const std::vector<int64_t>& out) {
  if (in.size() > out.size()) return false;
  for (size_t i = 0; i < in.size(); ++i) {
    const int64_t d = in[in.size() - 1 - i];
    if (d != 1 && d != out[out.size() - 1 - i]) return false;
  }
  return true;
}

std::vector<int64_t> broadcast_strides(const std::vector<int64_t>& in,
                                       const std::vector<int64_t>& out, int64_t unit) {
  std::vector<int64_t> strides(out.size(), 0);
  int64_t stride = unit;
  for (size_t i = 0; i < in.size(); ++i) {
    const size_t din = in.size() - 1 - i;
    const size_t dout = out.size() - 1 - i;
    strides[dout] = in[din] == 1 ? 0 : stride;
    stride *= in[din];
  }
  return strides;
}

}  // namespace d500::reference
