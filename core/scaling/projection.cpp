// A collective model's network, the schemes replayed on it at growing scales, and the report.
#include "d500/scaling/projection.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "d500/error.h"
#include "d500/report/format.h"

namespace d500::scaling {

namespace {

// The link's alpha and beta from a ring allreduce on p ranks fitted as T = a + b n:
// a = 2(p-1) alpha, b = 2(p-1)/p beta. Negative values (a fit's noise) count as 0.
Network network_of(double a, double b, int p, const Topology& t) {
  Network net;
  net.alpha_ns = std::max(0.0, a / (2.0 * (p - 1)));
  net.ns_per_byte = std::max(0.0, b * p / (2.0 * (p - 1)));
  net.topology = t;
  return net;
}

ProjectionPoint point_of(const std::string& scheme, int p, const CollectiveModel& m,
                         const ProjectionOptions& o) {
  const auto run = [&](double a, double b) {
    const Network net = network_of(a, b, m.ranks, o.topology);
    const Schedule s =
        scheme == "parameter-server" ? parameter_server(p, o.bytes) : ring_allreduce(p, o.bytes);
    SimResult r = simulate(s, p, net);
    if (scheme == "model-averaging") {
      r.time_ns /= o.averaging_period;
      r.latency_ns /= o.averaging_period;
      r.bandwidth_ns /= o.averaging_period;
    }
    return r;
  };
  const auto& a = m.fit.alpha_ns;
  const auto& b = m.fit.ns_per_byte;
  const SimResult mid = run(a.value, b.value), lo = run(a.lo, b.lo), hi = run(a.hi, b.hi);
  return {scheme,
          p,
          mid.time_ns,
          std::min(lo.time_ns, hi.time_ns),
          std::max(lo.time_ns, hi.time_ns),
          mid.bottleneck,
          double(p) / m.ranks};
}

}  // namespace

std::string crossover(const std::vector<ProjectionPoint>& points) {
  std::map<int, std::map<std::string, double>> at;
  for (const auto& p : points) at[p.ranks][p.scheme] = p.time_ns;
  std::string out, prev;
  for (const auto& [ranks, by] : at) {
    const auto a = by.find("allreduce"), s = by.find("parameter-server");
    if (a == by.end() || s == by.end()) continue;
    const std::string faster = s->second < a->second ? "parameter-server" : "allreduce";
    if (!prev.empty() && faster != prev)
      out += (out.empty() ? "" : "; ") + prev + " is faster below " + std::to_string(ranks) +
             " ranks, " + faster + " from " + std::to_string(ranks);
    prev = faster;
  }
  return out.empty() ? prev + " is faster at every scale projected" : out;
}

std::vector<PointCheck> check_projection(const CollectiveModel& model,
                                         const CollectiveModel& measured,
                                         const Topology& topology) {
  if (measured.op != "allreduce")
    throw D500Error("a projection of allreduce is checked against allreduce, not " + measured.op);
  const auto& a = model.fit.alpha_ns;
  const auto& b = model.fit.ns_per_byte;
  std::vector<PointCheck> out;
  for (const auto& m : measured.fit.checks) {
    auto at = [&](double alpha, double beta) {
      return simulate(ring_allreduce(measured.ranks, m.bytes), measured.ranks,
                      network_of(alpha, beta, model.ranks, topology))
          .time_ns;
    };
    const double mid = at(a.value, b.value), lo = at(a.lo, b.lo), hi = at(a.hi, b.hi);
    PointCheck c{m.bytes,          m.measured_ns,           mid,  std::min(lo, hi),
                 std::max(lo, hi), mid / m.measured_ns - 1, false};
    c.covered = c.band_lo <= m.measured_ns * 1.05 && m.measured_ns * 0.95 <= c.band_hi;
    out.push_back(c);
  }
  return out;
}

std::vector<ProjectionPoint> project(const CollectiveModel& model, const ProjectionOptions& o) {
  if (model.op != "allreduce")
    throw D500Error("projections start from an allreduce model, not " + model.op);
  if (model.ranks < 2)
    throw D500Error("the allreduce model was fitted on " + std::to_string(model.ranks) +
                    " rank: one rank communicates with no one, so it says nothing of a network");
  if (o.max_ranks < 2 || o.max_ranks > 1 << 20)
    throw D500Error("--max-ranks " + std::to_string(o.max_ranks) + ": from 2 to 1048576");
  if (!(o.bytes > 0)) throw D500Error("--bytes must be positive");
  if (o.averaging_period < 1) throw D500Error("--averaging-period must be at least 1");
  std::vector<ProjectionPoint> out;
  for (const char* scheme : {"allreduce", "parameter-server", "model-averaging"})
    for (int p = 2; p <= o.max_ranks; p *= 2) out.push_back(point_of(scheme, p, model, o));
  return out;
}

report::Document check_report(const CollectiveModel& model, const CollectiveModel& measured,
                              const std::vector<PointCheck>& checks) {
  report::Document doc;
  doc.heading("the projection from " + std::to_string(model.ranks) + " ranks checked against " +
              std::to_string(measured.ranks) + " measured ranks (" + measured.implementation + ")");
  report::Rows rows{{"SIZE", "MEASURED", "PROJECTED (95% BAND)", "ERROR", ""}};
  std::vector<double> errors;
  int missed = 0;
  for (const auto& c : checks) {
    rows.push_back({report::fixed(c.bytes, 0) + " B", report::format_duration_ns(c.measured_ns),
                    report::format_duration_ns(c.predicted_ns) + " [" +
                        report::format_duration_ns(c.band_lo) + ", " +
                        report::format_duration_ns(c.band_hi) + "]",
                    report::signed_percent(c.rel_error), c.covered ? "" : "MISS"});
    errors.push_back(std::fabs(c.rel_error));
    missed += c.covered ? 0 : 1;
  }
  std::sort(errors.begin(), errors.end());
  if (!errors.empty())
    doc.line("median |error| " + report::fixed(100 * errors[errors.size() / 2], 1) + "%; " +
             std::to_string(missed) + " of " + std::to_string(checks.size()) +
             " sizes MISS (the band is more than 5% away from the measured median)");
  doc.table(rows);
  return doc;
}

report::Document projection_report(const CollectiveModel& model, const ProjectionOptions& o,
                                   const std::vector<ProjectionPoint>& points) {
  report::Document doc;
  doc.title = "d500 scaling --project: from allreduce on " + std::to_string(model.ranks) +
              " ranks (" + model.implementation + ")";
  const Network net =
      network_of(model.fit.alpha_ns.value, model.fit.ns_per_byte.value, model.ranks, o.topology);
  doc.field("network", "alpha " + report::format_duration_ns(net.alpha_ns) + " per message, " +
                           (net.ns_per_byte > 0 ? report::fixed(1 / net.ns_per_byte, 2) + " GB/s"
                                                : std::string("no per-byte cost")) +
                           " per link, " + o.topology.kind +
                           (o.topology.kind == "fat-tree"
                                ? " (" + std::to_string(o.topology.ranks_per_leaf) +
                                      " ranks per leaf, oversubscription " +
                                      report::fixed(o.topology.oversubscription, 1) + ")"
                                : ""));
  doc.field("gradients", report::fixed(o.bytes / (1 << 20), 2) + " MiB per step; model averaging " +
                             "every " + std::to_string(o.averaging_period) + " steps");
  doc.field("crossover", crossover(points));
  report::Rows rows{
      {"SCHEME", "RANKS", "COMMUNICATION PER STEP", "95% BAND", "BOTTLENECK", "EXTRAPOLATION"}};
  for (const auto& p : points)
    rows.push_back({p.scheme, std::to_string(p.ranks), report::format_duration_ns(p.time_ns),
                    "[" + report::format_duration_ns(p.lo_ns) + ", " +
                        report::format_duration_ns(p.hi_ns) + "]",
                    p.bottleneck,
                    p.extrapolation <= 1
                        ? "measured scale"
                        : "x" + report::fixed(p.extrapolation, 0) + " the largest measured"});
  doc.heading("projection");
  doc.table(rows);
  doc.line(
      "Communication only: compute per step is not simulated yet. The band holds the "
      "model's 95% CIs of alpha and bandwidth; it does not hold what a larger network adds "
      "(congestion beyond the topology modelled, stragglers), so figures far beyond the "
      "measured scale are marked and are a model's, not a measurement's.");
  return doc;
}

}  // namespace d500::scaling
