// Dataset invariants, the synthetic dataset and normalisation.
#include "d500/training/dataset.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "d500/error.h"
#include "random.h"

namespace d500::training {

Shape Dataset::sample_shape() const {
  if (reader) {
    const Shape s = reader->sample_shape();
    return flat ? Shape{element_count(s)} : s;
  }
  const Shape& s = images.shape();
  return s.empty() ? Shape{} : Shape(s.begin() + 1, s.end());
}

namespace {

// (channels, elements per channel per sample) of a checked dataset.
std::pair<int64_t, int64_t> channel_layout(const Dataset& d) {
  const Shape s = d.sample_shape();
  if (s.size() == 3) return {s[0], s[1] * s[2]};
  return {1, s[0]};
}

// x <- (x - mean[c]) / stddev[c] over `count` samples of `d`'s layout.
void apply(const Dataset& d, const Normalization& n, float* x, int64_t count) {
  const auto [channels, inner] = channel_layout(d);
  for (int64_t i = 0; i < count; ++i)
    for (int64_t c = 0; c < channels; ++c) {
      float* p = x + (i * channels + c) * inner;
      const double m = n.mean[c], inv = 1.0 / n.stddev[c];
      for (int64_t k = 0; k < inner; ++k) p[k] = static_cast<float>((p[k] - m) * inv);
    }
}

}  // namespace

void Dataset::gather(std::span<const int64_t> indices, float* out) const {
  const int64_t per = sample_numel();
  if (!reader) {
    for (size_t k = 0; k < indices.size(); ++k)
      std::memcpy(out + static_cast<int64_t>(k) * per, sample(indices[k]),
                  sizeof(float) * static_cast<size_t>(per));
    return;
  }
  reader->read(indices, out);
  if (read_normalization)
    apply(*this, *read_normalization, out, static_cast<int64_t>(indices.size()));
}

void check_dataset(const Dataset& d) {
  const std::string where = "dataset " + (d.name.empty() ? std::string("(unnamed)") : d.name);
  auto fail = [&](const std::string& m) { throw D500Error(m, where); };
  if (d.reader) {
    const size_t rank = d.sample_shape().size();
    if (rank != 1 && rank != 3)
      fail("samples must be [C, H, W] or [D], are " + shape_to_string(d.sample_shape()));
  } else {
    if (d.images.dtype() != DType::Float32)
      fail("images must be float32, are " + std::string(dtype_name(d.images.dtype())));
    const size_t rank = d.images.shape().size();
    if (rank != 2 && rank != 4)
      fail("images must be [N, C, H, W] or [N, D], are " + shape_to_string(d.images.shape()));
  }
  if (d.labels.dtype() != DType::Int64 || d.labels.shape().size() != 1)
    fail("labels must be int64 [N], are " + std::string(dtype_name(d.labels.dtype())) +
         shape_to_string(d.labels.shape()));
  if (!d.reader && d.images.shape()[0] != d.labels.shape()[0])
    fail(std::to_string(d.images.shape()[0]) + " images but " +
         std::to_string(d.labels.shape()[0]) + " labels");
  if (d.size() == 0) fail("has no samples");
  if (d.num_classes < 1) fail("num_classes must be >= 1, is " + std::to_string(d.num_classes));
  const int64_t* l = d.labels.data_as<int64_t>();
  for (int64_t i = 0; i < d.size(); ++i)
    if (l[i] < 0 || l[i] >= d.num_classes)
      fail("label " + std::to_string(l[i]) + " of sample " + std::to_string(i) +
           " is outside [0, " + std::to_string(d.num_classes) + ")");
}

Dataset make_synthetic(const SyntheticSpec& spec) {
  const std::string where = "synthetic dataset " + spec.name;
  if (spec.samples < 1) throw D500Error("samples must be >= 1", where);
  if (spec.num_classes < 1) throw D500Error("num_classes must be >= 1", where);
  if (spec.sample_shape.size() != 1 && spec.sample_shape.size() != 3)
    throw D500Error(
        "sample_shape must be [D] or [C, H, W], is " + shape_to_string(spec.sample_shape), where);
  for (int64_t d : spec.sample_shape)
    if (d < 1) throw D500Error("sample_shape has a dimension < 1", where);
  if (!(spec.noise >= 0.0)) throw D500Error("noise must be >= 0", where);

  const int64_t dim = element_count(spec.sample_shape);
  detail::Rng rng(detail::mix(spec.seed, 0x5e7a7));
  std::vector<float> prototypes(static_cast<size_t>(spec.num_classes * dim));
  for (float& p : prototypes) p = static_cast<float>(2.0 * rng.uniform() - 1.0);

  Dataset d;
  d.name = spec.name;
  d.num_classes = spec.num_classes;
  Shape shape{spec.samples};
  shape.insert(shape.end(), spec.sample_shape.begin(), spec.sample_shape.end());
  d.images = Tensor(DType::Float32, shape);
  d.labels = Tensor(DType::Int64, {spec.samples});
  std::vector<int64_t> labels(static_cast<size_t>(spec.samples));
  for (int64_t i = 0; i < spec.samples; ++i) labels[i] = i % spec.num_classes;
  detail::shuffle(labels, rng);
  float* x = d.images.data_as<float>();
  int64_t* y = d.labels.data_as<int64_t>();
  for (int64_t i = 0; i < spec.samples; ++i) {
    y[i] = labels[i];
    const float* proto = prototypes.data() + labels[i] * dim;
    for (int64_t k = 0; k < dim; ++k)
      x[i * dim + k] = proto[k] + static_cast<float>(spec.noise * rng.normal());
  }
  return d;
}

Normalization compute_normalization(const Dataset& d) {
  check_dataset(d);
  const auto [channels, inner] = channel_layout(d);
  std::vector<double> sum(channels, 0.0), sq(channels, 0.0);
  // In chunks, so a streamed dataset is read through once without being held.
  constexpr int64_t kChunk = 1024;
  std::vector<float> buf;
  std::vector<int64_t> idx;
  for (int64_t first = 0; first < d.size(); first += kChunk) {
    const int64_t n = std::min(kChunk, d.size() - first);
    idx.resize(static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) idx[static_cast<size_t>(k)] = first + k;
    buf.resize(static_cast<size_t>(n * channels * inner));
    if (d.reader)
      d.reader->read(idx, buf.data());
    else
      d.gather(idx, buf.data());
    for (int64_t i = 0; i < n; ++i)
      for (int64_t c = 0; c < channels; ++c) {
        const float* p = buf.data() + (i * channels + c) * inner;
        double s = 0, q = 0;
        for (int64_t k = 0; k < inner; ++k) s += p[k], q += double(p[k]) * p[k];
        sum[c] += s;
        sq[c] += q;
      }
  }
  Normalization n;
  const double count = static_cast<double>(d.size() * inner);
  for (int64_t c = 0; c < channels; ++c) {
    const double mean = sum[c] / count;
    n.mean.push_back(mean);
    n.stddev.push_back(std::sqrt(std::max(0.0, sq[c] / count - mean * mean)));
  }
  return n;
}

void normalize(Dataset& d, const Normalization& n) {
  check_dataset(d);
  const auto [channels, inner] = channel_layout(d);
  const std::string where = "normalising dataset " + d.name;
  if (n.mean.size() != static_cast<size_t>(channels) || n.stddev.size() != n.mean.size())
    throw D500Error("the dataset has " + std::to_string(channels) +
                        " channels, the normalisation " + std::to_string(n.mean.size()) +
                        " means and " + std::to_string(n.stddev.size()) + " standard deviations",
                    where);
  for (size_t c = 0; c < n.stddev.size(); ++c)
    if (!(n.stddev[c] > 0.0) || !std::isfinite(n.mean[c]))
      throw D500Error("channel " + std::to_string(c) + ": stddev must be > 0 and mean finite",
                      where);
  if (d.reader)
    d.read_normalization = n;
  else
    apply(d, n, d.images.data_as<float>(), d.size());
}

}  // namespace d500::training
