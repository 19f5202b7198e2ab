// The host's side of the optional export d500_report_instance (d500/plugin_report.h): what a live
// operator instance says it runs (its kernel) and the layout conversions its calls did inside
// themselves. Any plugin may export it; one that does not reports nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "d500/plugin/operator_registry.h"

namespace d500::plugin {

struct InstanceReport {
  std::string kernel;         // "" when the plugin does not name it
  double layout_ns = 0;       // total time of the conversions since the instance was created
  uint64_t layout_calls = 0;  // calls that converted
  double layout_bytes = 0;    // bytes one forward call's conversions move
};

// Whether the plugin behind `impl` exports d500_report_instance (looked up once per plugin).
bool reports_instances(const OperatorImpl& impl);

// The instance's report; nullopt when its plugin exports none or does not know the instance.
std::optional<InstanceReport> instance_report(const OperatorInstance& instance);

}  // namespace d500::plugin
