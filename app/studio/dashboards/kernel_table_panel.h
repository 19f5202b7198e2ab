// The per-point table of an operator run: for every point and implementation, the kernel the
// implementation reported running (plugin_report.h: "brg:avx512_core", "gemm:jit", "ref"), its
// median, and the layout conversions (reorders) timed apart from it, per call; a point the
// implementation refused reads "unsupported" with its reason as the tooltip. Hidden when no
// measurement of the run names a kernel, timed a reorder or was refused.
// Threading: GUI thread.
#pragma once

#include "dashboards/measurement_panel.h"

QT_BEGIN_NAMESPACE
class QTableWidget;
QT_END_NAMESPACE

namespace d500::studio {

class KernelTablePanel : public MeasurementPanel {
  Q_OBJECT
 public:
  enum Column { Point, Implementation, Kernel, Median, Reorder, Columns };
  // Ownership: parent.
  KernelTablePanel(const QString& id, const QString& title, QWidget* parent = nullptr);

  void update(const DashboardData& data) override;
  void clear() override;
  bool hasData() const override;

  QTableWidget* table() const { return table_; }

 private:
  QTableWidget* table_;
};

}  // namespace d500::studio
