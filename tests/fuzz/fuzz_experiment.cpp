// Fuzz target: experiment files through load_experiment, as `d500 run` reads them, then what the
// runner derives from a parsed one (canonical JSON, points, shapes, a training section).
#include <cstddef>
#include <cstdint>

#include "d500/error.h"
#include "d500/spec/experiment.h"
#include "d500/training/training_spec.h"
#include "fuzz_util.h"

namespace {

// The runner measures every point; a fuzzed sweep of many long arrays would make a product far
// beyond anything an input this size could mean, so only modest ones are expanded.
constexpr size_t kMaxPoints = 4096;

void use(const d500::spec::Experiment& e, const std::string& base_dir) {
  (void)d500::spec::to_json(e).dump();
  size_t n = e.explicit_points.empty() ? 1 : e.explicit_points.size();
  for (const auto& [name, values] : e.sweep) {
    if (values.size() > kMaxPoints || n * values.size() > kMaxPoints) return;
    n *= values.size();
  }
  for (const auto& p : e.points()) {
    (void)p.label();
    if (e.level != "operator") continue;
    try {
      (void)e.op.shapes_at(p);
      (void)e.op.attributes_at(p);
    } catch (const d500::D500Error&) {
    }
  }
  auto training = e.sections.find("training");
  if (training != e.sections.end())
    (void)d500::training::parse_training(*training, "fuzz.json", base_dir);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = d500::fuzz::write_input(data, size, "experiment.json");
  auto e = d500::spec::load_experiment(path);
  if (e) use(*e, d500::fuzz::scratch_dir().string());
  return 0;
}
