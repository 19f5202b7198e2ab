#include "d500/training/training_spec.h"

#include <filesystem>
#include <fstream>
#include <set>

#include "d500/json_input.h"
#include "d500/spec/checker.h"
#include "d500/training/dataset_registry.h"
#include "d500/training/sampler_registry.h"

namespace d500::training {

namespace fs = std::filesystem;
using nlohmann::json;
using spec::Checker;

namespace {

const std::set<std::string> kKeys = {
    "recipe",     "dataset", "dataset_dir",     "synthetic", "normalize",   "augment",
    "network",    "loss",    "target_accuracy", "test_set",  "executor",    "optimizer",
    "schedule",   "sampler", "batch",           "epochs",    "max_seconds", "seeds",
    "eval_every", "metrics", "sampler_params"};

std::string resolve(const std::string& base, const std::string& p) {
  if (p.empty() || fs::path(p).is_absolute() || base.empty()) return p;
  return (fs::path(base) / p).lexically_normal().string();
}

Result<json> read_json(const std::string& path) {
  return read_json_file(path);
}

void parse_optimizer(Checker& c, const json& v, const std::string& p, TrainingSpec& t) {
  if (!v.is_object()) return c.fail(p, "expected an object {\"plugin\", \"name\", \"lr\", ...}");
  t.optimizer_plugin = c.string_field(v, p, "plugin", false, "reference");
  t.optimizer = c.string_field(v, p, "name", true);
  t.hyper.clear();
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (it.key() == "plugin" || it.key() == "name") continue;
    if (!it.value().is_number())
      c.fail(p + "." + it.key(), "expected a number, got " + Checker::describe(it.value()));
    else
      t.hyper[it.key()] = it.value().get<double>();
  }
  if (!t.hyper.count("lr")) t.hyper["lr"] = 1e-3;
}

// An object of numbers ({"every": 10}); a value that is not a number is reported at its path.
std::map<std::string, double> parse_numbers(Checker& c, const json& v, const std::string& p) {
  std::map<std::string, double> out;
  if (!v.is_object()) {
    c.fail(p, "expected an object of numbers");
    return out;
  }
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (!it.value().is_number())
      c.fail(p + "." + it.key(), "expected a number, got " + Checker::describe(it.value()));
    else
      out[it.key()] = it.value().get<double>();
  }
  return out;
}

void parse_metric(Checker& c, const json& v, const std::string& p, TrainingSpec& t) {
  MetricRequest m;
  if (v.is_string()) {
    m.name = v.get<std::string>();
  } else if (v.is_object()) {
    c.known_keys(v, p, {"name", "params"});
    m.name = c.string_field(v, p, "name", true);
    if (const json* params = c.field(v, p, "params", false))
      m.params = parse_numbers(c, *params, p + ".params");
  } else {
    return c.fail(
        p, "expected a metric's name or {\"name\", \"params\"}, got " + Checker::describe(v));
  }
  if (m.name.empty()) return c.fail(p, "a metric needs a name");
  for (const MetricRequest& other : t.metrics)
    if (other.name == m.name) return c.fail(p, "metric \"" + m.name + "\" is named twice");
  t.metrics.push_back(std::move(m));
}

void parse_metrics(Checker& c, const json& v, const std::string& p, TrainingSpec& t) {
  if (!v.is_array()) return c.fail(p, "expected a list of metrics, e.g. [\"ece\"]");
  for (size_t i = 0; i < v.size(); ++i) parse_metric(c, v[i], p + "[" + std::to_string(i) + "]", t);
}

void parse_schedule(Checker& c, const json& v, const std::string& p, TrainingSpec& t) {
  const double lr = t.hyper.count("lr") ? t.hyper["lr"] : 1e-3;
  if (!v.is_object()) return c.fail(p, "expected an object {\"kind\": \"constant\" | ...}");
  c.known_keys(v, p, {"kind", "every", "gamma", "total_steps", "floor", "warmup"});
  const std::string kind = c.string_field(v, p, "kind", false, "constant");
  if (kind == "constant") {
    t.schedule = LrSchedule::constant(lr);
  } else if (kind == "step") {
    t.schedule = LrSchedule::step(lr, c.number_field<int64_t>(v, p, "every", 1000, 1, INT64_MAX),
                                  c.number_field<double>(v, p, "gamma", 0.1, 1e-12, 1e12));
  } else if (kind == "cosine") {
    t.schedule =
        LrSchedule::cosine(lr, c.number_field<int64_t>(v, p, "total_steps", 1000, 1, INT64_MAX),
                           c.number_field<double>(v, p, "floor", 0.0, 0.0, 1e12));
  } else {
    c.fail(p + ".kind", "expected constant, step or cosine, got \"" + kind + "\"");
  }
  const int64_t warm = c.number_field<int64_t>(v, p, "warmup", 0, 0, INT64_MAX);
  if (warm > 0) t.schedule = t.schedule.with_warmup(warm);
}

}  // namespace

Result<Recipe> load_recipe(const std::string& path) {
  auto j = read_json(path);
  if (!j) return j.error();
  Checker c(path);
  Recipe r;
  r.path = path;
  if (!j->is_object()) return Error{"expected a JSON object", path};
  c.known_keys(*j, "$", {"d500_recipe", "name", "description", "fixed", "mutable", "defaults"});
  if (!j->contains("d500_recipe"))
    c.fail("$.d500_recipe", "missing (required): the recipe format, 1");
  r.name = c.string_field(*j, "$", "name", true);
  if (const json* f = c.field(*j, "$", "fixed", true)) {
    if (!f->is_object())
      c.fail("$.fixed", "expected an object of fixed components");
    else {
      c.known_keys(*f, "$.fixed", {kRecipeComponents.begin(), kRecipeComponents.end()});
      r.fixed = *f;
    }
  }
  if (const json* m = c.field(*j, "$", "mutable", false)) {
    if (!m->is_array())
      c.fail("$.mutable", "expected an array of component names");
    else
      for (const auto& x : *m)
        if (x.is_string()) r.mutable_components.push_back(x.get<std::string>());
  }
  if (const json* d = c.field(*j, "$", "defaults", false)) {
    if (!d->is_object())
      c.fail("$.defaults", "expected an object");
    else
      r.defaults = *d;
  }
  if (!c.ok()) return Error{c.message(), ""};
  return r;
}

// The network to train: a builder with its sizes, or an ONNX model file. Every field is checked
// here, so building the network later never meets a value of the wrong type.
void parse_network(Checker& c, const json& v, const std::string& p, const std::string& base_dir,
                   TrainingSpec& t) {
  if (!v.is_object() || (!v.contains("builder") && !v.contains("model")))
    return c.fail(p,
                  "expected {\"builder\": \"mlp\" | \"lenet\" | \"resnet\", ...} or {\"model\": "
                  "\"file.onnx\"}");
  c.known_keys(v, p, {"builder", "model", "hidden", "stages"});
  t.network = v;
  if (v.contains("model")) {
    const std::string model = c.string_field(v, p, "model", true);
    if (!model.empty()) t.network["model"] = resolve(base_dir, model);
  }
  if (v.contains("builder")) {
    const std::string b = c.string_field(v, p, "builder", true);
    if (b != "mlp" && b != "lenet" && b != "resnet")
      c.fail(p + ".builder", "expected mlp, lenet or resnet, got \"" + b + "\"");
  }
  for (const char* key : {"hidden", "stages"}) {
    if (!v.contains(key)) continue;
    const json& sizes = v[key];
    bool ok = sizes.is_array() && !sizes.empty() && sizes.size() <= 64;
    for (const auto& d : sizes)
      ok = ok && d.is_number_integer() && d.get<int64_t>() >= 1 && d.get<int64_t>() <= (1 << 20);
    if (!ok)
      c.fail(p + "." + key, "expected a list of 1 to 64 layer widths, each from 1 to 1048576");
  }
}

namespace {

const std::string P = "$.training";

// The section with its recipe's defaults and fixed values filled in; a fixed value this section
// sets otherwise is recorded as a violation.
json merge_recipe(Checker& c, const json& section, const std::string& base_dir, TrainingSpec& t) {
  json merged = section;
  const json* r = c.field(section, P, "recipe", false);
  if (!r) return merged;
  if (!r->is_string()) {
    c.fail(P + ".recipe", "expected a path to a recipe file");
    return merged;
  }
  t.recipe_path = resolve(base_dir, r->get<std::string>());
  auto recipe = load_recipe(t.recipe_path);
  if (!recipe) {
    c.fail(P + ".recipe", recipe.error().to_string());
    return merged;
  }
  for (auto it = recipe->defaults.begin(); it != recipe->defaults.end(); ++it)
    if (!merged.contains(it.key())) merged[it.key()] = it.value();
  for (auto it = recipe->fixed.begin(); it != recipe->fixed.end(); ++it) {
    if (!merged.contains(it.key()))
      merged[it.key()] = it.value();
    else if (merged[it.key()] != it.value())
      t.recipe_violations.push_back(it.key() + " is fixed by recipe \"" + recipe->name + "\" to " +
                                    it.value().dump() + ", this run uses " +
                                    merged[it.key()].dump());
  }
  return merged;
}

void parse_synthetic(Checker& c, const json& v, TrainingSpec& t) {
  const std::string p = P + ".synthetic";
  if (!v.is_object()) return c.fail(p, "expected an object");
  c.known_keys(v, p, {"samples", "test_samples", "shape", "classes", "noise"});
  t.synthetic_samples = c.number_field<int64_t>(v, p, "samples", 4096, 1, 10000000);
  t.synthetic_test_samples = c.number_field<int64_t>(v, p, "test_samples", 1024, 1, 10000000);
  t.synthetic_classes = c.number_field<int64_t>(v, p, "classes", 10, 2, 100000);
  t.synthetic_noise = c.number_field<double>(v, p, "noise", 0.5, 0.0, 1e6);
  if (!v.contains("shape")) return;
  const json& sh = v["shape"];
  t.synthetic_shape.clear();
  if (!sh.is_array() || (sh.size() != 1 && sh.size() != 3))
    return c.fail(p + ".shape", "expected [D] or [C, H, W]");
  for (const auto& d : sh)
    if (!d.is_number_integer() || d.get<int64_t>() < 1)
      c.fail(p + ".shape", "dimensions must be positive integers");
    else
      t.synthetic_shape.push_back(d.get<int64_t>());
}

// The data: dataset, its folder, a synthetic one's shape, normalisation and augmentation.
void parse_data(Checker& c, const json& s, const std::string& base_dir, TrainingSpec& t) {
  t.dataset = c.string_field(s, P, "dataset", false, "fashion-mnist");
  // A plugin's ("plugin/name") is judged once its plugin is loaded (check_training).
  if (t.dataset.find('/') == std::string::npos && !datasets().find(t.dataset))
    c.fail(P + ".dataset", "expected " + datasets().names() +
                               " or a plugin's \"plugin/name\", got \"" + t.dataset + "\"");
  if (const json* v = c.field(s, P, "dataset_params", false))
    t.dataset_params = parse_numbers(c, *v, P + ".dataset_params");
  t.dataset_dir = resolve(base_dir, c.string_field(s, P, "dataset_dir", false));
  if (t.dataset == "cifar10" && t.dataset_dir.empty())
    c.fail(P + ".dataset_dir", "cifar10 needs the folder of its binary batches");
  if (const json* v = c.field(s, P, "synthetic", false)) parse_synthetic(c, *v, t);
  t.normalize = c.bool_field(s, P, "normalize", t.normalize);
  if (const json* v = c.field(s, P, "augment", false)) {
    if (!v->is_object()) return c.fail(P + ".augment", "expected an object");
    c.known_keys(*v, P + ".augment", {"crop_padding", "horizontal_flip"});
    t.augment.crop_padding = c.number_field<int64_t>(*v, P + ".augment", "crop_padding", 0, 0, 64);
    t.augment.horizontal_flip =
        c.bool_field(*v, P + ".augment", "horizontal_flip", t.augment.horizontal_flip);
  }
}

// The model and how it learns: network, loss, target, executor, optimizer and schedule.
void parse_learning(Checker& c, const json& s, const std::string& base_dir, TrainingSpec& t) {
  if (const json* v = c.field(s, P, "network", false))
    parse_network(c, *v, P + ".network", base_dir, t);
  t.loss = c.string_field(s, P, "loss", false, "cross-entropy");
  if (t.loss != "cross-entropy")
    c.fail(P + ".loss", "expected cross-entropy (the builder's SoftmaxCrossEntropyLoss), got \"" +
                            t.loss + "\"");
  t.target_accuracy = c.number_field<double>(s, P, "target_accuracy", 0.0, 0.0, 1.0);
  t.executor = c.string_field(s, P, "executor", false, "reference");
  if (const json* v = c.field(s, P, "optimizer", false))
    parse_optimizer(c, *v, P + ".optimizer", t);
  else
    t.hyper["lr"] = 1e-3;
  t.schedule = LrSchedule::constant(t.hyper["lr"]);
  if (const json* v = c.field(s, P, "schedule", false)) parse_schedule(c, *v, P + ".schedule", t);
}

// The loop: sampler, batch, epochs, seeds, evaluation, time limit and metrics.
void parse_loop(Checker& c, const json& s, TrainingSpec& t) {
  t.sampler = c.string_field(s, P, "sampler", false, "shuffled");
  // A plugin's ("plugin/name") is judged once its plugin is loaded (check_training).
  if (t.sampler.find('/') == std::string::npos && !samplers().find(t.sampler))
    c.fail(P + ".sampler", "expected " + samplers().names() +
                               " or a plugin's \"plugin/name\", got \"" + t.sampler + "\"");
  if (const json* v = c.field(s, P, "sampler_params", false))
    t.sampler_params = parse_numbers(c, *v, P + ".sampler_params");
  t.batch = c.number_field<int64_t>(s, P, "batch", 64, 1, 1 << 20);
  t.epochs = c.number_field<int64_t>(s, P, "epochs", 5, 1, 100000);
  t.seeds = c.number_field<int64_t>(s, P, "seeds", 5, 1, 1000);
  t.eval_every = c.number_field<int64_t>(s, P, "eval_every", 0, 0, INT64_MAX);
  t.max_seconds = c.number_field<double>(s, P, "max_seconds", 0.0, 0.0, 1e9);
  if (const json* v = c.field(s, P, "metrics", false)) parse_metrics(c, *v, P + ".metrics", t);
}

}  // namespace

Result<TrainingSpec> parse_training(const json& section, const std::string& source,
                                    const std::string& base_dir) {
  Checker c(source);
  TrainingSpec t;
  if (!section.is_object()) return Error{"expected an object", source + ":" + P};
  c.known_keys(section, P, kKeys);
  const json merged = merge_recipe(c, section, base_dir, t);
  parse_data(c, merged, base_dir, t);
  parse_learning(c, merged, base_dir, t);
  parse_loop(c, merged, t);
  if (!c.ok()) return Error{c.message(), ""};
  t.as_written = merged;
  return t;
}

}  // namespace d500::training
