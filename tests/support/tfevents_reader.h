// Test support: a reader of TensorBoard event files written from the published formats alone
// (TFRecord: uint64 length, masked CRC-32C of it, data, masked CRC-32C of the data; the protobuf
// wire format; tensorflow/core/util/event.proto and framework/summary.proto field numbers), so
// that d500's writer is checked against the format, not against itself.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace d500::test {

inline uint32_t tf_crc32c(const std::string& s) {
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : s) {
    c ^= b;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1u)));
  }
  return ~c;
}
inline uint32_t tf_masked(const std::string& s) {
  const uint32_t c = tf_crc32c(s);
  return ((c >> 15) | (c << 17)) + 0xa282ead8u;
}

struct TfEvent {
  double wall_time = 0;
  int64_t step = 0;
  std::string file_version;
  std::string tag;  // the first summary value's
  float simple_value = 0;
  bool has_summary = false;
};

class ProtoReader {
 public:
  explicit ProtoReader(const std::string& b) : b_(b) {}
  bool done() const { return i_ >= b_.size(); }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (i_ >= b_.size()) throw std::runtime_error("truncated varint");
      const auto c = static_cast<unsigned char>(b_[i_++]);
      v |= uint64_t(c & 0x7f) << shift;
      if (!(c & 0x80)) return v;
    }
    throw std::runtime_error("varint too long");
  }
  std::string bytes(size_t n) {
    if (i_ + n > b_.size()) throw std::runtime_error("truncated field");
    std::string s = b_.substr(i_, n);
    i_ += n;
    return s;
  }
  // Reads one field: its number and wire type; the value in `raw` (varint value in `v`).
  int field(int* wire, uint64_t* v, std::string* raw) {
    const uint64_t k = varint();
    *wire = static_cast<int>(k & 7);
    if (*wire == 0)
      *v = varint();
    else if (*wire == 1)
      *raw = bytes(8);
    else if (*wire == 5)
      *raw = bytes(4);
    else if (*wire == 2)
      *raw = bytes(varint());
    else
      throw std::runtime_error("unexpected wire type");
    return static_cast<int>(k >> 3);
  }

 private:
  const std::string& b_;
  size_t i_ = 0;
};

inline TfEvent parse_event(const std::string& data) {
  TfEvent e;
  ProtoReader r(data);
  while (!r.done()) {
    int wire;
    uint64_t v = 0;
    std::string raw;
    const int f = r.field(&wire, &v, &raw);
    if (f == 1 && wire == 1)
      std::memcpy(&e.wall_time, raw.data(), 8);
    else if (f == 2 && wire == 0)
      e.step = static_cast<int64_t>(v);
    else if (f == 3 && wire == 2)
      e.file_version = raw;
    else if (f == 5 && wire == 2) {
      e.has_summary = true;
      ProtoReader summary(raw);
      while (!summary.done()) {
        std::string value;
        if (summary.field(&wire, &v, &value) != 1) continue;
        ProtoReader val(value);
        while (!val.done()) {
          std::string x;
          const int vf = val.field(&wire, &v, &x);
          if (vf == 1) e.tag = x;
          if (vf == 2 && wire == 5) std::memcpy(&e.simple_value, x.data(), 4);
        }
      }
    }
  }
  return e;
}

// Every record of the file, CRCs checked; throws on a damaged file.
inline std::vector<TfEvent> read_tfevents(const std::string& file_bytes) {
  std::vector<TfEvent> out;
  size_t i = 0;
  auto u32 = [&](size_t at) {
    uint32_t v;
    std::memcpy(&v, file_bytes.data() + at, 4);
    return v;
  };
  while (i < file_bytes.size()) {
    if (i + 12 > file_bytes.size()) throw std::runtime_error("truncated record header");
    const std::string len_bytes = file_bytes.substr(i, 8);
    uint64_t len;
    std::memcpy(&len, len_bytes.data(), 8);
    if (u32(i + 8) != tf_masked(len_bytes)) throw std::runtime_error("bad length crc");
    if (i + 12 + len + 4 > file_bytes.size()) throw std::runtime_error("truncated record");
    const std::string data = file_bytes.substr(i + 12, len);
    if (u32(i + 12 + len) != tf_masked(data)) throw std::runtime_error("bad data crc");
    out.push_back(parse_event(data));
    i += 12 + len + 4;
  }
  return out;
}

}  // namespace d500::test
