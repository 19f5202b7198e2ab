// Projections of the distributed schemes to many ranks (issue 36, item 3): the network's latency
// and per-byte cost from a collective run's fitted model (hockney.h: on 2 ranks a ring allreduce
// costs 2 alpha + n beta, so the link's alpha is half the fitted one), each scheme's schedule
// replayed at N = 2, 4, ... (simulate.h), a band from the parameters' 95% CIs, the bottleneck, and
// how far beyond the largest measured scale each figure lies.
#pragma once

#include <string>
#include <vector>

#include "d500/report/document.h"
#include "d500/scaling/collective_models.h"
#include "d500/scaling/simulate.h"

namespace d500::scaling {

struct ProjectionPoint {
  std::string scheme;  // "allreduce", "parameter-server", "model-averaging"
  int ranks = 0;
  double time_ns = 0, lo_ns = 0, hi_ns = 0;  // per step's communication, and its band
  std::string bottleneck;
  double extrapolation = 1;  // ranks / the largest measured ranks (> 1: beyond what was measured)
};

struct ProjectionOptions {
  double bytes = 4 << 20;    // gradients per step
  int max_ranks = 4096;      // 2, 4, ... up to this
  int averaging_period = 8;  // model averaging: one allreduce every this many steps
  Topology topology;
};

// `model` is an allreduce model fitted on `measured_ranks` >= 2 ranks. Throws D500Error
// otherwise, or for max_ranks < 2 or bytes <= 0.
std::vector<ProjectionPoint> project(const CollectiveModel& model, const ProjectionOptions& o);

// The projection checked against what was measured at another scale: the ring allreduce that
// `model` projects at `measured.ranks` ranks, at every size `measured` holds, against its measured
// median (the error, and MISS where the projection's band misses the measured median by more than
// 5%). Throws D500Error for a `measured` that is not an allreduce.
std::vector<PointCheck> check_projection(const CollectiveModel& model,
                                         const CollectiveModel& measured,
                                         const Topology& topology = {});
// The check as a section: each size, and the median error.
report::Document check_report(const CollectiveModel& model, const CollectiveModel& measured,
                              const std::vector<PointCheck>& checks);

// "parameter-server is faster below 8 ranks, allreduce from 8", or which scheme is faster at
// every scale projected.
std::string crossover(const std::vector<ProjectionPoint>& points);

// The projections as a table per scheme, the crossovers between schemes ("parameter-server is
// faster below 8 ranks, allreduce from 8"), and what the figures assume.
report::Document projection_report(const CollectiveModel& model, const ProjectionOptions& o,
                                   const std::vector<ProjectionPoint>& points);

}  // namespace d500::scaling
