// Numbers as reports write them, the same in every command and format.
#pragma once

#include <string>

namespace d500::report {

// "812 ns", "3.41 us", "12.0 ms", "1.20 s" with 3 significant digits.
std::string format_duration_ns(double ns);
std::string fixed(double v, int digits);       // printf %.*f
std::string format_time(double unix_seconds);  // "2026-11-30 04:12:00" local time, "-" for 0
std::string signed_percent(double fraction);   // 0.052 -> "+5.2%", -0.1 -> "-10.0%"

}  // namespace d500::report
