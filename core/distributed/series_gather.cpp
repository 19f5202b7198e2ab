#include "d500/distributed/series_gather.h"

#include <cstring>

namespace d500::distributed {

namespace {

constexpr uint32_t kMagic = 0x64355331;  // "d5S1"

template <class T>
void put(std::vector<uint8_t>& out, const T& v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  out.insert(out.end(), p, p + sizeof v);
}

class Reader {
 public:
  explicit Reader(std::span<const uint8_t> b) : b_(b) {}
  template <class T>
  T get() {
    T v;
    need(sizeof v);
    std::memcpy(&v, b_.data() + off_, sizeof v);
    off_ += sizeof v;
    return v;
  }
  std::string str(size_t n) {
    need(n);
    std::string s(reinterpret_cast<const char*>(b_.data() + off_), n);
    off_ += n;
    return s;
  }
  bool done() const { return off_ == b_.size(); }

 private:
  void need(size_t n) const {
    if (b_.size() - off_ < n)
      throw D500Error("series from another rank: truncated at byte " + std::to_string(off_));
  }
  std::span<const uint8_t> b_;
  size_t off_ = 0;
};

}  // namespace

std::vector<uint8_t> encode_series(std::span<const store::SeriesPoint> points) {
  std::vector<uint8_t> out;
  put(out, kMagic);
  put(out, static_cast<uint64_t>(points.size()));
  for (const auto& p : points) {
    put(out, p.run_id);
    put(out, static_cast<int32_t>(p.rank));
    put(out, p.step);
    put(out, p.wall_time);
    put(out, p.value);
    put(out, static_cast<uint32_t>(p.name.size()));
    out.insert(out.end(), p.name.begin(), p.name.end());
  }
  return out;
}

std::vector<store::SeriesPoint> decode_series(std::span<const uint8_t> bytes) {
  Reader r(bytes);
  if (r.get<uint32_t>() != kMagic)
    throw D500Error("series from another rank: not d500 series data");
  const auto n = r.get<uint64_t>();
  std::vector<store::SeriesPoint> out;
  for (uint64_t i = 0; i < n; ++i) {
    store::SeriesPoint p;
    p.run_id = r.get<int64_t>();
    p.rank = r.get<int32_t>();
    p.step = r.get<int64_t>();
    p.wall_time = r.get<double>();
    p.value = r.get<double>();
    p.name = r.str(r.get<uint32_t>());
    out.push_back(std::move(p));
  }
  if (!r.done()) throw D500Error("series from another rank: trailing bytes after the points");
  return out;
}

std::vector<store::SeriesPoint> gather_series(Communicator& comm,
                                              std::span<const store::SeriesPoint> points,
                                              int root) {
  auto parts = comm.gatherv(encode_series(points), root);
  std::vector<store::SeriesPoint> out;
  for (size_t r = 0; r < parts.size(); ++r)
    for (auto& p : decode_series(parts[r])) {
      p.rank = static_cast<int>(r);
      out.push_back(std::move(p));
    }
  return out;
}

}  // namespace d500::distributed
