// The network section's checks beyond parsing: the model, its inputs, and (with the plugins)
// whether every executor can run it, before a run is recorded.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "d500/network/executor_factory.h"
#include "d500/network/network_isolation.h"
#include "d500/network/network_spec.h"
#include "d500/onnx/model.h"

namespace d500::network {

namespace {

namespace fs = std::filesystem;
const std::string kSec = "$.network";

std::string joined(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  return list;
}

// An executor named in the section, built once at batch `b`: an operator it does not implement,
// an input shape the model refuses, an unknown executor, a loss that is no scalar output.
void check_executor(const std::string& name, const std::string& where, Graph g,
                    const NetworkSpec& s, const plugin::PluginManager& pm, spec::Problems& out) {
  if (name == "reference" || name.rfind("assembled:", 0) == 0) {
    auto policy = name == "reference" ? Result<AssemblyPolicy>(AssemblyPolicy{})
                                      : AssemblyPolicy::parse(name.substr(10));
    if (!policy) return out.push_back({where, policy.error().message});
    auto missing = AssembledExecutor::unimplemented(g, pm.operators(), *policy);
    if (!missing.empty())
      return out.push_back({where, "executor \"" + name + "\" cannot run the model: " +
                                       "no plugin it uses implements " + joined(missing)});
  }
  ExecutorOptions o;
  o.allocate_gradients = s.bench.training || s.micro;
  auto ex = make_executor(name, std::move(g), pm, o);
  if (!ex) return out.push_back({where, ex.error().to_string()});
  const auto& outs = (*ex)->output_names();
  const std::string& loss = s.bench.loss;
  if (loss.empty()) return;
  if (std::find(outs.begin(), outs.end(), loss) == outs.end())
    return out.push_back({kSec + ".loss", "the model has no output \"" + loss +
                                              "\" (its outputs: " + joined(outs) + ")"});
  if (element_count((*ex)->output_spec(loss).shape) != 1)
    out.push_back({kSec + ".loss", "\"" + loss + "\" is " + (*ex)->output_spec(loss).to_string() +
                                       ", not a scalar (leave \"loss\" empty to back-propagate "
                                       "the sum of the outputs)"});
}

}  // namespace

Result<std::string> network_model_bytes(const NetworkSpec& s) {
  const std::string where = kSec + ".model";
  if (!s.builder.empty()) {
    Result<std::string> r = s.builder == "mlp"     ? onnx::build_mlp({}, s.build)
                            : s.builder == "lenet" ? onnx::build_lenet({}, s.build)
                                                   : onnx::build_resnet({}, s.build);
    if (!r) return Error{r.error().to_string(), where};
    return r;
  }
  std::error_code ec;
  if (!fs::is_regular_file(s.model_path, ec))
    return Error{"no model file \"" + s.model_path +
                     "\" (a relative path is taken from the experiment's folder)",
                 where};
  std::ifstream in(s.model_path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in) return Error{s.model_path + ": cannot read the model file", where};
  return ss.str();
}

Result<Graph> network_graph_at(const std::string& bytes, const NetworkSpec& s, int64_t batch) {
  auto model = onnx::Model::parse(bytes, s.model_path.empty() ? s.model_arg : s.model_path);
  if (!model) return model.error();
  GraphOptions go;
  go.batch = batch;
  for (const auto& [name, dims] : s.input_shapes) {
    Shape shape{batch};
    shape.insert(shape.end(), dims.begin(), dims.end());
    go.input_shapes.emplace_back(name, shape);
  }
  return Graph::from_model(*model, go);
}

ExecutorFactory network_executor_factory(const std::string& name, const std::string& bytes,
                                         const NetworkSpec& s, const plugin::PluginManager& pm,
                                         bool keep_intermediates) {
  return [name, &bytes, &s, &pm, keep_intermediates](int64_t batch, bool gradients) {
    auto g = network_graph_at(bytes, s, batch);
    if (!g) throw D500Error("executor \"" + name + "\": " + g.error().to_string());
    ExecutorOptions o;
    o.allocate_gradients = gradients;
    o.keep_intermediates = keep_intermediates;
    auto ex = make_executor(name, std::move(g).value(), pm, o);
    if (!ex) throw D500Error("executor \"" + name + "\": " + ex.error().to_string());
    return std::move(ex).value();
  };
}

spec::Problems check_network(const NetworkSpec& s, const plugin::PluginManager* pm,
                             const std::vector<bool>& isolate) {
  const std::string model_at = kSec + ".model";
  auto bytes = network_model_bytes(s);
  if (!bytes) return {{model_at, bytes.error().message}};
  auto model = onnx::Model::parse(*bytes, s.model_path.empty() ? s.model_arg : s.model_path);
  if (!model) return {{model_at, model.error().to_string()}};
  std::vector<std::string> fed;
  auto inits = model->initializer_names();
  for (const auto& in : model->inputs())
    if (std::find(inits.begin(), inits.end(), in.name) == inits.end()) fed.push_back(in.name);
  for (const auto& [name, dims] : s.input_shapes)
    if (std::find(fed.begin(), fed.end(), name) == fed.end())
      return {{kSec + ".input_shapes." + name,
               "the model has no input \"" + name + "\" (its inputs: " + joined(fed) + ")"}};
  // Each executor is built once at the smallest batch, before a run exists.
  int64_t b = *std::min_element(s.batch_sizes.begin(), s.batch_sizes.end());
  if (s.bench.latency) b = 1;
  spec::Problems out;
  auto g = network_graph_at(*bytes, s, b);
  if (!g) return {{model_at, g.error().to_string()}};
  if (!pm) return out;
  for (size_t i = 0; i < s.executors.size() && out.empty(); ++i) {
    const std::string where = kSec + ".executors[" + std::to_string(i) + "]";
    if (i >= isolate.size() || !isolate[i]) {
      check_executor(s.executors[i], where, g->clone(), s, *pm, out);
      continue;
    }
    // An isolated executor is built in a child: a crash there is a problem, and this process
    // has not run the executor's library before the benchmark forks its own child.
    out = check_in_child(
        [&] {
          spec::Problems p;
          check_executor(s.executors[i], where, g->clone(), s, *pm, p);
          return p;
        },
        where);
  }
  return out;
}

}  // namespace d500::network
