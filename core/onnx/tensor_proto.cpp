// TensorProto -> d500::Tensor, and reading files for the rest of the module.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "d500/onnx/tensor_file.h"
#include "proto.h"

namespace d500::onnx::detail {

namespace {

using TP = ::onnx::TensorProto;

std::string supported_list() {
  return "d500 tensors hold FLOAT, DOUBLE, INT64, INT32, UINT8, BOOL, INT8, FLOAT16 and BFLOAT16";
}

// Copies typed-field values (the repeated float_data, int64_data, ... of the proto) into `t`,
// converting each element; the count must match the shape exactly.
template <class Out, class Field>
Result<Tensor> from_field(Tensor t, const Field& field, const char* field_name,
                          const std::string& where) {
  if (static_cast<int64_t>(field.size()) != t.numel())
    return Error{std::string(field_name) + " holds " + std::to_string(field.size()) +
                     " values, but shape " + shape_to_string(t.shape()) + " needs " +
                     std::to_string(t.numel()),
                 where};
  Out* out = t.data_as<Out>();
  for (int64_t i = 0; i < t.numel(); ++i) out[i] = static_cast<Out>(field.Get(static_cast<int>(i)));
  return t;
}

}  // namespace

DType dtype_from_onnx(int32_t elem_type) {
  switch (elem_type) {
    case TP::FLOAT:
      return DType::Float32;
    case TP::DOUBLE:
      return DType::Float64;
    case TP::INT64:
      return DType::Int64;
    case TP::INT32:
      return DType::Int32;
    case TP::UINT8:
      return DType::UInt8;
    case TP::BOOL:
      return DType::Bool;
    case TP::INT8:
      return DType::Int8;
    case TP::FLOAT16:
      return DType::Float16;
    case TP::BFLOAT16:
      return DType::BFloat16;
    default:
      return DType::Invalid;
  }
}

std::string onnx_type_name(int32_t elem_type) {
  if (!::onnx::TensorProto_DataType_IsValid(elem_type)) return "type " + std::to_string(elem_type);
  return ::onnx::TensorProto_DataType_Name(static_cast<TP::DataType>(elem_type));
}

Result<Tensor> tensor_from_proto(const TP& t, const std::string& where) {
  const std::string what = t.name().empty() ? where : where + " (tensor \"" + t.name() + "\")";
  if (t.data_location() == TP::EXTERNAL)
    return Error{"external data is not supported (the values live in another file)", what};
  if (t.has_segment()) return Error{"segmented tensors are not supported", what};
  DType dtype = dtype_from_onnx(t.data_type());
  if (dtype == DType::Invalid)
    return Error{
        "unsupported dtype " + onnx_type_name(t.data_type()) + " (" + supported_list() + ")", what};
  Shape shape(t.dims().begin(), t.dims().end());
  for (int64_t d : shape)
    if (d < 0) return Error{"negative dimension in shape " + shape_to_string(shape), what};
  if (shape.size() > 64)
    return Error{"rank " + std::to_string(shape.size()) + " is implausible", what};
  // A size computed from a corrupt header must not become a huge allocation: every element
  // has to be present in the message, which bounds a plausible count by its byte size.
  double plausible = 1;
  for (int64_t d : shape) plausible *= static_cast<double>(d);
  if (plausible > static_cast<double>(t.ByteSizeLong()) * 8 + 64)
    return Error{"shape " + shape_to_string(shape) + " needs more values than the message holds",
                 what};

  Tensor out(dtype, shape);
  if (t.has_raw_data()) {
    // raw_data is little-endian by the ONNX spec, as is every machine d500 runs on.
    const std::string& raw = t.raw_data();
    if (raw.size() != out.nbytes())
      return Error{"raw_data holds " + std::to_string(raw.size()) + " bytes, but " +
                       std::string(dtype_name(dtype)) + shape_to_string(shape) + " needs " +
                       std::to_string(out.nbytes()),
                   what};
    if (!raw.empty()) std::memcpy(out.data(), raw.data(), raw.size());
    if (dtype == DType::Bool)  // any non-zero byte is true; plugins may rely on 0/1
      for (int64_t i = 0; i < out.numel(); ++i)
        out.data_as<uint8_t>()[i] = out.data_as<uint8_t>()[i] != 0;
    return out;
  }
  switch (dtype) {
    case DType::Float32:
      return from_field<float>(std::move(out), t.float_data(), "float_data", what);
    case DType::Float64:
      return from_field<double>(std::move(out), t.double_data(), "double_data", what);
    case DType::Int64:
      return from_field<int64_t>(std::move(out), t.int64_data(), "int64_data", what);
    case DType::Int32:
      return from_field<int32_t>(std::move(out), t.int32_data(), "int32_data", what);
    case DType::UInt8:
      return from_field<uint8_t>(std::move(out), t.int32_data(), "int32_data", what);
    case DType::Int8:
      return from_field<int8_t>(std::move(out), t.int32_data(), "int32_data", what);
    // FLOAT16 and BFLOAT16 keep their 16-bit patterns in int32_data (onnx.proto).
    case DType::Float16:
    case DType::BFloat16:
      return from_field<uint16_t>(std::move(out), t.int32_data(), "int32_data", what);
    case DType::Bool: {
      auto r = from_field<uint8_t>(std::move(out), t.int32_data(), "int32_data", what);
      if (r)
        for (int64_t i = 0; i < r->numel(); ++i)
          r->data_as<uint8_t>()[i] = r->data_as<uint8_t>()[i] != 0;
      return r;
    }
    case DType::Invalid:
      break;
  }
  D500_ASSERT(false && "dtype checked above");
}

bool parse_message(google::protobuf::MessageLite& msg, std::string_view bytes) {
  if (bytes.size() > static_cast<size_t>(INT32_MAX)) return false;  // protobuf's own limit
  return msg.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

Result<bool> parse_file(google::protobuf::MessageLite& msg, const std::string& path,
                        const std::string& kind) {
  // Only regular files: a FIFO would block the open, a device would never end.
  struct stat pre {};
  if (::stat(path.c_str(), &pre) != 0)
    return Error{std::string("cannot open: ") + std::strerror(errno), path};
  if (S_ISDIR(pre.st_mode)) return Error{"is a folder, not a file", path};
  if (!S_ISREG(pre.st_mode)) return Error{"is not a regular file (a FIFO, device or socket)", path};
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return Error{std::string("cannot open: ") + std::strerror(errno), path};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size == 0) {
    const bool empty = st.st_size == 0;
    const int saved = errno;
    ::close(fd);
    if (empty) return Error{"file is empty, not " + kind, path};
    return Error{std::string("cannot read: ") + std::strerror(saved), path};
  }
  const bool ok = msg.ParseFromFileDescriptor(fd);
  ::close(fd);
  return ok;
}

Result<std::string> read_file_bytes(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return Error{"is a folder, not a file", path};
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{std::string("cannot open: ") + std::strerror(errno), path};
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return Error{std::string("cannot read: ") + std::strerror(errno), path};
  return ss.str();
}

}  // namespace d500::onnx::detail

namespace d500::onnx {

Result<Tensor> parse_tensor(std::string_view bytes, const std::string& where) {
  if (bytes.empty()) return Error{"file is empty, not a TensorProto", where};
  ::onnx::TensorProto proto;
  if (!detail::parse_message(proto, bytes))
    return Error{
        "not a valid TensorProto (protobuf parsing failed: truncated or another kind of "
        "file)",
        where};
  try {
    return detail::tensor_from_proto(proto, where);
  } catch (const D500Error& e) {  // a shape the tensor itself refuses (too large for memory)
    return Error{e.error().message, where};
  }
}

Result<NamedTensor> read_named_tensor_file(const std::string& path) {
  auto bytes = detail::read_file_bytes(path);
  if (!bytes) return bytes.error();
  if (bytes->empty()) return Error{"file is empty, not a TensorProto", path};
  ::onnx::TensorProto proto;
  if (!detail::parse_message(proto, *bytes))
    return Error{
        "not a valid TensorProto (protobuf parsing failed: truncated or another kind of "
        "file)",
        path};
  auto t = detail::tensor_from_proto(proto, path);
  if (!t) return t.error();
  return NamedTensor{proto.name(), std::move(t).value()};
}

Result<Tensor> read_tensor_file(const std::string& path) {
  auto bytes = detail::read_file_bytes(path);
  if (!bytes) return bytes.error();
  return parse_tensor(*bytes, path);
}

}  // namespace d500::onnx
