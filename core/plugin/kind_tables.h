// The scheme, metric, sampler and dataset tables of a loaded plugin's info (ABI 1.4): how many
// the host may read (0 for a plugin built before the table existed), and what each must hold
// before the host calls it; each refusal names the component and the field.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "d500/plugin.h"

namespace d500::plugin {

size_t scheme_count(const d500_plugin_info& info);
std::optional<std::string> check_schemes(const d500_plugin_info& info);

size_t metric_count(const d500_plugin_info& info);
std::optional<std::string> check_metrics(const d500_plugin_info& info);

size_t sampler_count(const d500_plugin_info& info);
std::optional<std::string> check_samplers(const d500_plugin_info& info);

size_t dataset_count(const d500_plugin_info& info);
std::optional<std::string> check_datasets(const d500_plugin_info& info);

}  // namespace d500::plugin
