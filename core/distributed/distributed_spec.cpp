#include "d500/distributed/distributed_spec.h"

#include <algorithm>
#include <cmath>

#include "d500/spec/checker.h"
#include "d500/training/training_setup.h"

namespace d500::distributed {

namespace {

using nlohmann::json;
using spec::Checker;

FaultSpec parse_fault(Checker& c, const json& dist, const std::string& path) {
  FaultSpec f;
  auto it = dist.find("fault");
  if (it == dist.end()) return f;
  const std::string p = path + ".fault";
  if (!it->is_object()) {
    c.fail(p, "expected an object {\"rank\", \"step\", \"kind\"}");
    return f;
  }
  c.known_keys(*it, p, {"rank", "step", "kind"});
  f.rank = c.number_field<int>(*it, p, "rank", 0, 0, 1 << 20);
  f.step = c.number_field<int64_t>(*it, p, "step", 0, 0, int64_t{1} << 40);
  f.kind = c.string_field(*it, p, "kind", true, "");
  if (f.kind != "nan_loss" && f.kind != "error" && f.kind != "crash")
    c.fail(p + ".kind", "expected \"nan_loss\", \"error\" or \"crash\", got \"" + f.kind + "\"");
  return f;
}

void parse_operations(Checker& c, const json& ops, const std::string& path, CollectiveSpec& s) {
  if (!ops.is_array() || ops.empty())
    return c.fail(path,
                  "expected a non-empty array of \"allreduce\", \"allgather\", "
                  "\"broadcast\", got " +
                      Checker::describe(ops));
  for (size_t i = 0; i < ops.size(); ++i) {
    const auto& v = ops[i];
    const std::string p = path + "[" + std::to_string(i) + "]";
    const std::string name = v.is_string() ? v.get<std::string>() : "";
    const Collective op = collective_from_name(name).value_or(Collective::Allreduce);
    if (name.empty() || collective_name(op) != name)
      c.fail(p,
             "expected \"allreduce\", \"allgather\" or \"broadcast\", got " + Checker::describe(v));
    else if (std::find(s.ops.begin(), s.ops.end(), op) != s.ops.end())
      c.fail(p, "\"" + name + "\" is listed twice");
    else
      s.ops.push_back(op);
  }
}

// "params": {"ratio": 0.01}: a plugin scheme's hyper-parameters, numbers only.
void parse_params(Checker& c, const json& j, const std::string& path, DistributedSpec& d) {
  if (!j.contains("params")) return;
  const json& p = j["params"];
  if (!p.is_object()) {
    c.fail(path + ".params", "expected an object of numbers");
    return;
  }
  for (const auto& [k, v] : p.items()) {
    if (!v.is_number() || !std::isfinite(v.get<double>()))
      c.fail(path + ".params." + k, "expected a finite number");
    else
      d.params[k] = v.get<double>();
  }
}

}  // namespace

Result<DistributedSpec> parse_distributed(const json& j, const std::string& source) {
  Checker c(source);
  const std::string path = "$.distributed";
  if (!j.is_object()) return Error{"expected an object", source + ":" + path};
  c.known_keys(j, path,
               {"scheme", "average_every", "sampler", "scaling_baseline", "fault", "params",
                "hook_timeout_s"});
  DistributedSpec d;
  d.as_written = j;
  d.scheme = c.string_field(j, path, "scheme", false, d.scheme);
  // A plugin's scheme ("plugin/name") is registered once its plugin loads (check_experiment).
  const auto* kind = schemes().find(d.scheme);
  if (!kind && d.scheme.find('/') == std::string::npos)
    c.fail(path + ".scheme", "expected one of " + schemes().names() +
                                 " or a plugin's \"plugin/name\", got \"" + d.scheme + "\"");
  parse_params(c, j, path, d);
  const auto& reads = kind ? kind->parameters : std::vector<std::string>{};
  if (kind && !d.params.empty() && std::find(reads.begin(), reads.end(), "params") == reads.end())
    c.fail(path + ".params", "the scheme \"" + d.scheme + "\" takes no params");
  d.average_every = c.number_field<int64_t>(j, path, "average_every", 4, 1, 1 << 30);
  const std::string sampler = c.string_field(j, path, "sampler", false, "partitioned");
  if (sampler != "partitioned" && sampler != "replicated")
    c.fail(path + ".sampler",
           "expected \"partitioned\" or \"replicated\", got \"" + sampler + "\"");
  d.partitioned = sampler != "replicated";
  d.scaling_baseline = c.bool_field(j, path, "scaling_baseline", d.scaling_baseline);
  d.hook_timeout_s = c.number_field<double>(j, path, "hook_timeout_s", 120, 0.1, 86400);
  d.fault = parse_fault(c, j, path);
  if (!c.ok()) return Error{c.message(), ""};
  return d;
}

training::TrainerOptions distributed_trainer_options(const training::TrainingSpec& t, uint64_t seed,
                                                     bool async) {
  training::TrainerOptions o = training::trainer_options_for(t, seed);
  o.max_seconds = async ? t.max_seconds : 0;
  o.target_accuracy = 0;
  o.stop_on_divergence = async;  // the synchronous schemes vote on it (DistributedScheme)
  return o;
}

std::vector<int64_t> CollectiveSpec::sizes() const {
  std::vector<int64_t> s;
  for (int64_t b = min_bytes; b <= max_bytes; b *= 2) s.push_back(b);
  return s;
}

Result<CollectiveSpec> parse_collective(const json& j, const std::string& source) {
  Checker c(source);
  const std::string path = "$.collective";
  if (!j.is_object()) return Error{"expected an object", source + ":" + path};
  CollectiveSpec s;
  c.known_keys(j, path, {"operations", "min_bytes", "max_bytes", "dtype"});
  if (const json* ops = c.field(j, path, "operations", false))
    parse_operations(c, *ops, path + ".operations", s);
  else
    s.ops = {Collective::Allreduce};
  const std::string dtype = c.string_field(j, path, "dtype", false, "float32");
  s.dtype = dtype_from_name(dtype);
  if (s.dtype != DType::Float32 && s.dtype != DType::Float64) {
    c.fail(path + ".dtype", "expected \"float32\" or \"float64\", got \"" + dtype + "\"");
    s.dtype = DType::Float32;
  }
  constexpr int64_t kMax = int64_t{1} << 30;
  s.min_bytes = c.number_field<int64_t>(j, path, "min_bytes", 4, 1, kMax);
  s.max_bytes = c.number_field<int64_t>(j, path, "max_bytes", 64 << 20, 1, kMax);
  const auto elem = static_cast<int64_t>(dtype_size(s.dtype));
  if (s.min_bytes % elem != 0)
    c.fail(path + ".min_bytes", "must be a multiple of " + std::to_string(elem) + " (one " + dtype +
                                    "), got " + std::to_string(s.min_bytes));
  if (s.max_bytes < s.min_bytes)
    c.fail(path + ".max_bytes", "must be >= min_bytes (" + std::to_string(s.min_bytes) + ")");
  if (!c.ok()) return Error{c.message(), ""};
  return s;
}

}  // namespace d500::distributed
