// Where the fixture plugins of tests/fixtures/plugins are built.
#pragma once

#include <string>

namespace d500::test {

inline std::string fixture_plugin_dir() {
  return std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir";
}
// Holds only the plugin that crashes in init; never load it in-process.
inline std::string fixture_crash_dir() {
  return std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-crash";
}

}  // namespace d500::test
