#include "d500/report/format.h"

#include <cstdio>
#include <ctime>

namespace d500::report {

std::string format_duration_ns(double ns) {
  const char* unit = "ns";
  double v = ns;
  if (ns >= 1e9) {
    v = ns / 1e9;
    unit = "s";
  } else if (ns >= 1e6) {
    v = ns / 1e6;
    unit = "ms";
  } else if (ns >= 1e3) {
    v = ns / 1e3;
    unit = "us";
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, v >= 100 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s", v, unit);
  return buf;
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string format_time(double t) {
  if (t <= 0) return "-";
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  localtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

std::string signed_percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f%%", 100 * fraction);
  return buf;
}

}  // namespace d500::report
