// d500_report_instance lookup (instance_report.h). The export is found in the library that holds
// the operator's create function (dladdr), so no loader state is needed: the library is loaded
// for as long as its operators are, and a handle taken here with RTLD_NOLOAD is given back at
// once (dlsym's result stays valid while the library stays loaded).
#include "d500/plugin/instance_report.h"

#include <dlfcn.h>

#include <cstring>
#include <map>
#include <mutex>

#include "d500/plugin_report.h"

namespace d500::plugin {
namespace {

d500_instance_report_fn find_report(const d500_operator* op) {
  static std::mutex mutex;
  static std::map<const void*, d500_instance_report_fn>* found =
      new std::map<const void*, d500_instance_report_fn>;  // never destroyed (static teardown)
  std::lock_guard<std::mutex> lock(mutex);
  const void* code = reinterpret_cast<const void*>(op->create);
  auto it = found->find(code);
  if (it != found->end()) return it->second;
  d500_instance_report_fn fn = nullptr;
  Dl_info info{};
  if (code && dladdr(code, &info) && info.dli_fname) {
    if (void* lib = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD)) {
      fn = reinterpret_cast<d500_instance_report_fn>(dlsym(lib, D500_INSTANCE_REPORT_SYMBOL));
      dlclose(lib);
    }
  }
  found->emplace(code, fn);
  return fn;
}

}  // namespace

bool reports_instances(const OperatorImpl& impl) {
  return impl.op && find_report(impl.op) != nullptr;
}

std::optional<InstanceReport> instance_report(const OperatorInstance& instance) {
  const d500_instance_report_fn fn = find_report(instance.impl().op);
  if (!fn || !instance.handle()) return std::nullopt;
  d500_instance_report raw;
  std::memset(&raw, 0, sizeof raw);
  raw.struct_size = sizeof raw;
  if (fn(instance.handle(), &raw) != 0) return std::nullopt;
  InstanceReport r;
  r.kernel.assign(raw.kernel, strnlen(raw.kernel, sizeof raw.kernel));
  r.layout_ns = raw.layout_ns;
  r.layout_calls = raw.layout_calls;
  r.layout_bytes = raw.layout_bytes;
  return r;
}

}  // namespace d500::plugin
