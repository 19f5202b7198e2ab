// Experiment files: versioned JSON that names the level, the components by name, their
// parameters, sweeps, seeds, the repetition policy and the launcher. Parsing reports every
// problem with its JSON path and what was expected.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/measure/loop.h"
#include "d500/tensor.h"

namespace d500::spec {

// The experiment file format this build reads and writes ("d500": 1).
inline constexpr int kExperimentFormat = 1;

// One measurement point: a value for every sweep variable.
struct Point {
  std::map<std::string, nlohmann::json> vars;
  std::string label() const;  // "M=64 N=64", or "" when there are no variables
  nlohmann::json to_json() const;
};

// An implementation named "plugin" or "plugin/variant".
struct Implementation {
  std::string plugin;
  std::string variant;  // empty: the plugin's only (or "default") variant
  std::string id() const { return variant.empty() ? plugin : plugin + "/" + variant; }
};

// Level 0: one operator at the sweep's shapes.
struct OperatorSpec {
  std::string op_type;  // ONNX op type
  std::string domain;   // "" = ai.onnx
  DType dtype = DType::Float32;
  // Each input's dimensions: an integer, or the name of a sweep variable.
  std::vector<std::vector<nlohmann::json>> inputs;
  // ONNX attributes; a string value "$VAR" takes a sweep variable's value.
  nlohmann::json attributes = nlohmann::json::object();

  // The concrete shapes and attributes at a point (variables substituted).
  std::vector<Shape> shapes_at(const Point& p) const;
  nlohmann::json attributes_at(const Point& p) const;
};

// How results are checked beside being timed (measurement.md, "Correctness beside speed").
struct Validation {
  bool forward = true;                  // outputs against the reference implementation in float64
  bool backward = true;                 // analytic gradients against central differences (float64)
  bool determinism = true;              // a second forward on the same inputs, compared bitwise
  std::string reference = "reference";  // the plugin whose operators are the reference
  double tolerance = 0;                 // relative tolerance override; 0 = the default per dtype
};

struct Launcher {
  std::string kind = "local";  // "local", "mpi", "slurm"
  int ranks = 1;
  std::vector<std::string> hosts;
  std::vector<std::string> extra_args;
};

struct Experiment {
  int format = kExperimentFormat;
  std::string name;
  std::string description;
  std::string level;  // "operator", "network", "training", "distributed", "collective"
  uint64_t seed = 0;
  measure::Policy repetition;
  std::string repetition_mode = "default";  // "default" or "publication"
  // Explicit points ("points", or a problem list file named by "problems", inlined when read);
  // each is combined with every combination of the sweep variables.
  std::vector<std::map<std::string, nlohmann::json>> explicit_points;
  // Sweep variables by name (alphabetical, as JSON objects are unordered); points are their
  // cartesian product, the first variable varying slowest.
  std::vector<std::pair<std::string, std::vector<nlohmann::json>>> sweep;
  OperatorSpec op;
  std::vector<Implementation> implementations;
  std::string baseline;  // implementation id speedups are relative to; default: the first
  Validation validation;
  Launcher launcher;
  // The sections of the other levels as written ("network": {...}, "training": {...}, ...),
  // parsed by their level's module; the level's own section is present.
  nlohmann::json sections = nlohmann::json::object();

  // How many points points() gives, saturating at UINT64_MAX (a sweep may ask for 10^16).
  uint64_t point_count() const;
  // Throws D500Error when point_count() > kMaxPoints (parse_experiment refuses such files).
  std::vector<Point> points() const;
};

// The most points one experiment may have: beyond, a sweep is almost surely a mistake, and its
// points alone would not fit in memory.
inline constexpr uint64_t kMaxPoints = 1000000;

// Parses and validates. `source` names the file in messages ("exp.json"). Every problem found is
// reported, one per line, as "source:$.json.path: what was expected".
// `base_dir` resolves a relative "problems" path (default: the current folder).
Result<Experiment> parse_experiment(const nlohmann::json& j, const std::string& source,
                                    const std::string& base_dir = "");
// Reads the file (missing, unreadable, not JSON: a clear Error with the path) and parses it.
Result<Experiment> load_experiment(const std::string& path);
// The canonical JSON of an experiment: every default filled in, keys sorted. This is what a run
// stores, hashes, and re-runs.
nlohmann::json to_json(const Experiment& e);
// Policy <-> JSON, shared with the store's policy_json.
nlohmann::json policy_to_json(const measure::Policy& p);

}  // namespace d500::spec
