#include "kind_tables.h"

#include <cstring>

namespace d500::plugin {

namespace {

// `n` when the plugin's info is large enough to hold the table pointer at `table_offset`, else 0
// (a plugin built before the table existed).
size_t present(const d500_plugin_info& info, size_t table_offset, size_t n) {
  return info.struct_size >= table_offset + sizeof(void*) ? n : 0;
}

// The table of one kind: there when n > 0, each entry non-NULL, at least `min_size` bytes, named
// and described; then rest(entry, "kind \"name\"") for the kind's own fields.
template <class T, class Rest>
std::optional<std::string> check_table(const std::string& kind, size_t n, const T* const* table,
                                       size_t min_size, Rest rest) {
  if (n && !table) return "n_" + kind + "s is " + std::to_string(n) + " but " + kind + "s is NULL";
  for (size_t i = 0; i < n; ++i) {
    const T* t = table[i];
    const std::string which = kind + " #" + std::to_string(i);
    if (!t) return which + " is NULL";
    if (t->struct_size < min_size)
      return which + " struct_size is " + std::to_string(t->struct_size) + ", ABI 1.4 needs " +
             std::to_string(min_size);
    if (!t->name || !*t->name) return which + " has no name";
    const std::string named = kind + " \"" + t->name + "\"";
    if (!t->description || !*t->description) return named + " has no description";
    if (auto why = rest(*t, named)) return why;
  }
  return std::nullopt;
}

bool known_level(const char* level) {
  return level && (std::strcmp(level, "training") == 0 || std::strcmp(level, "distributed") == 0);
}

std::optional<std::string> check_metric(const d500_metric& m, const std::string& named) {
  if (!m.unit || !*m.unit)
    return named + " has no unit (write \"1\" for a plain number or a fraction)";
  if (m.better < D500_BETTER_NEITHER || m.better > D500_BETTER_HIGHER)
    return named + " has an unknown better direction " + std::to_string(m.better);
  if (!known_level(m.level))
    return named + " has level \"" + std::string(m.level ? m.level : "") +
           "\"; it must be \"training\" or \"distributed\"";
  if (!(m.flags & (D500_METRIC_PER_STEP | D500_METRIC_PER_EPOCH)))
    return named + " is neither per step nor per epoch (flags)";
  if (!m.create || !m.destroy || !m.update_step)
    return named + " lacks create, destroy or update_step";
  if ((m.flags & D500_METRIC_PER_EPOCH) && !m.end_epoch)
    return named + " is per epoch but has no end_epoch";
  return std::nullopt;
}

}  // namespace

size_t scheme_count(const d500_plugin_info& info) {
  return present(info, offsetof(d500_plugin_info, schemes), info.n_schemes);
}
size_t metric_count(const d500_plugin_info& info) {
  return present(info, offsetof(d500_plugin_info, metrics), info.n_metrics);
}
size_t sampler_count(const d500_plugin_info& info) {
  return present(info, offsetof(d500_plugin_info, samplers), info.n_samplers);
}
size_t dataset_count(const d500_plugin_info& info) {
  return present(info, offsetof(d500_plugin_info, datasets), info.n_datasets);
}

std::optional<std::string> check_schemes(const d500_plugin_info& info) {
  return check_table(
      "scheme", scheme_count(info), info.schemes,
      offsetof(d500_scheme, after_optimizer) + sizeof(void*),
      [](const d500_scheme& s, const std::string& named) -> std::optional<std::string> {
        if (!s.create || !s.destroy) return named + " lacks create or destroy";
        if (!s.before_optimizer && !s.after_optimizer)
          return named + " has neither before_optimizer nor after_optimizer";
        return std::nullopt;
      });
}

std::optional<std::string> check_metrics(const d500_plugin_info& info) {
  return check_table("metric", metric_count(info), info.metrics,
                     offsetof(d500_metric, end_epoch) + sizeof(void*), check_metric);
}

std::optional<std::string> check_samplers(const d500_plugin_info& info) {
  return check_table(
      "sampler", sampler_count(info), info.samplers,
      offsetof(d500_sampler, epoch_indices) + sizeof(void*),
      [](const d500_sampler& s, const std::string& named) -> std::optional<std::string> {
        if (!s.create || !s.destroy || !s.epoch_indices)
          return named + " lacks create, destroy or epoch_indices";
        return std::nullopt;
      });
}

std::optional<std::string> check_datasets(const d500_plugin_info& info) {
  return check_table(
      "dataset", dataset_count(info), info.datasets, offsetof(d500_dataset, read) + sizeof(void*),
      [](const d500_dataset& d, const std::string& named) -> std::optional<std::string> {
        if (!d.open || !d.close || !d.describe || !d.labels || !d.read)
          return named + " lacks open, close, describe, labels or read";
        return std::nullopt;
      });
}

}  // namespace d500::plugin
