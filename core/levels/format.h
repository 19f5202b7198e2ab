// Numbers in the texts the levels store (reasons, validation details): printf's %.*f.
#pragma once

#include <cstdio>
#include <string>

namespace d500::run {

inline std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace d500::run
