#include "d500/distributed/scheme_registry.h"

#include "schemes/builtin_schemes.h"

namespace d500::distributed {

namespace {

bool word(const std::string& w, bool dash) {
  if (w.empty()) return false;
  for (char c : w)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || (dash && c == '-')))
      return false;
  return true;
}

// "name", or "plugin/name" for a plugin's scheme (a plugin's name may hold '-').
bool valid_name(const std::string& n) {
  if (n.size() > 128) return false;
  const auto slash = n.find('/');
  if (slash == std::string::npos) return word(n, false);
  return word(n.substr(0, slash), true) && word(n.substr(slash + 1), false);
}

}  // namespace

std::string SchemeRegistry::add(SchemeDescriptor d) {
  const std::string who = "scheme \"" + d.name + "\" from " + d.origin;
  if (!valid_name(d.name)) return who + ": a name is 1 to 64 characters of a-z, 0-9 and '_'";
  if (d.summary.empty()) return who + ": no summary";
  if (!d.make) return who + ": no algorithm (make)";
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& s : items_)
    if (s.name == d.name) return who + ": the name is taken by " + s.origin;
  items_.push_back(std::move(d));
  return "";
}

const SchemeDescriptor* SchemeRegistry::find(std::string_view name) const {
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& s : items_)
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<const SchemeDescriptor*> SchemeRegistry::all() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<const SchemeDescriptor*> out;
  for (const auto& s : items_) out.push_back(&s);
  return out;
}

std::string SchemeRegistry::names() const {
  std::string out;
  for (const auto* s : all()) out += (out.empty() ? "" : ", ") + s->name;
  return out;
}

SchemeRegistry& schemes() {
  static SchemeRegistry* reg = [] {
    auto* r = new SchemeRegistry;
    for (auto d : {builtin::allreduce(), builtin::parameter_server(),
                   builtin::async_parameter_server(), builtin::model_averaging(), builtin::dpsgd()})
      r->add(std::move(d));
    return r;
  }();
  return *reg;
}

}  // namespace d500::distributed
