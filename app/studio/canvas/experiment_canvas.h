// The experiment canvas tab page: the palette, the canvas, its problems and a tool bar (templates,
// auto-layout, fit, zoom, align, copy, paste, delete, run). Over the same ExperimentDocument as
// the form and the JSON text: the three are views of one experiment.
// Threading: GUI thread.
#pragma once

#include <QList>
#include <QPointer>
#include <QWidget>
#include <functional>

#include "editor/json_path.h"
#include "models/plugin_catalog.h"

class QListWidget;
class QTemporaryDir;
class QToolBar;
class QLabel;

namespace d500::studio {

class CanvasLive;
class CanvasModel;
class CanvasPalette;
class CanvasView;
class ExperimentDocument;
class RunJob;
class RunManager;

class ExperimentCanvas : public QWidget {
  Q_OBJECT
 public:
  // Ownership: parent; `doc` must outlive the canvas.
  explicit ExperimentCanvas(ExperimentDocument* doc, QWidget* parent = nullptr);
  ~ExperimentCanvas() override;

  CanvasModel* model() const { return model_; }
  CanvasView* view() const { return view_; }
  CanvasPalette* palette() const { return palette_; }
  CanvasLive* live() const { return live_; }
  QListWidget* problemList() const { return problems_; }
  QToolBar* toolBar() const { return tools_; }
  void setCatalog(const PluginCatalog& catalog);
  // Where "Run" queues its runs, and the store they write.
  void setRunManager(RunManager* runs, const QString& storePath);
  // What a run of an embedded experiment records as its experiment file (`d500 run --source`),
  // rather than the temporary copy the runner reads; a file experiment records its file.
  void setRunSource(std::function<QString()> embeddedSource) {
    embeddedSource_ = std::move(embeddedSource);
  }
  // Opens a template (CanvasTemplates) as one undo step.
  void openTemplate(const QString& id);
  // Runs the experiment and one variant per spare; follows the first run live. Returns the jobs.
  QList<RunJob*> run();
  // Shows `job`'s run live on the nodes (also for runs started elsewhere).
  void follow(RunJob* job);

 Q_SIGNALS:
  // A node was double-clicked: the form shows the fields at this JSON path.
  void pathActivated(const QString& jsonPath);
  void message(const QString& text);

 private:
  void buildActions();
  void showProblems();
  ExperimentDocument* doc_;
  CanvasModel* model_;
  CanvasView* view_;
  CanvasPalette* palette_;
  CanvasLive* live_;
  QListWidget* problems_;
  QToolBar* tools_;
  QLabel* status_;
  QPointer<RunManager> runs_;
  QString storePath_;
  std::function<QString()> embeddedSource_;
  std::unique_ptr<QTemporaryDir> scratch_;
};

}  // namespace d500::studio
