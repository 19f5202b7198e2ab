// Level 1: one network on one or more executors (network_benchmark.h), and the micro-batching
// transformation (micro_batching.h). The experiment's "network" section:
//
//   "network": {
//     "model": "lenet.onnx"                       (relative to the experiment file), or
//              {"builder": "lenet", "seed": 1, "with_loss": false, "dtype": "float32"},
//     "executors": ["reference", "torch"],        (executor_factory.h)
//     "batch_sizes": [1, 16, 64],                 (throughput and fwd+bwd points)
//     "input_shapes": {"input": [1, 28, 28]},     (per sample, for inputs of unknown shape)
//     "latency": true, "throughput": true, "training": true, "per_node": true,
//     "latency_min_samples": 100,
//     "loss": "",                                 (a scalar output; "" = sum of the outputs)
//     "micro_batching": {"batch": 64, "k": [1, 2, 4], "executors": [...], "tolerance": 0}
//   }
//
// check() refuses a bad section before a run is recorded: a missing or malformed model, an input
// it does not have, an executor that cannot run it (naming the operator and the node).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "d500/network/executor_factory.h"
#include "d500/network/micro_batching.h"
#include "d500/network/network_benchmark.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/spec/checker.h"
#include "levels.h"

namespace d500::cli {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const std::string kSec = "$.network";

struct Section {
  std::string model_path;  // resolved; "" for a built model
  std::string model_arg;   // as written (messages)
  std::string builder;     // "mlp", "lenet", "resnet"
  onnx::BuildOptions build;
  std::vector<std::string> executors;
  std::vector<int64_t> batch_sizes = {1};
  std::vector<std::pair<std::string, Shape>> input_shapes;  // per sample
  network::NetworkBenchmarkOptions bench;
  bool micro = false;
  network::MicroBatchOptions micro_opt;
  std::vector<std::string> micro_executors;
};

bool bool_field(spec::Checker& c, const json& j, const std::string& path, const char* key,
                bool def) {
  const json* v = c.field(j, path, key, false);
  if (!v) return def;
  if (!v->is_boolean()) {
    c.fail(path + "." + key, "expected true or false, got " + spec::Checker::describe(*v));
    return def;
  }
  return v->get<bool>();
}

// A non-empty array of integers >= 1.
std::vector<int64_t> positive_list(spec::Checker& c, const json& v, const std::string& path) {
  std::vector<int64_t> out;
  if (!v.is_array() || v.empty()) {
    c.fail(path, "expected a non-empty array of integers >= 1, got " + spec::Checker::describe(v));
    return out;
  }
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_number_integer() || v[i].get<int64_t>() < 1)
      c.fail(path + "[" + std::to_string(i) + "]",
             "expected an integer >= 1, got " + spec::Checker::describe(v[i]));
    else
      out.push_back(v[i].get<int64_t>());
  }
  return out;
}

std::vector<std::string> name_list(spec::Checker& c, const json& v, const std::string& path) {
  std::vector<std::string> out;
  if (!v.is_array() || v.empty()) {
    c.fail(path, "expected a non-empty array of executor names, got " + spec::Checker::describe(v));
    return out;
  }
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string at = path + "[" + std::to_string(i) + "]";
    if (!v[i].is_string()) {
      c.fail(at, "expected an executor name, got " + spec::Checker::describe(v[i]));
      continue;
    }
    std::string name = v[i].get<std::string>();
    if (auto p = network::executor_plugins(name); !p)
      c.fail(at, p.error().message);
    else if (std::find(out.begin(), out.end(), name) != out.end())
      c.fail(at, "\"" + name + "\" is listed twice");
    else
      out.push_back(std::move(name));
  }
  return out;
}

void parse_model(spec::Checker& c, const json& m, const std::string& spec_path, Section& s) {
  const std::string path = kSec + ".model";
  if (m.is_string()) {
    s.model_arg = m.get<std::string>();
    if (s.model_arg.empty()) c.fail(path, "expected a model file name, got \"\"");
    fs::path p(s.model_arg);
    if (p.is_relative()) p = fs::path(spec_path).parent_path() / p;
    s.model_path = p.lexically_normal().string();
    return;
  }
  if (!m.is_object()) {
    c.fail(path, "expected an ONNX file name or {\"builder\": \"mlp\" | \"lenet\" | \"resnet\"}, "
                 "got " + spec::Checker::describe(m));
    return;
  }
  c.known_keys(m, path, {"builder", "seed", "with_loss", "dtype"});
  s.builder = c.string_field(m, path, "builder", true);
  if (!s.builder.empty() && s.builder != "mlp" && s.builder != "lenet" && s.builder != "resnet")
    c.fail(path + ".builder", "expected mlp, lenet or resnet, got \"" + s.builder + "\"");
  s.model_arg = "builder " + s.builder;
  s.build.seed = c.number_field<uint64_t>(m, path, "seed", 0, 0, UINT64_MAX);
  s.build.with_loss = bool_field(c, m, path, "with_loss", false);
  s.build.batch = 0;  // symbolic: the executors are built per batch size
  const std::string dt = c.string_field(m, path, "dtype", false, "float32");
  s.build.dtype = dtype_from_name(dt);
  if (s.build.dtype != DType::Float32 && s.build.dtype != DType::Float64)
    c.fail(path + ".dtype", "expected float32 or float64, got \"" + dt + "\"");
}

void parse_micro(spec::Checker& c, const json& m, Section& s) {
  const std::string path = kSec + ".micro_batching";
  if (!m.is_object()) {
    c.fail(path, "expected an object, got " + spec::Checker::describe(m));
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

// The section, parsed and checked as far as it can be without the model and the plugins.
Section parse_section(const spec::Experiment& e, const std::string& spec_path) {
  spec::Checker c(spec_path);
  Section s;
  auto it = e.sections.find("network");
  if (it == e.sections.end()) throw CliError{kBadInput, spec_path + ":" + kSec + ": missing"};
  const json& j = *it;
  c.known_keys(j, kSec,
               {"model", "executors", "batch_sizes", "input_shapes", "latency", "throughput",
                "training", "per_node", "latency_min_samples", "loss", "micro_batching"});
  if (const json* m = c.field(j, kSec, "model", true)) parse_model(c, *m, spec_path, s);
  if (const json* v = c.field(j, kSec, "executors", true))
    s.executors = name_list(c, *v, kSec + ".executors");
  if (const json* v = c.field(j, kSec, "batch_sizes", false))
    s.batch_sizes = positive_list(c, *v, kSec + ".batch_sizes");
  if (const json* v = c.field(j, kSec, "input_shapes", false)) {
    if (!v->is_object())
      c.fail(kSec + ".input_shapes", "expected {\"input name\": [dims without the batch]}, got " +
                                         spec::Checker::describe(*v));
    else
      for (auto in = v->begin(); in != v->end(); ++in)
        s.input_shapes.emplace_back(in.key(),
                                    positive_list(c, in.value(), kSec + ".input_shapes." + in.key()));
  }
  auto& b = s.bench;
  b.batch_sizes = s.batch_sizes;
  b.latency = bool_field(c, j, kSec, "latency", true);
  b.throughput = bool_field(c, j, kSec, "throughput", true);
  b.training = bool_field(c, j, kSec, "training", true);
  b.per_node = bool_field(c, j, kSec, "per_node", true);
  b.latency_min_samples = c.number_field<int64_t>(j, kSec, "latency_min_samples", 100, 1, 1000000);
  b.loss = c.string_field(j, kSec, "loss", false);
  b.policy = e.repetition;
  b.seed = e.seed;
  if (const json* v = c.field(j, kSec, "micro_batching", false)) parse_micro(c, *v, s);
  s.micro_opt.loss = b.loss;
  s.micro_opt.policy = e.repetition;
  s.micro_opt.seed = e.seed;
  if (c.ok() && !b.latency && !b.throughput && !b.training && !s.micro)
    c.fail(kSec, "nothing to measure: latency, throughput, training and micro_batching are all off");
  if (!c.ok()) throw CliError{kBadInput, c.message()};
  return s;
}

// The model's bytes: the file, or the builder's output.
std::string model_bytes(const Section& s, const std::string& spec_path) {
  if (!s.builder.empty()) {
    Result<std::string> r = s.builder == "mlp"     ? onnx::build_mlp({}, s.build)
                            : s.builder == "lenet" ? onnx::build_lenet({}, s.build)
                                                   : onnx::build_resnet({}, s.build);
    if (!r) throw CliError{kBadInput, spec_path + ":" + kSec + ".model: " + r.error().to_string()};
    return std::move(r).value();
  }
  std::error_code ec;
  if (!fs::is_regular_file(s.model_path, ec))
    throw CliError{kBadInput, spec_path + ":" + kSec + ".model: no model file \"" + s.model_path +
                                  "\" (a relative path is taken from the experiment's folder)"};
  std::ifstream in(s.model_path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in) throw CliError{kBadInput, s.model_path + ": cannot read the model file"};
  return ss.str();
}

// The graph at a batch size (every fed input's first dimension), with the per-sample shapes.
Result<network::Graph> graph_at(const std::string& bytes, const Section& s, int64_t batch) {
  auto model = onnx::Model::parse(bytes, s.model_path.empty() ? s.model_arg : s.model_path);
  if (!model) return model.error();
  network::GraphOptions go;
  go.batch = batch;
  for (const auto& [name, dims] : s.input_shapes) {
    Shape shape{batch};
    shape.insert(shape.end(), dims.begin(), dims.end());
    go.input_shapes.emplace_back(name, shape);
  }
  return network::Graph::from_model(*model, go);
}

network::ExecutorFactory factory(const std::string& name, const std::string& bytes,
                                 const Section& s, const plugin::PluginManager& pm) {
  return [name, &bytes, &s, &pm](int64_t batch, bool gradients) {
    auto g = graph_at(bytes, s, batch);
    if (!g) throw D500Error("executor \"" + name + "\": " + g.error().to_string());
    network::ExecutorOptions o;
    o.allocate_gradients = gradients;
    auto ex = network::make_executor(name, std::move(g).value(), pm, o);
    if (!ex) throw D500Error("executor \"" + name + "\": " + ex.error().to_string());
    return std::move(ex).value();
  };
}

// Runs before check(): takes what it can from the section and leaves every complaint to
// check(), which names the file and the JSON path.
std::set<std::string> network_plugins(const spec::Experiment& e) {
  std::set<std::string> out;
  auto it = e.sections.find("network");
  if (it == e.sections.end() || !it->is_object() || !it->contains("executors")) return out;
  const json& list = (*it)["executors"];
  if (!list.is_array()) return out;
  for (const auto& v : list)
    if (v.is_string())
      if (auto p = network::executor_plugins(v.get<std::string>())) out.insert(p->begin(), p->end());
  return out;
}

void check_network(const spec::Experiment& e, const std::string& spec_path,
                   plugin::PluginManager& pm) {
  Section s = parse_section(e, spec_path);
  const std::string bytes = model_bytes(s, spec_path);
  const std::string at = spec_path + ":" + kSec;
  auto model = onnx::Model::parse(bytes, s.model_path.empty() ? s.model_arg : s.model_path);
  if (!model) throw CliError{kBadInput, at + ".model: " + model.error().to_string()};
  std::vector<std::string> fed;
  auto inits = model->initializer_names();
  for (const auto& in : model->inputs())
    if (std::find(inits.begin(), inits.end(), in.name) == inits.end()) fed.push_back(in.name);
  std::string fed_list;
  for (const auto& f : fed) fed_list += (fed_list.empty() ? "" : ", ") + f;
  for (const auto& [name, dims] : s.input_shapes)
    if (std::find(fed.begin(), fed.end(), name) == fed.end())
      throw CliError{kBadInput, at + ".input_shapes." + name + ": the model has no input \"" +
                                    name + "\" (its inputs: " + fed_list + ")"};
  // Each executor is built once at the smallest batch: an operator it does not implement, an
  // input shape the model refuses, an unknown executor all show here, before a run exists.
  int64_t b = *std::min_element(s.batch_sizes.begin(), s.batch_sizes.end());
  if (s.bench.latency) b = 1;
  const bool grads = s.bench.training || s.micro;
  for (size_t i = 0; i < s.executors.size(); ++i) {
    const std::string& name = s.executors[i];
    const std::string where = at + ".executors[" + std::to_string(i) + "]";
    auto g = graph_at(bytes, s, b);
    if (!g) throw CliError{kBadInput, at + ".model: " + g.error().to_string()};
    if (name == "reference" || name.rfind("assembled:", 0) == 0) {
      auto policy = name == "reference" ? Result<network::AssemblyPolicy>(network::AssemblyPolicy{})
                                        : network::AssemblyPolicy::parse(name.substr(10));
      if (!policy) throw CliError{kBadInput, where + ": " + policy.error().message};
      auto missing = network::AssembledExecutor::unimplemented(*g, pm.operators(), *policy);
      if (!missing.empty()) {
        std::string list;
        for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
        throw CliError{kBadInput, where + ": executor \"" + name + "\" cannot run the model: " +
                                      "no plugin it uses implements " + list};
      }
    }
    network::ExecutorOptions o;
    o.allocate_gradients = grads;
    auto ex = network::make_executor(name, std::move(g).value(), pm, o);
    if (!ex) throw CliError{kBadInput, where + ": " + ex.error().to_string()};
    const auto& outs = (*ex)->output_names();
    if (!s.bench.loss.empty()) {
      if (std::find(outs.begin(), outs.end(), s.bench.loss) == outs.end()) {
        std::string list;
        for (const auto& o2 : outs) list += (list.empty() ? "" : ", ") + o2;
        throw CliError{kBadInput, at + ".loss: the model has no output \"" + s.bench.loss +
                                      "\" (its outputs: " + list + ")"};
      }
      if (element_count((*ex)->output_spec(s.bench.loss).shape) != 1)
        throw CliError{kBadInput, at + ".loss: \"" + s.bench.loss + "\" is " +
                                      (*ex)->output_spec(s.bench.loss).to_string() +
                                      ", not a scalar (leave \"loss\" empty to back-propagate "
                                      "the sum of the outputs)"};
    }
  }
}

LevelOutcome run_network(LevelContext& ctx) {
  Section s = parse_section(ctx.e, ctx.spec_path);
  const std::string bytes = model_bytes(s, ctx.spec_path);
  ctx.store.add_log(ctx.run_id, "info",
                    "model: " + (s.model_path.empty() ? s.model_arg : s.model_path) + " (" +
                        std::to_string(bytes.size()) + " bytes)");
  std::vector<network::ExecutorUnderTest> exs;
  for (const auto& name : s.executors) exs.push_back({name, factory(name, bytes, s, ctx.plugins)});

  const size_t bench_total = network::count_points(s.bench);
  const size_t micro_total = s.micro ? s.micro_opt.ks.size() * s.micro_executors.size() : 0;
  const size_t total = bench_total + micro_total;
  network::BenchmarkCallbacks cb;
  cb.cancel = &g_cancel;
  cb.progress = [&](size_t done, size_t, const std::string& subject) {
    ctx.progress.update(operators::ProgressEvent{done, total, subject});
  };
  cb.on_point = [&](const auto& points, const auto& nodes) {
    network::store_benchmark_results(ctx.store, ctx.run_id, points, nodes, s.bench.policy);
  };
  LevelOutcome out;
  size_t measured = 0, failed = 0, invalid = 0;
  bool cancelled = false;
  if (bench_total > 0) {
    network::NetworkBenchmarkResult r = network::run_network_benchmark(exs, s.bench, cb);
    measured = r.points.size();
    failed = r.errors.size();
    out.errors = r.errors;
    cancelled = r.cancelled;
  }
  size_t done = bench_total;
  for (const auto& name : s.micro_executors) {
    if (g_cancel.load()) break;
    ctx.progress.update(operators::ProgressEvent{done, total, "micro-batching [" + name + "]"});
    auto results = network::run_micro_batching(factory(name, bytes, s, ctx.plugins), s.micro_opt,
                                               &g_cancel);
    network::store_micro_batching(ctx.store, ctx.run_id, name, s.micro_opt, results);
    for (const auto& r : results) {
      ++measured;
      if (!r.error.empty()) {
        ++failed;
        out.errors.push_back("micro-batching k=" + std::to_string(r.k) + " [" + name + "]: " +
                             r.error);
      } else if (!r.passed) {
        ++invalid;
      }
    }
    done += s.micro_opt.ks.size();
    ctx.progress.update(operators::ProgressEvent{done, total, "micro-batching [" + name + "]"});
  }
  for (const auto& e : out.errors) ctx.store.add_log(ctx.run_id, "error", e);
  out.summary = {{"measurements", measured}, {"failed", failed}, {"micro_batching_failed", invalid}};
  if (cancelled || g_cancel.load()) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
    out.reason = "cancelled by a signal; what was measured is kept";
  } else if (failed > 0) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = std::to_string(failed) + " of " + std::to_string(measured) +
                 " measurements failed; first: " + out.errors.front();
  } else if (invalid > 0) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = std::to_string(invalid) +
                 " micro-batching runs gave gradients other than the full batch's (see `d500 show`)";
  }
  return out;
}

}  // namespace

const Level kNetworkLevel{"network", &network_plugins, &check_network, &run_network};

}  // namespace d500::cli
