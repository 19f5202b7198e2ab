// A tab of charts over runs of one store: a single chart (ChartPanel) or a run's dashboard. What
// the workspace and the project need of every such tab: its kind, its runs, its settings (which a
// project file keeps, opaque), its title, and its exports.
// Threading: GUI thread.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <memory>

#include "d500/store/result_store.h"

QT_BEGIN_NAMESPACE
class QPainter;
QT_END_NAMESPACE

namespace d500::studio {

class ChartKind;

class ChartTab : public QWidget {
  Q_OBJECT
 public:
  // `kind` is registered (ChartKindRegistry) and outlives the tab. Ownership: parent.
  explicit ChartTab(const ChartKind& kind, QWidget* parent = nullptr);
  ~ChartTab() override;

  const ChartKind& kind() const { return kind_; }
  QString kindName() const;

  virtual QList<qint64> runIds() const = 0;
  virtual QString title() const = 0;
  // The title in full (the tab's tooltip): where the shown model or runs come from.
  virtual QString fullTitle() const { return title(); }
  // Everything a project keeps of the tab; applySettings(settings()) reproduces it.
  virtual QJsonObject settings() const = 0;
  virtual void applySettings(const QJsonObject& settings) = 0;
  // Reads new rows now instead of waiting for the next poll (tests use this).
  virtual void refresh() = 0;
  // Values held (not drawn) across all series.
  virtual qint64 pointCount() const = 0;
  // The series names the tab can show (empty where it has none to choose).
  virtual QStringList availableSeries() const = 0;
  // Exports; the format follows the suffix (.png at `dpi`, .svg, .pdf). False and *error (a
  // sentence naming the path) on failure.
  virtual bool exportImage(const QString& path, int dpi, QString* error) = 0;
  // The stored values behind the tab, exactly as stored.
  virtual bool exportCsv(const QString& path, QString* error) = 0;

  // What the tab shows, without its controls, laid out at `size` logical pixels (1/96 inch) and
  // painted into `painter` at the origin: for the headless export and the reports. `scale` is
  // the output's pixels per logical pixel (decimation follows it). With `withSummary` false what
  // summaryHtml() holds is left out (a report prints it as text). Default: the widget laid out
  // at `size` and rendered whole.
  virtual void renderContent(QPainter* painter, QSize size, double scale, bool withSummary);
  // What the tab says beside its charts (verdicts, time-to-accuracy) as HTML for a report; ""
  // when it says nothing there (the default).
  virtual QString summaryHtml() const { return {}; }

 Q_SIGNALS:
  void pointsAdded(qint64 total);
  void titleChanged(const QString& title);

 protected:
  // A read-only connection to the store at `path`; nullptr and *problem (a sentence for the
  // status line) when it does not exist yet or cannot be read.
  static std::unique_ptr<store::ResultStore> openStore(const QString& path, QString* problem);
  // Lays `w` out at `size` now, also when it was never shown (renderContent's first step).
  static void layOutAt(QWidget* w, QSize size);

 private:
  const ChartKind& kind_;
};

}  // namespace d500::studio
