// The latency distribution of a network run: per executor a box plot of the stored samples
// (quartiles, Tukey whiskers) with the stored p50, p90 and p99 marked on it, on a log time axis
// (the tail of a fresh executor is orders of magnitude above its median).
// Threading: GUI thread.
#pragma once

#include <QString>
#include <string>
#include <vector>

#include "charts/box_stats.h"
#include "dashboards/measurement_panel.h"

QT_BEGIN_NAMESPACE
class QAbstractAxis;
QT_END_NAMESPACE

namespace d500::studio {

class LatencyBoxPanel : public MeasurementPanel {
  Q_OBJECT
 public:
  struct Box {
    QString executor;
    BoxStats stats;                    // of the stored samples, ns
    double p50 = 0, p90 = 0, p99 = 0;  // as stored with the measurement, ns
    QString tail;       // measure::describe_tail of its samples; empty when none was kept
    QString tailCause;  // the most telling cause of its tail, else that the CPUs were shared
                        // throughout (contended); empty when neither
    int64_t n = 0;
  };
  // Draws the measurements whose point has "kind" = `kind`. Ownership: parent.
  LatencyBoxPanel(const QString& id, const QString& title, std::string kind,
                  QWidget* parent = nullptr);
  ~LatencyBoxPanel() override;

  void update(const DashboardData& data) override;
  void clear() override;
  bool hasData() const override { return !boxes_.empty(); }
  QStringList legendTexts() const override;

  const std::vector<Box>& boxes() const { return boxes_; }
  QChart* chart() const { return chart_; }
  QAbstractAxis* yAxis() const;

 private:
  void draw();

  std::string kind_;
  QString title_;
  std::vector<Box> boxes_;
  QChart* chart_;
  ChartView* view_;
  LegendList* legend_;
};

}  // namespace d500::studio
