// The file name an export dialog offers for a chart or dashboard: built from the tab's title, so
// the user recognises it, but safe on every file system and in every shell.
#pragma once

#include <QString>

namespace d500::studio {

// `title` in letters, digits, - and _ only, + "." + `suffix` (no dot in `suffix`):
// "Sweep — conv-sweep (#3) · 95% CI" gives "Sweep_conv-sweep_3_95_CI"; "chart" when nothing of
// the title is left.
QString exportFileName(const QString& title, const QString& suffix);

}  // namespace d500::studio
