#include "kind_tables.h"

#include <cstring>

namespace d500::plugin {

size_t metric_count(const d500_plugin_info& info) {
  return info.struct_size >= offsetof(d500_plugin_info, metrics) + sizeof(void*) ? info.n_metrics
                                                                                 : 0;
}

namespace {

bool known_level(const char* level) {
  return level && (std::strcmp(level, "training") == 0 || std::strcmp(level, "distributed") == 0);
}

std::optional<std::string> check_metric(const d500_metric* m, size_t i) {
  constexpr size_t kMin = offsetof(d500_metric, end_epoch) + sizeof(void*);
  const std::string which = "metric #" + std::to_string(i);
  if (!m) return which + " is NULL";
  if (m->struct_size < kMin)
    return which + " struct_size is " + std::to_string(m->struct_size) + ", ABI 1.4 needs " +
           std::to_string(kMin);
  if (!m->name || !*m->name) return which + " has no name";
  const std::string named = "metric \"" + std::string(m->name) + "\"";
  if (!m->description || !*m->description) return named + " has no description";
  if (!m->unit || !*m->unit)
    return named + " has no unit (write \"1\" for a plain number or a fraction)";
  if (m->better < D500_BETTER_NEITHER || m->better > D500_BETTER_HIGHER)
    return named + " has an unknown better direction " + std::to_string(m->better);
  if (!known_level(m->level))
    return named + " has level \"" + std::string(m->level ? m->level : "") +
           "\"; it must be \"training\" or \"distributed\"";
  if (!(m->flags & (D500_METRIC_PER_STEP | D500_METRIC_PER_EPOCH)))
    return named + " is neither per step nor per epoch (flags)";
  if (!m->create || !m->destroy || !m->update_step)
    return named + " lacks create, destroy or update_step";
  if ((m->flags & D500_METRIC_PER_EPOCH) && !m->end_epoch)
    return named + " is per epoch but has no end_epoch";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_metrics(const d500_plugin_info& info) {
  const size_t n = metric_count(info);
  if (n && !info.metrics) return "n_metrics is " + std::to_string(n) + " but metrics is NULL";
  for (size_t i = 0; i < n; ++i)
    if (auto why = check_metric(info.metrics[i], i)) return why;
  return std::nullopt;
}

size_t sampler_count(const d500_plugin_info& info) {
  return info.struct_size >= offsetof(d500_plugin_info, samplers) + sizeof(void*) ? info.n_samplers
                                                                                  : 0;
}

std::optional<std::string> check_samplers(const d500_plugin_info& info) {
  const size_t n = sampler_count(info);
  if (n && !info.samplers) return "n_samplers is " + std::to_string(n) + " but samplers is NULL";
  constexpr size_t kMin = offsetof(d500_sampler, epoch_indices) + sizeof(void*);
  for (size_t i = 0; i < n; ++i) {
    const d500_sampler* s = info.samplers[i];
    const std::string which = "sampler #" + std::to_string(i);
    if (!s) return which + " is NULL";
    if (s->struct_size < kMin)
      return which + " struct_size is " + std::to_string(s->struct_size) + ", ABI 1.4 needs " +
             std::to_string(kMin);
    if (!s->name || !*s->name) return which + " has no name";
    const std::string named = "sampler \"" + std::string(s->name) + "\"";
    if (!s->description || !*s->description) return named + " has no description";
    if (!s->create || !s->destroy || !s->epoch_indices)
      return named + " lacks create, destroy or epoch_indices";
  }
  return std::nullopt;
}

size_t dataset_count(const d500_plugin_info& info) {
  return info.struct_size >= offsetof(d500_plugin_info, datasets) + sizeof(void*) ? info.n_datasets
                                                                                  : 0;
}

std::optional<std::string> check_datasets(const d500_plugin_info& info) {
  const size_t n = dataset_count(info);
  if (n && !info.datasets) return "n_datasets is " + std::to_string(n) + " but datasets is NULL";
  constexpr size_t kMin = offsetof(d500_dataset, read) + sizeof(void*);
  for (size_t i = 0; i < n; ++i) {
    const d500_dataset* d = info.datasets[i];
    const std::string which = "dataset #" + std::to_string(i);
    if (!d) return which + " is NULL";
    if (d->struct_size < kMin)
      return which + " struct_size is " + std::to_string(d->struct_size) + ", ABI 1.4 needs " +
             std::to_string(kMin);
    if (!d->name || !*d->name) return which + " has no name";
    const std::string named = "dataset \"" + std::string(d->name) + "\"";
    if (!d->description || !*d->description) return named + " has no description";
    if (!d->open || !d->close || !d->describe || !d->labels || !d->read)
      return named + " lacks open, close, describe, labels or read";
  }
  return std::nullopt;
}

}  // namespace d500::plugin
