// The "network" dashboard: a network run's inference latency per executor (box plot with the
// stored p50, p90 and p99 marked), throughput and forward+backward against batch size, the first
// call of a fresh executor against its steady state, peak memory, micro-batching (time, memory
// and gradient error against k), and the per-node table; what `d500 show` prints of the run
// (core/levels/report/network_report.cpp), drawn.
#include <algorithm>
#include <map>
#include <memory>

#include "charts/units.h"
#include "common/core_text.h"
#include "dashboards/box_panel.h"
#include "dashboards/curve_panel.h"
#include "dashboards/measurement_dashboard_kind.h"
#include "dashboards/node_table_panel.h"

namespace d500::studio {

namespace {

using Row = RunMeasurements::Row;
using U = PanelSpec::Unit;

int64_t intField(const Row& r, const char* key) {
  const auto& p = r.point;
  return p.contains(key) && p[key].is_number_integer() ? p[key].get<int64_t>() : 0;
}

int colourOf(const DashboardData& d, const std::string& executor) {
  const auto all = d.run.implementations();
  return static_cast<int>(std::find(all.begin(), all.end(), executor) - all.begin());
}

QString ciTip(const store::MeasurementRow& m) {
  QString t = QCoreApplication::translate("d500::studio::NetworkDashboard", "median %1, n %2")
                  .arg(formatDuration(m.median))
                  .arg(m.n);
  if (m.ci_valid)
    t += QStringLiteral(", %1% CI [%2, %3]")
             .arg(100 * m.ci_level)
             .arg(formatDuration(m.ci_lo), formatDuration(m.ci_hi));
  return t + QStringLiteral("\n") + CoreText::stopReason(m.stop_reason);
}

// One curve per executor over the rows of `kind`, x from the point's `xKey`, y from `value`
// (which sets y, lo and hi from the row); points sorted by x, one per x (the last stored).
std::vector<Curve> perExecutor(const DashboardData& d, const std::string& kind, const char* xKey,
                               const std::function<void(const Row&, CurvePoint&)>& value,
                               const QString& suffix = {}, Qt::PenStyle style = Qt::SolidLine) {
  std::map<std::string, std::map<int64_t, CurvePoint>> byExecutor;
  for (const Row* r : d.run.ofKind(kind)) {
    CurvePoint p;
    p.x = static_cast<double>(intField(*r, xKey));
    p.ci = r->m.ci_valid;
    p.capped = r->m.stop_reason != "converged";
    p.tip = QString::fromStdString(r->m.subject) + QLatin1Char('\n') + ciTip(r->m);
    value(*r, p);
    byExecutor[r->m.implementation][intField(*r, xKey)] = p;
  }
  std::vector<Curve> out;
  for (const std::string& e : d.run.implementations()) {
    auto it = byExecutor.find(e);
    if (it == byExecutor.end()) continue;
    Curve c{QString::fromStdString(e) + suffix, {}, colourOf(d, e), style};
    for (const auto& [x, p] : it->second) c.points.push_back(p);
    out.push_back(std::move(c));
  }
  return out;
}

void seconds(const Row& r, CurvePoint& p) {
  p.y = r.m.median * 1e-9;
  p.lo = r.m.ci_lo * 1e-9;
  p.hi = r.m.ci_hi * 1e-9;
}

void samplesPerSecond(const Row& r, CurvePoint& p) {
  const double b = static_cast<double>(intField(r, "batch")) * 1e9;
  p.y = b / r.m.median;
  p.lo = r.m.ci_hi > 0 ? b / r.m.ci_hi : p.y;
  p.hi = r.m.ci_lo > 0 ? b / r.m.ci_lo : p.y;
}

// The peak-memory series "peak_rss_delta_bytes <of> <executor>" (step: batch size or k).
std::vector<Curve> memory(const DashboardData& d,
                          const std::vector<std::pair<std::string, QString>>& ofs,
                          bool dashSecond) {
  std::vector<Curve> out;
  for (size_t i = 0; i < ofs.size(); ++i)
    for (const std::string& e : d.run.implementations()) {
      const auto& s = d.run.series("peak_rss_delta_bytes " + ofs[i].first + " " + e);
      if (s.empty()) continue;
      Curve c{QString::fromStdString(e) + ofs[i].second,
              {},
              colourOf(d, e),
              dashSecond && i > 0 ? Qt::DashLine : Qt::SolidLine};
      for (const auto& [x, bytes] : s)
        c.points.push_back({static_cast<double>(x), bytes, 0, 0, false, false,
                            QStringLiteral("%1: %2").arg(x).arg(formatNumber(bytes / 1048576.0)) +
                                QStringLiteral(" MiB")});
      out.push_back(std::move(c));
    }
  return out;
}

class NetworkDashboardKind : public MeasurementDashboardKind {
  Q_DECLARE_TR_FUNCTIONS(d500::studio::NetworkDashboard)

 public:
  QString name() const override { return QStringLiteral("network"); }
  QString title() const override { return tr("Network"); }
  QString level() const override { return QStringLiteral("network"); }
  int columns() const override { return 4; }

  std::vector<DashboardCell> cells() const override {
    std::vector<DashboardCell> c;
    c.push_back({[](QWidget* p) {
      return new LatencyBoxPanel(QStringLiteral("latency"), tr("Inference latency, batch 1"),
                                 "latency", p);
    }});
    c.push_back(
        {curve("throughput", batchAxes(tr("Throughput (inference)"), tr("samples/s"), U::Plain),
               [](const DashboardData& d) {
                 return perExecutor(d, "throughput", "batch", samplesPerSecond);
               })});
    c.push_back({curve(
        "fwd_bwd", batchAxes(tr("Forward + backward"), tr("time per batch"), U::Seconds),
        [](const DashboardData& d) { return perExecutor(d, "fwd+bwd", "batch", seconds); })});
    c.push_back({curve(
        "first_call",
        batchAxes(tr("First call vs steady state (inference)"), tr("time per batch"), U::Seconds),
        firstCall)});
    c.push_back({curve(
        "memory", batchAxes(tr("Peak memory (RSS growth)"), tr("peak RSS Δ"), U::Bytes, false),
        [](const DashboardData& d) {
          return memory(
              d, {{"throughput", tr(", inference")}, {"fwd+bwd", tr(", forward+backward")}}, true);
        })});
    c.push_back({curve(
        "micro_time", kAxes(tr("Micro-batching: time per step"), tr("time per step"), U::Seconds),
        [](const DashboardData& d) { return perExecutor(d, "micro-batching", "k", seconds); })});
    c.push_back(
        {curve("micro_memory", kAxes(tr("Micro-batching: peak memory"), tr("peak RSS Δ"), U::Bytes),
               microMemory)});
    c.push_back({curve(
        "micro_error",
        kAxes(tr("Micro-batching: gradient error"), tr("max relative gradient error"), U::Plain),
        gradientError)});
    c.push_back(
        {[](QWidget* p) { return new NodeTablePanel(QStringLiteral("nodes"), tr("Per node"), p); },
         4});
    return c;
  }

  QString summaryHtml(const DashboardData& d) const override {
    QStringList errors;
    for (const auto& r : d.run.rows())
      if (!r.m.error.empty())
        errors.append(QStringLiteral("%1 [%2]: %3")
                          .arg(QString::fromStdString(r.m.subject),
                               QString::fromStdString(r.m.implementation),
                               QString::fromStdString(r.m.error))
                          .toHtmlEscaped());
    QStringList execs;
    for (const auto& e : d.run.implementations())
      execs.append(QString::fromStdString(e).toHtmlEscaped());
    QString html = tr("<b>Executors:</b> %1 · %2 measurements · error bars: 95% CI of the median "
                      "(dashed: stopped at a cap before the CI target)")
                       .arg(execs.join(QStringLiteral(", ")))
                       .arg(d.run.rows().size());
    if (!errors.isEmpty())
      html += QStringLiteral("<br><span style=\"color:#c62828\">%1</span>")
                  .arg(tr("Failed: %1").arg(errors.join(QStringLiteral("; "))));
    return html;
  }

 private:
  static std::function<MeasurementPanel*(QWidget*)> curve(const char* id, CurveAxes axes,
                                                          CurveSource source) {
    return [id, axes, source](QWidget* p) {
      return new CurvePanel(QLatin1String(id), axes, source, p);
    };
  }
  static CurveAxes batchAxes(const QString& title, const QString& quantity, U unit,
                             bool logY = true) {
    CurveAxes a{title, tr("batch size"), quantity, unit, true, logY};
    a.xBase = 2;
    return a;
  }
  static CurveAxes kAxes(const QString& title, const QString& quantity, U unit) {
    CurveAxes a{title, tr("k (micro-batches per minibatch)"), quantity, unit, true, false};
    a.xBase = 2;
    return a;
  }

  static std::vector<Curve> firstCall(const DashboardData& d) {
    auto steady = perExecutor(d, "throughput", "batch", seconds, tr(": steady state (median)"));
    auto first = perExecutor(
        d, "throughput", "batch",
        [](const Row& r, CurvePoint& p) {
          p.y = r.m.first_call_ns * 1e-9;
          p.ci = false;
          p.tip = tr("first call of a fresh executor: %1").arg(formatDuration(r.m.first_call_ns));
        },
        tr(": first call"), Qt::DashLine);
    steady.insert(steady.end(), first.begin(), first.end());
    return steady;
  }

  static std::vector<Curve> microMemory(const DashboardData& d) {
    int64_t batch = 0;
    for (const Row* r : d.run.ofKind("micro-batching")) batch = intField(*r, "batch");
    return memory(d, {{"micro-batching/B=" + std::to_string(batch), QString()}}, false);
  }

  // Per executor and k the error of "all parameters" against the full batch; the legend says
  // whether every k stayed within the tolerance.
  static std::vector<Curve> gradientError(const DashboardData& d) {
    struct Acc {
      Curve curve;
      int failed = 0;
      double tolerance = 0;
    };
    std::map<std::string, Acc> byExecutor;
    for (const Row* r : d.run.ofKind("micro-batching"))
      for (const auto* v : d.run.validationsOf(r->m.id)) {
        if (!QString::fromStdString(v->subject).endsWith(QLatin1String("all parameters"))) continue;
        Acc& a = byExecutor[r->m.implementation];
        a.failed += !v->passed;
        a.tolerance = v->tolerance;
        a.curve.points.push_back({static_cast<double>(intField(*r, "k")), v->value, 0, 0, false,
                                  false,
                                  tr("k = %1: %2 (tolerance %3, %4)")
                                      .arg(intField(*r, "k"))
                                      .arg(formatNumber(v->value), formatNumber(v->tolerance),
                                           v->passed ? tr("equal") : tr("DIFFERENT"))});
      }
    std::vector<Curve> out;
    for (const std::string& e : d.run.implementations()) {
      auto it = byExecutor.find(e);
      if (it == byExecutor.end()) continue;
      Curve c = std::move(it->second.curve);
      c.colour = colourOf(d, e);
      c.label =
          QString::fromStdString(e) + QStringLiteral(" ") +
          (it->second.failed
               ? tr("(k beyond the tolerance %1: %2 of them)")
                     .arg(formatNumber(it->second.tolerance))
                     .arg(it->second.failed)
               : tr("(every k within the tolerance %1)").arg(formatNumber(it->second.tolerance)));
      std::sort(c.points.begin(), c.points.end(),
                [](const CurvePoint& a, const CurvePoint& b) { return a.x < b.x; });
      out.push_back(std::move(c));
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeNetworkDashboardKind() {
  return std::make_unique<NetworkDashboardKind>();
}

}  // namespace d500::studio
