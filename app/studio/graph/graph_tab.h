// The "graph" chart kind's tab: an ONNX model drawn as a layered graph (graph_view.h), coloured
// by a network run's per-node measurements (graph_overlay.h), with a side panel for the selected
// node (node_panel.h), search by name, zoom, fit and a minimap (shown while part of the graph is
// out of view). Constant nodes are folded into their readers unless "Show constants" is checked.
// Shows the model of a network run (its runIds) or an .onnx file (settings {"model": path}, File >
// Open ONNX model). Reading and laying out run off the GUI thread; ready() is emitted when the
// graph is shown (or failed). Threading: GUI thread.
#pragma once

#include <QFutureWatcher>
#include <QPointF>
#include <vector>

#include "charts/chart_tab.h"
#include "graph/graph_loader.h"
#include "graph/graph_overlay.h"

class QComboBox;
class QCompleter;
class QGraphicsScene;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QStackedWidget;

namespace d500::studio {

class GraphMinimap;
class GraphView;
class NodeItem;
class NodePanel;
class OverlayLegend;

class GraphTab : public ChartTab {
  Q_OBJECT
 public:
  GraphTab(const ChartKind& kind, const QString& storePath, const QList<qint64>& runIds,
           QWidget* parent = nullptr);
  ~GraphTab() override;

  // Shows the model in `path` (no run: no overlay).
  void openModel(const QString& path);

  QList<qint64> runIds() const override { return runIds_; }
  QString title() const override;  // the model's name; "run 3 · lenet-network" for a run
  QString fullTitle() const override;
  QJsonObject settings() const override;
  void applySettings(const QJsonObject& settings) override;
  void refresh() override;
  qint64 pointCount() const override;
  QStringList availableSeries() const override { return {}; }
  bool exportImage(const QString& path, int dpi, QString* error) override;
  bool exportCsv(const QString& path, QString* error) override;

  // --- what tests and the window read ---
  bool isReady() const { return ready_; }
  QString errorText() const { return data_.error; }
  const LoadedGraph& loaded() const { return data_; }
  const std::vector<NodeItem*>& nodeItems() const { return nodes_; }
  int edgeItemCount() const { return edgeCount_; }
  NodeItem* nodeItem(const QString& name) const;  // nullptr when there is none
  const Overlay& overlay() const { return overlay_; }
  void setOverlayMode(OverlayMode mode);
  void setExecutorAndGroup(const QString& executor, const QString& group);
  // Selects the node named `text` (else the first whose name contains it) and centres the view on
  // it; false, with a message beside the field, when none matches.
  bool findNode(const QString& text);
  QString selectedNode() const;
  QString panelText() const;
  GraphView* view() const { return view_; }
  const QString& modelPath() const { return modelPath_; }
  // Shows Constant nodes as boxes of their own (true) or folds them into their readers; lays
  // the graph out again.
  void setConstantsShown(bool shown);
  bool constantsShown() const { return showConstants_; }

 Q_SIGNALS:
  void ready();

 private:
  QHBoxLayout* buildBar();
  void buildUi();
  void start(std::function<LoadedGraph()> load);
  void onLoaded();
  void buildScene();
  void fillChoices();
  void applyOverlay();
  void showSelection();
  void placeMinimap();
  void reload();
  bool eventFilter(QObject* watched, QEvent* event) override;

  QString storePath_;
  QList<qint64> runIds_;
  QString modelPath_;
  QJsonObject pending_;  // choices from settings, applied once loaded
  bool ready_ = false;
  bool showConstants_ = false;
  LoadedGraph data_;
  Overlay overlay_;
  QFutureWatcher<LoadedGraph> watcher_;
  QGraphicsScene* scene_;
  std::vector<NodeItem*> nodes_;
  int edgeCount_ = 0;

  QComboBox* mode_;
  QComboBox* executor_;
  QComboBox* group_;
  QLineEdit* search_;
  QCompleter* completer_;
  QLabel* searchMessage_;
  QAction* constants_;
  OverlayLegend* legend_;
  QStackedWidget* stack_;
  QLabel* message_;
  QProgressBar* busy_;
  GraphView* view_;
  GraphMinimap* minimap_;
  NodePanel* panel_;
};

}  // namespace d500::studio
