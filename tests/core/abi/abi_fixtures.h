// The ABI 1.3 test fixtures (tests/fixtures/plugins): a plugin built against the frozen 1.2
// header, one whose operators return outputs they allocate, and the reference plugin beside them.
#pragma once

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/plugin/plugin_manager.h"

namespace d500::test {

inline std::string abi_fixture_dir() {
  return std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-abi";
}

// fixture_abi12, fixture_owned and reference, loaded once for the whole binary.
inline plugin::PluginManager& abi_plugins() {
  static std::unique_ptr<plugin::PluginManager> pm = [] {
    auto p = std::make_unique<plugin::PluginManager>(
        std::vector<std::string>{abi_fixture_dir(), D500_TEST_PLUGIN_DIR});
    p->load({"fixture_abi12", "fixture_owned", "reference"});
    return p;
  }();
  return *pm;
}

inline const plugin::OperatorImpl& abi_op(const std::string& op, const std::string& domain) {
  auto found = abi_plugins().operators().find(op, domain);
  if (found.empty()) throw D500Error("no " + op + " loaded");
  return *found.front();
}

// fixture_owned's counters of outputs it allocated and released.
struct OwnedCounts {
  int64_t made = 0, released = 0;
};
// The most outputs fixture_owned had alive at once since the last call (resets the count).
inline int64_t owned_peak_live() {
  const std::string lib = abi_plugins().find("fixture_owned")->library_path;
  void* h = dlopen(lib.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (!h) throw D500Error("fixture_owned is not loaded");
  auto peak = reinterpret_cast<int64_t (*)()>(dlsym(h, "d500_fixture_owned_peak_live"));
  if (!peak) throw D500Error("fixture_owned has no d500_fixture_owned_peak_live (rebuild it)");
  const int64_t v = peak();
  dlclose(h);
  return v;
}
inline OwnedCounts owned_counts() {
  abi_plugins();
  const std::string lib = abi_plugins().find("fixture_owned")->library_path;
  void* h = dlopen(lib.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (!h) throw D500Error("fixture_owned is not loaded");
  using Fn = int64_t (*)();
  auto made = reinterpret_cast<Fn>(dlsym(h, "d500_fixture_owned_made"));
  auto released = reinterpret_cast<Fn>(dlsym(h, "d500_fixture_owned_released"));
  OwnedCounts c{made ? made() : -1, released ? released() : -1};
  dlclose(h);  // drops only the reference taken here
  return c;
}

inline std::string thrown(const std::function<void()>& f) {
  try {
    f();
  } catch (const D500Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no D500Error thrown";
  return "";
}

inline bool has(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

}  // namespace d500::test
