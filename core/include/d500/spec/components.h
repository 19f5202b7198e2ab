// The components an experiment is made of, level by level, as data: where each lives in the
// experiment file, what it takes in and gives out (typed ports), the built-in values it may take
// and which plugin metadata lists the others. One registration per component kind
// (components.cpp); the studio's canvas draws its nodes and checks its wiring from this table and
// never names a component itself.
//
// A component's value and parameters are the part of the file its `path` and `fields` name:
//   Value     a string at `path` ("training.dataset": "fashion-mnist"); `fields` are sibling keys
//             of the same object it also owns ("dataset_dir", "synthetic")
//   Object    an object at `path` ("training.optimizer"); its value is `value_keys` joined by "/"
//             ("plugin/name": "torch/adam")
//   ListItem  one string of the array at `path` ("implementations"); several are a fan-out
//   Fields    the keys `fields` of the object at `path` ("training": epochs, max_seconds, ...)
//   Implied   nothing of its own in the file: present whenever its level is (the communicator)
#pragma once

#include <string>
#include <vector>

namespace d500::spec {

struct ComponentPort {
  std::string name;  // "optimizer"
  std::string type;  // what flows in: "Optimizer"
  bool required = false;
  // The kinds that feed this port, most specific first (a sampler reads the transformed data
  // when there are transforms, else the dataset).
  std::vector<std::string> from;
  std::vector<std::string> levels;  // the levels the port exists in; empty: all of the kind's
};

struct ComponentKind {
  enum class Shape { Value, Object, ListItem, Fields, Implied };
  std::string kind;   // "optimizer"
  std::string title;  // "Optimizer" (English; the studio translates)
  std::vector<std::string>
      levels;  // "operator", "network", "training", "distributed", "collective"
  Shape shape = Shape::Value;
  std::string path;                     // dotted keys from the top: "training.optimizer"
  std::vector<std::string> fields;      // see the header comment
  std::vector<std::string> value_keys;  // Object: the keys its value is made of
  std::string output;                   // the type it gives; "" for none
  std::vector<ComponentPort> inputs;
  bool required = false;             // the level needs one (a ListItem: at least one)
  std::vector<std::string> choices;  // built-in values (the runner's own components)
  // Which plugin metadata or registry lists further values: "operator" (implementations of the
  // chosen operator), "executor", "optimizer", "scheme" (distributed::schemes(), built-ins
  // included), "metric" (training::metrics()), "sampler" (training::samplers()), "dataset"
  // (training::datasets()); "" for none.
  std::string offered_by;
  std::string default_value;  // what a new one is when dropped without a value
  // The stored series that show this component's live state while a run goes ("lr").
  std::vector<std::string> live_series;
  // Parameters that belong to one value only, as "value:parameter" ("mlp:hidden"): swapping to
  // another value drops them, every other parameter is kept. For a "plugin/name" value the part
  // after "/" is matched ("adam:beta1").
  std::vector<std::string> value_params;
  // The component that runs the others (the operator, the model, the trainer, the collectives):
  // the run's progress is shown on it.
  bool shows_progress = false;
  // The parameters a new one starts with, as a JSON object's text ("{\"lr\": 0.001}"): a dropped
  // component that runs as it is. "" for none.
  std::string default_params;
};
// Whether `param` of a component of kind `kind` still applies once its value is `value`.
bool param_applies(const ComponentKind& kind, const std::string& value, const std::string& param);

// Every kind, in the order a level's pipeline reads (data first, the trainer last).
const std::vector<ComponentKind>& component_kinds();
// The kind named, or nullptr.
const ComponentKind* find_component_kind(const std::string& kind);
// The kinds an experiment of `level` has.
std::vector<const ComponentKind*> component_kinds_of(const std::string& level);
// The ports of `kind` in `level`.
std::vector<ComponentPort> component_ports(const ComponentKind& kind, const std::string& level);
// Why a component of kind `from` cannot feed port `port` of kind `to` ("" when it can): the types
// differ, the port does not exist, or the kind gives nothing.
std::string connection_refusal(const ComponentKind& from, const ComponentKind& to,
                               const std::string& port, const std::string& level);

}  // namespace d500::spec
