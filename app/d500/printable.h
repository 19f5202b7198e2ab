// The CLI prints external text through the report library's printable() (d500/report/printable.h).
#pragma once

#include "d500/report/printable.h"

namespace d500::cli {
using report::printable;
}  // namespace d500::cli
