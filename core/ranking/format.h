// Private to the ranking module: number formatting shared by the text, CSV and HTML outputs.
#pragma once

#include <cstdio>
#include <string>

namespace d500::ranking::detail {

inline std::string num(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// Seconds with three significant digits, in ms below one second.
inline std::string secs(double s) {
  char buf[64];
  if (s < 1)
    std::snprintf(buf, sizeof buf, "%.3g ms", s * 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.3g s", s);
  return buf;
}

// Nanoseconds in the unit that suits them ("us" in text, "µs" in HTML).
inline std::string ns_text(double ns, const char* micro = "us") {
  if (ns >= 1e9) return num(ns / 1e9, 3) + " s";
  if (ns >= 1e6) return num(ns / 1e6, 3) + " ms";
  if (ns >= 1e3) return num(ns / 1e3, 3) + " " + micro;
  return num(ns, 1) + " ns";
}

}  // namespace d500::ranking::detail
