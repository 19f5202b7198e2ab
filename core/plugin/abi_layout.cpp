// The ABI's layouts on the host side: attributes in the layout of the plugin's ABI minor
// (d500_attr from 1.3, d500_attr_v1_2 before), and outputs an operator allocated (ABI 1.3).
#include <cstring>

#include "d500/error.h"
#include "d500/plugin/operator_registry.h"

namespace d500::plugin {

const char* attribute_type_name(const Attribute& a) {
  static const char* const names[] = {"int",    "float",  "string", "ints",
                                      "floats", "tensor", "strings"};
  return names[a.value.index()];
}

std::string abi_string(uint32_t abi) {
  return std::to_string(D500_ABI_MAJOR_OF(abi)) + "." + std::to_string(D500_ABI_MINOR_OF(abi));
}

namespace {

// The members every layout has.
template <class C>
void fill_common(C& c, const Attribute& a) {
  c.name = a.name.c_str();
  if (auto* i = std::get_if<int64_t>(&a.value)) {
    c.type = D500_ATTR_INT;
    c.i = *i;
  } else if (auto* f = std::get_if<double>(&a.value)) {
    c.type = D500_ATTR_FLOAT;
    c.f = *f;
  } else if (auto* s = std::get_if<std::string>(&a.value)) {
    c.type = D500_ATTR_STRING;
    c.s = s->c_str();
  } else if (auto* is = std::get_if<std::vector<int64_t>>(&a.value)) {
    c.type = D500_ATTR_INTS;
    c.ints = is->data();
    c.count = is->size();
  } else if (auto* fs = std::get_if<std::vector<double>>(&a.value)) {
    c.type = D500_ATTR_FLOATS;
    c.floats = fs->data();
    c.count = fs->size();
  }
}

bool is_v1_3_type(const Attribute& a) {
  return std::holds_alternative<std::shared_ptr<const Tensor>>(a.value) ||
         std::holds_alternative<std::vector<std::string>>(a.value);
}

}  // namespace

CAttributes::CAttributes(const std::vector<Attribute>& attrs, uint32_t abi) : size_(attrs.size()) {
  if (D500_ABI_MINOR_OF(abi) < 3 && D500_ABI_MAJOR_OF(abi) == 1) {
    old_.resize(attrs.size());
    for (size_t k = 0; k < attrs.size(); ++k) {
      if (is_v1_3_type(attrs[k]))
        throw D500Error("attribute '" + attrs[k].name + "' is a " +
                        std::string(attribute_type_name(attrs[k])) +
                        ", which a plugin built for ABI " + abi_string(abi) +
                        " cannot receive (attributes of type tensor and strings need ABI >= 1.3)");
      old_[k] = d500_attr_v1_2{};
      fill_common(old_[k], attrs[k]);
    }
    return;
  }
  attrs_.resize(attrs.size());
  tensors_.reserve(attrs.size());  // views into it must not move
  for (size_t k = 0; k < attrs.size(); ++k) {
    d500_attr& c = attrs_[k];
    c = d500_attr{};
    fill_common(c, attrs[k]);
    if (auto* t = std::get_if<std::shared_ptr<const Tensor>>(&attrs[k].value)) {
      if (!*t) throw D500Error("attribute '" + attrs[k].name + "' holds no tensor");
      c.type = D500_ATTR_TENSOR;
      tensors_.push_back((*t)->dl());
      c.t = &tensors_.back();
    } else if (auto* ss = std::get_if<std::vector<std::string>>(&attrs[k].value)) {
      std::vector<const char*> ptrs;
      for (const auto& s : *ss) ptrs.push_back(s.c_str());
      strings_.push_back(std::move(ptrs));  // the vector's buffer stays put when moved
      c.type = D500_ATTR_STRINGS;
      c.strings = strings_.back().data();
      c.count = ss->size();
    }
  }
}

const d500_attr* CAttributes::data() const {
  // An old plugin reads the array with the 1.2 stride: its functions are typed with d500_attr,
  // but what they index is d500_attr_v1_2.
  if (!old_.empty()) return reinterpret_cast<const d500_attr*>(old_.data());
  return attrs_.data();
}

OwnedOutputs& OwnedOutputs::operator=(OwnedOutputs&& o) noexcept {
  if (this != &o) {
    release();
    t_ = std::move(o.t_);
    o.t_.clear();
  }
  return *this;
}

void OwnedOutputs::release() {
  for (auto& t : t_) {
    if (t.release) t.release(t.context);
    t.release = nullptr;
  }
  t_.clear();
}

Shape checked_shape(const DLTensor& t) {
  if (t.ndim < 0 || t.ndim > D500_MAX_DIMS)
    throw D500Error("rank " + std::to_string(t.ndim) + " outside [0, " +
                    std::to_string(D500_MAX_DIMS) + "]");
  if (t.ndim > 0 && !t.shape)
    throw D500Error("a shape of rank " + std::to_string(t.ndim) + " without its dimensions");
  Shape shape(t.shape, t.shape + t.ndim);
  const DType dt = from_dlpack(t.dtype);
  if (dt == DType::Invalid) throw D500Error("a dtype d500 tensors do not hold");
  for (int64_t d : shape)
    if (d < 0)
      throw D500Error("run-time shape " + shape_to_string(shape) + " has a negative dimension");
  size_t bytes = 0;
  try {
    bytes = checked_nbytes(shape, dt);
  } catch (const D500Error& e) {
    throw D500Error("run-time shape " + shape_to_string(shape) + ": " + e.what());
  }
  if (bytes > max_tensor_bytes())
    throw D500Error("run-time shape " + shape_to_string(shape) + " needs " + std::to_string(bytes) +
                    " bytes, more than this machine's memory");
  if (bytes && !t.data) throw D500Error("output " + shape_to_string(shape) + " without data");
  if (t.strides) {  // compact row-major only
    int64_t expect = 1;
    for (int32_t k = t.ndim; k-- > 0;) {
      if (shape[static_cast<size_t>(k)] != 1 && t.strides[k] != expect)
        throw D500Error("output " + shape_to_string(shape) + " is not contiguous");
      expect *= shape[static_cast<size_t>(k)];
    }
  }
  return shape;
}

Tensor copy_to_host(const DLTensor& t) {
  if (t.device.device_type != kDLCPU)
    throw D500Error("an output on device type " + std::to_string(t.device.device_type) +
                    " where the host expected one on the CPU");
  Tensor out(from_dlpack(t.dtype), checked_shape(t));
  if (out.nbytes())
    std::memcpy(out.data(), static_cast<const char*>(t.data) + t.byte_offset, out.nbytes());
  return out;
}

}  // namespace d500::plugin
