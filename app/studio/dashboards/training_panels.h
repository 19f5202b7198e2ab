// The training panels both training dashboards draw (per seed, or per rank for the distributed
// level), each one quantity with its own y axis.
#pragma once

#include <vector>

#include "dashboards/panel_spec.h"

namespace d500::studio {

// Loss per step (raw and its EMA), loss per epoch, accuracy, learning rate, samples/s, step
// time against data wait; `distributed` adds the communication panels (bytes per step; time in
// communication against computation per step), each on its own axis.
std::vector<PanelSpec> trainingPanels(bool distributed);

}  // namespace d500::studio
