// The metric, sampler and dataset tables of a loaded plugin's info (ABI 1.4): how many the host may
// read, and what each must hold before the host calls it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "d500/plugin.h"

namespace d500::plugin {

// info.n_metrics when the plugin's struct_size covers the metrics member, else 0.
size_t metric_count(const d500_plugin_info& info);
// Why the table is refused (naming the metric and the field), or nothing.
std::optional<std::string> check_metrics(const d500_plugin_info& info);

size_t sampler_count(const d500_plugin_info& info);
std::optional<std::string> check_samplers(const d500_plugin_info& info);

size_t dataset_count(const d500_plugin_info& info);
std::optional<std::string> check_datasets(const d500_plugin_info& info);

}  // namespace d500::plugin
