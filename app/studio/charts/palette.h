// Series colours: the same index gets the same colour in every chart and in the report, so a run
// (or an implementation) is recognisable across tabs. Tableau 10, distinguishable for most forms
// of colour blindness.
#pragma once

#include <QColor>

namespace d500::studio {

QColor seriesColor(int index);

}  // namespace d500::studio
