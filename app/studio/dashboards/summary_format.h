// Numbers as the dashboards' side panels write them.
#pragma once

#include <QString>

namespace d500::studio {

// A fraction as "97.3%": one decimal, so a best of 98.96% does not read as a 99% target.
QString percentText(double fraction);
// A byte count as "4.17 MiB" (binary prefixes, three significant digits).
QString bytesText(double bytes);

}  // namespace d500::studio
