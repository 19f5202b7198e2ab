#include "d500/network/network_spec.h"

#include <algorithm>
#include <filesystem>

#include "d500/network/executor_factory.h"
#include "d500/spec/checker.h"

namespace d500::network {

namespace {

using nlohmann::json;
using spec::Checker;
namespace fs = std::filesystem;

const std::string kSec = "$.network";

// A non-empty array of integers >= 1.
std::vector<int64_t> positive_list(Checker& c, const json& v, const std::string& path) {
  std::vector<int64_t> out;
  if (!v.is_array() || v.empty()) {
    c.fail(path, "expected a non-empty array of integers >= 1, got " + Checker::describe(v));
    return out;
  }
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_number_integer() || v[i].get<int64_t>() < 1)
      c.fail(path + "[" + std::to_string(i) + "]",
             "expected an integer >= 1, got " + Checker::describe(v[i]));
    else
      out.push_back(v[i].get<int64_t>());
  }
  return out;
}

std::vector<std::string> name_list(Checker& c, const json& v, const std::string& path) {
  std::vector<std::string> out;
  if (!v.is_array() || v.empty()) {
    c.fail(path, "expected a non-empty array of executor names, got " + Checker::describe(v));
    return out;
  }
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string at = path + "[" + std::to_string(i) + "]";
    if (!v[i].is_string()) {
      c.fail(at, "expected an executor name, got " + Checker::describe(v[i]));
      continue;
    }
    std::string name = v[i].get<std::string>();
    if (auto p = executor_plugins(name); !p)
      c.fail(at, p.error().message);
    else if (std::find(out.begin(), out.end(), name) != out.end())
      c.fail(at, "\"" + name + "\" is listed twice");
    else
      out.push_back(std::move(name));
  }
  return out;
}

void parse_model(Checker& c, const json& m, const std::string& base_dir, NetworkSpec& s) {
  const std::string path = kSec + ".model";
  if (m.is_string()) {
    s.model_arg = m.get<std::string>();
    if (s.model_arg.empty()) c.fail(path, "expected a model file name, got \"\"");
    fs::path p(s.model_arg);
    if (p.is_relative()) p = fs::path(base_dir) / p;
    s.model_path = p.lexically_normal().string();
    return;
  }
  if (!m.is_object()) {
    c.fail(path,
           "expected an ONNX file name or {\"builder\": \"mlp\" | \"lenet\" | \"resnet\"}, "
           "got " +
               Checker::describe(m));
    return;
  }
  c.known_keys(m, path, {"builder", "seed", "with_loss", "dtype"});
  s.builder = c.string_field(m, path, "builder", true);
  if (!s.builder.empty() && s.builder != "mlp" && s.builder != "lenet" && s.builder != "resnet")
    c.fail(path + ".builder", "expected mlp, lenet or resnet, got \"" + s.builder + "\"");
  s.model_arg = "builder " + s.builder;
  s.build.seed = c.number_field<uint64_t>(m, path, "seed", 0, 0, UINT64_MAX);
  s.build.with_loss = c.bool_field(m, path, "with_loss", false);
  s.build.batch = 0;  // symbolic: the executors are built per batch size
  const std::string dt = c.string_field(m, path, "dtype", false, "float32");
  s.build.dtype = dtype_from_name(dt);
  if (s.build.dtype != DType::Float32 && s.build.dtype != DType::Float64)
    c.fail(path + ".dtype", "expected float32 or float64, got \"" + dt + "\"");
}

void parse_micro(Checker& c, const json& m, NetworkSpec& s) {
  const std::string path = kSec + ".micro_batching";
  if (!m.is_object()) {
    c.fail(path, "expected an object, got " + Checker::describe(m));
    return;
  }
  c.known_keys(m, path, {"batch", "k", "executors", "tolerance"});
  s.micro = true;
  auto& o = s.micro_opt;
  o.batch = c.number_field<int64_t>(m, path, "batch", 64, 1, 1 << 24);
  if (const json* k = c.field(m, path, "k", false)) o.ks = positive_list(c, *k, path + ".k");
  for (size_t i = 0; i < o.ks.size(); ++i)
    if (o.batch % o.ks[i] != 0)
      c.fail(path + ".k[" + std::to_string(i) + "]",
             std::to_string(o.ks[i]) + " does not divide the batch " + std::to_string(o.batch));
  o.tolerance = c.number_field<double>(m, path, "tolerance", 0.0, 0.0, 1.0);
  s.micro_executors = s.executors;
  if (const json* v = c.field(m, path, "executors", false)) {
    s.micro_executors = name_list(c, *v, path + ".executors");
    for (size_t i = 0; i < s.micro_executors.size(); ++i)
      if (std::find(s.executors.begin(), s.executors.end(), s.micro_executors[i]) ==
          s.executors.end())
        c.fail(path + ".executors[" + std::to_string(i) + "]",
               "\"" + s.micro_executors[i] + "\" is not one of $.network.executors");
  }
}

void parse_input_shapes(Checker& c, const json& v, NetworkSpec& s) {
  if (!v.is_object()) {
    c.fail(kSec + ".input_shapes",
           "expected {\"input name\": [dims without the batch]}, got " + Checker::describe(v));
    return;
  }
  for (auto in = v.begin(); in != v.end(); ++in)
    s.input_shapes.emplace_back(in.key(),
                                positive_list(c, in.value(), kSec + ".input_shapes." + in.key()));
}

}  // namespace

Result<NetworkSpec> parse_network(const json& j, const std::string& source,
                                  const std::string& base_dir, const measure::Policy& policy,
                                  uint64_t seed) {
  Checker c(source);
  NetworkSpec s;
  if (!j.is_object()) return Error{"expected an object", source + ":" + kSec};
  c.known_keys(j, kSec,
               {"model", "executors", "batch_sizes", "input_shapes", "latency", "throughput",
                "training", "per_node", "latency_min_samples", "loss", "micro_batching"});
  if (const json* m = c.field(j, kSec, "model", true)) parse_model(c, *m, base_dir, s);
  if (const json* v = c.field(j, kSec, "executors", true))
    s.executors = name_list(c, *v, kSec + ".executors");
  if (const json* v = c.field(j, kSec, "batch_sizes", false))
    s.batch_sizes = positive_list(c, *v, kSec + ".batch_sizes");
  if (const json* v = c.field(j, kSec, "input_shapes", false)) parse_input_shapes(c, *v, s);
  auto& b = s.bench;
  b.batch_sizes = s.batch_sizes;
  b.latency = c.bool_field(j, kSec, "latency", true);
  b.throughput = c.bool_field(j, kSec, "throughput", true);
  b.training = c.bool_field(j, kSec, "training", true);
  b.per_node = c.bool_field(j, kSec, "per_node", true);
  b.latency_min_samples = c.number_field<int64_t>(j, kSec, "latency_min_samples", 100, 1, 1000000);
  b.loss = c.string_field(j, kSec, "loss", false);
  b.policy = policy;
  b.seed = seed;
  if (const json* v = c.field(j, kSec, "micro_batching", false)) parse_micro(c, *v, s);
  s.micro_opt.loss = b.loss;
  s.micro_opt.policy = policy;
  s.micro_opt.seed = seed;
  if (c.ok() && !b.latency && !b.throughput && !b.training && !s.micro)
    c.fail(kSec,
           "nothing to measure: latency, throughput, training and micro_batching are all off");
  if (!c.ok()) return Error{c.message(), ""};
  return s;
}

std::vector<std::pair<std::string, std::string>> network_plugins(const json& section) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!section.is_object() || !section.contains("executors")) return out;
  const json& list = section["executors"];
  if (!list.is_array()) return out;
  for (size_t i = 0; i < list.size(); ++i) {
    if (!list[i].is_string()) continue;
    auto p = executor_plugins(list[i].get<std::string>());
    if (!p) continue;
    for (const auto& name : *p)
      if (std::none_of(out.begin(), out.end(), [&](const auto& x) { return x.first == name; }))
        out.emplace_back(name, kSec + ".executors[" + std::to_string(i) + "]");
  }
  return out;
}

}  // namespace d500::network
