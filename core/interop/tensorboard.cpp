// TensorBoard event files from a run's series (interop.h). The protocol buffers are
// written by hand: the few fields of tensorflow.Event and Summary that a scalar needs.
#include <unistd.h>

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "d500/interop/interop.h"

namespace d500::interop {

namespace {

std::array<uint32_t, 256> crc_table() {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k)
      c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;  // reflected Castagnoli
    t[i] = c;
  }
  return t;
}

void put_le(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

void varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
}

// Field numbers and wire types of the protobuf encoding: 0 varint, 1 fixed64, 2 bytes, 5 fixed32.
void key(std::string& out, int field, int wire) {
  varint(out, static_cast<uint64_t>(field << 3 | wire));
}
void bytes_field(std::string& out, int field, const std::string& b) {
  key(out, field, 2);
  varint(out, b.size());
  out += b;
}
void double_field(std::string& out, int field, double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  key(out, field, 1);
  put_le(out, bits, 8);
}

}  // namespace

uint32_t crc32c(const void* data, size_t n) {
  static const auto table = crc_table();
  uint32_t c = 0xFFFFFFFFu;
  auto p = static_cast<const uint8_t*>(data);
  for (size_t i = 0; i < n; ++i) c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

uint32_t masked_crc32c(const void* data, size_t n) {
  const uint32_t c = crc32c(data, n);
  return ((c >> 15) | (c << 17)) + 0xa282ead8u;
}

std::string tfrecord(const std::string& data) {
  std::string out, len;
  put_le(len, data.size(), 8);
  out = len;
  put_le(out, masked_crc32c(len.data(), len.size()), 4);
  out += data;
  put_le(out, masked_crc32c(data.data(), data.size()), 4);
  return out;
}

std::string file_version_event(double wall_time) {
  std::string e;
  double_field(e, 1, wall_time);       // Event.wall_time
  bytes_field(e, 3, "brain.Event:2");  // Event.file_version
  return e;
}

std::string scalar_event(double wall_time, int64_t step, const std::string& tag, float value) {
  std::string v;
  bytes_field(v, 1, tag);  // Summary.Value.tag
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  key(v, 2, 5);  // Summary.Value.simple_value
  put_le(v, bits, 4);
  std::string summary;
  bytes_field(summary, 1, v);  // Summary.value
  std::string e;
  double_field(e, 1, wall_time);
  key(e, 2, 0);  // Event.step
  varint(e, static_cast<uint64_t>(step));
  bytes_field(e, 5, summary);  // Event.summary
  return e;
}

Result<std::string> write_tensorboard(const store::ResultStore& s, const store::RunInfo& r,
                                      const std::string& folder) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) return Error{"cannot create the folder: " + ec.message(), folder};
  const double start = r.started_at > 0 ? r.started_at : r.created_at;
  const std::string host = r.host.empty() ? "d500" : r.host;
  const std::string path = (std::filesystem::path(folder) /
                            ("events.out.tfevents." + std::to_string(static_cast<int64_t>(start)) +
                             "." + host + ".d500-run" + std::to_string(r.id)))
                               .string();
  std::ofstream out(path, std::ios::binary);
  if (!out) return Error{"cannot write", path};
  out << tfrecord(file_version_event(start));
  for (const auto& p : s.series_after(r.id, 0, SIZE_MAX)) {
    const std::string tag = p.rank == 0 ? p.name : p.name + "/rank" + std::to_string(p.rank);
    out << tfrecord(scalar_event(start + p.wall_time, p.step, tag, static_cast<float>(p.value)));
  }
  out.close();
  if (!out) return Error{"write failed", path};
  return path;
}

}  // namespace d500::interop
