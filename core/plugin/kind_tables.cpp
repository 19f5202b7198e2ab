#include "kind_tables.h"

#include <cstring>

namespace d500::plugin {

namespace {

// A kind's table as the host may read it: its count and entries when the plugin's info is large
// enough to hold the entries pointer, else empty (a plugin built before the table existed). Neither
// member is read past struct_size.
template <class T>
struct Table {
  size_t n = 0;
  const T* const* entries = nullptr;
};

template <class T>
Table<T> table(const d500_plugin_info& info, size_t d500_plugin_info::*n,
               const T* const* d500_plugin_info::*entries, size_t entries_offset) {
  if (info.struct_size < entries_offset + sizeof(void*)) return {};
  return {info.*n, info.*entries};
}

#define D500_TABLE(info, kind)                                      \
  table(info, &d500_plugin_info::n_##kind, &d500_plugin_info::kind, \
        offsetof(d500_plugin_info, kind))

// The table of one kind: there when n > 0, each entry non-NULL, at least `min_size` bytes, named
// and described; then rest(entry, "kind \"name\"") for the kind's own fields.
template <class T, class Rest>
std::optional<std::string> check_table(const std::string& kind, Table<T> tab, size_t min_size,
                                       Rest rest) {
  const size_t n = tab.n;
  if (n && !tab.entries)
    return "n_" + kind + "s is " + std::to_string(n) + " but " + kind + "s is NULL";
  for (size_t i = 0; i < n; ++i) {
    const T* t = tab.entries[i];
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
  return D500_TABLE(info, schemes).n;
}
size_t metric_count(const d500_plugin_info& info) {
  return D500_TABLE(info, metrics).n;
}
size_t sampler_count(const d500_plugin_info& info) {
  return D500_TABLE(info, samplers).n;
}
size_t dataset_count(const d500_plugin_info& info) {
  return D500_TABLE(info, datasets).n;
}

std::optional<std::string> check_schemes(const d500_plugin_info& info) {
  return check_table(
      "scheme", D500_TABLE(info, schemes), offsetof(d500_scheme, after_optimizer) + sizeof(void*),
      [](const d500_scheme& s, const std::string& named) -> std::optional<std::string> {
        if (!s.create || !s.destroy) return named + " lacks create or destroy";
        if (!s.before_optimizer && !s.after_optimizer)
          return named + " has neither before_optimizer nor after_optimizer";
        return std::nullopt;
      });
}

std::optional<std::string> check_metrics(const d500_plugin_info& info) {
  return check_table("metric", D500_TABLE(info, metrics),
                     offsetof(d500_metric, end_epoch) + sizeof(void*), check_metric);
}

std::optional<std::string> check_samplers(const d500_plugin_info& info) {
  return check_table(
      "sampler", D500_TABLE(info, samplers), offsetof(d500_sampler, epoch_indices) + sizeof(void*),
      [](const d500_sampler& s, const std::string& named) -> std::optional<std::string> {
        if (!s.create || !s.destroy || !s.epoch_indices)
          return named + " lacks create, destroy or epoch_indices";
        return std::nullopt;
      });
}

std::optional<std::string> check_datasets(const d500_plugin_info& info) {
  return check_table(
      "dataset", D500_TABLE(info, datasets), offsetof(d500_dataset, read) + sizeof(void*),
      [](const d500_dataset& d, const std::string& named) -> std::optional<std::string> {
        if (!d.open || !d.close || !d.describe || !d.labels || !d.read)
          return named + " lacks open, close, describe, labels or read";
        return std::nullopt;
      });
}

}  // namespace d500::plugin
