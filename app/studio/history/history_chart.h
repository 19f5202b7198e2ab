// One benchmark series drawn along its axis (issue 31, item 5): each run's median with its CI as
// a bar, the level of each stretch between change points as a dashed line, and each change point
// as a marker between the two runs that bracket it, labelled with its change. Clicking a run's
// point or a change marker is reported by index, for the History tab to act on.
// Threading: GUI thread.
#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <functional>

#include "d500/history/history.h"
#include "d500/history/overview.h"

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace d500::studio {

class HistoryChart {
  Q_DECLARE_TR_FUNCTIONS(HistoryChart)

 public:
  struct Clicks {
    std::function<void(size_t point)> point;    // a run's median
    std::function<void(size_t change)> change;  // a change point's marker
  };
  // Replaces what `chart` shows by `ser` and its `found` change points (an empty series clears
  // it with a title that says so).
  static void draw(QChart* chart, const history::Series& ser, const history::SeriesChanges& found,
                   const Clicks& clicks);
  // "gemm · reference/default · Gemm N=64"
  static QString seriesTitle(const history::Series& ser);
  // "+8.2% (runs 12 → 15)"
  static QString changeLabel(const history::Series& ser, const measure::ChangePoint& c);
};

}  // namespace d500::studio
