// The studio's chart kinds, registered in menu order. A new kind is its own file (a ChartKind
// subclass and its factory) plus its two lines here.
#include "charts/chart_kind.h"

namespace d500::studio {

// Defined in the kinds' own files (charts/kinds/, dashboards/).
std::unique_ptr<ChartKind> makeConvergenceKind();
std::unique_ptr<ChartKind> makeThroughputKind();
std::unique_ptr<ChartKind> makeTimingsKind();
std::unique_ptr<ChartKind> makeSweepKind();
std::unique_ptr<ChartKind> makeRooflineKind();
std::unique_ptr<ChartKind> makeSeedsKind();
std::unique_ptr<ChartKind> makeGraphKind();    // graph/graph_kind.cpp
std::unique_ptr<ChartKind> makeHistoryKind();  // history/history_kind.cpp
std::unique_ptr<ChartKind> makeScalingKind();  // scaling/scaling_kind.cpp
std::unique_ptr<ChartKind> makeTrainingDashboardKind();
std::unique_ptr<ChartKind> makeDistributedDashboardKind();
std::unique_ptr<ChartKind> makeNetworkDashboardKind();
std::unique_ptr<ChartKind> makeCollectiveDashboardKind();
std::unique_ptr<ChartKind> makeOperatorDashboardKind();

void registerStudioChartKinds(ChartKindRegistry& registry) {
  registry.add(makeConvergenceKind());
  registry.add(makeThroughputKind());
  registry.add(makeTimingsKind());
  registry.add(makeSweepKind());
  registry.add(makeRooflineKind());
  registry.add(makeSeedsKind());
  registry.add(makeGraphKind());
  registry.add(makeHistoryKind());
  registry.add(makeScalingKind());
  registry.add(makeTrainingDashboardKind());
  registry.add(makeDistributedDashboardKind());
  registry.add(makeNetworkDashboardKind());
  registry.add(makeCollectiveDashboardKind());
  registry.add(makeOperatorDashboardKind());
}

}  // namespace d500::studio
