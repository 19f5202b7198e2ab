// What a chart kind is: one class per kind (its stable name, its title, the runs it applies to and
// how it builds its tab), registered in one ChartKindRegistry. Project files name kinds by
// name() ("convergence", "training", ...), so a name never changes once shipped. A new chart is
// one file under charts/kinds/ (or dashboards/) plus its line in chart_kinds.cpp.
// Threading: kinds are immutable after registration; use them from the GUI thread.
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <memory>
#include <vector>

#include "charts/chart_controls.h"
#include "charts/chart_options.h"

class QWidget;

namespace d500::studio {

class ChartModel;
class ChartTab;
class RunCatalog;

class ChartKind {
 public:
  virtual ~ChartKind();
  virtual QString name() const = 0;   // stable: project files keep it
  virtual QString title() const = 0;  // translated, for tabs and menus
  // Whether runs of `level` ("operator", "training", ...) have something for this kind to show.
  virtual bool appliesTo(const QString& level) const = 0;
  // Whether this kind is the run's own dashboard for `level`: opening such a run (from the run
  // tree, or when it starts from the window) opens it, one tab per run.
  virtual bool isDashboardFor(const QString& /*level*/) const { return false; }
  // Whether opening it again for the same runs shows the open tab instead of a new one.
  virtual bool oneTabPerRun() const { return false; }
  // Whether the HTML/PDF report draws this kind (single charts that render as one image).
  virtual bool inReports() const { return false; }
  // Builds the tab over `runIds` of the store at `storePath`. Ownership: the caller's.
  virtual ChartTab* create(const QString& storePath, const QList<qint64>& runIds) const = 0;
};

// A kind drawn by one ChartModel in a ChartPanel (one chart with its toolbar).
class ModelChartKind : public ChartKind {
 public:
  virtual std::unique_ptr<ChartModel> makeModel(const RunCatalog& catalog) const = 0;
  virtual ChartOptions defaultOptions() const { return {}; }
  virtual ChartControls::Features controls() const = 0;
  // Whether zoom and pan move the x axis (a box plot's categories do not).
  virtual bool horizontalNavigation() const { return true; }
  bool inReports() const override { return true; }
  ChartTab* create(const QString& storePath, const QList<qint64>& runIds) const override;
};

class ChartKindRegistry {
 public:
  // The studio's kinds, registered once by registerStudioChartKinds() (chart_kinds.cpp).
  static const ChartKindRegistry& studio();

  // Takes ownership; a kind whose name is already registered is a programmer error.
  void add(std::unique_ptr<ChartKind> kind);
  const ChartKind* find(const QString& name) const;  // nullptr when no kind has that name
  QList<const ChartKind*> kinds() const;             // in registration order
  // The tab a run of `level` opens as it is opened: its dashboard when a kind is one for the
  // level, else the first registered kind that applies to it; nullptr when none does.
  const ChartKind* kindForRun(const QString& level) const;

 private:
  std::vector<std::unique_ptr<ChartKind>> kinds_;
};

// Registers every kind the studio has, in menu order (chart_kinds.cpp).
void registerStudioChartKinds(ChartKindRegistry& registry);

}  // namespace d500::studio
