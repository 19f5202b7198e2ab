#include "graph/graph_tab.h"

#include <QAction>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QProgressBar>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStringListModel>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

#include "graph/graph_items.h"
#include "graph/graph_view.h"
#include "graph/node_panel.h"

namespace d500::studio {

namespace {

const char* modeKey(OverlayMode m) {
  switch (m) {
    case OverlayMode::TimeShare:
      return "time";
    case OverlayMode::Validation:
      return "validation";
    case OverlayMode::Memory:
      return "memory";
    default:
      return "none";
  }
}

}  // namespace

GraphTab::GraphTab(const ChartKind& kind, const QString& storePath, const QList<qint64>& runIds,
                   QWidget* parent)
    : ChartTab(kind, parent), storePath_(storePath), runIds_(runIds.mid(0, 1)) {
  buildUi();
  connect(&watcher_, &QFutureWatcher<LoadedGraph>::finished, this, &GraphTab::onLoaded);
  if (!runIds_.isEmpty()) {
    reload();
  } else {
    message_->setText(
        tr("Open an ONNX model (File > Open ONNX Model…) or the graph of a network run."));
  }
}

GraphTab::~GraphTab() = default;

// The row above the graph: the overlay's choices, search, zoom, fit and "Show constants".
QHBoxLayout* GraphTab::buildBar() {
  auto* bar = new QHBoxLayout;
  mode_ = new QComboBox;
  mode_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  mode_->setObjectName(QStringLiteral("graphOverlayMode"));
  executor_ = new QComboBox;
  executor_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  executor_->setObjectName(QStringLiteral("graphExecutor"));
  group_ = new QComboBox;
  group_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  group_->setObjectName(QStringLiteral("graphGroup"));
  search_ = new QLineEdit;
  search_->setObjectName(QStringLiteral("graphSearch"));
  search_->setPlaceholderText(tr("Find a node by name (Ctrl+F)"));
  search_->setClearButtonEnabled(true);
  search_->setMinimumWidth(200);
  completer_ = new QCompleter(this);
  completer_->setCaseSensitivity(Qt::CaseInsensitive);
  completer_->setFilterMode(Qt::MatchContains);
  search_->setCompleter(completer_);
  connect(completer_, qOverload<const QString&>(&QCompleter::activated), this,
          [this](const QString& name) { findNode(name); });
  searchMessage_ = new QLabel;
  auto button = [this](const QString& text, const QString& tip) {
    auto* b = new QToolButton;
    b->setText(text);
    b->setToolTip(tip);
    return b;
  };
  QToolButton* zoomOut = button(QStringLiteral("−"), tr("Zoom out (-, Ctrl+wheel)"));
  QToolButton* zoomIn = button(QStringLiteral("+"), tr("Zoom in (+, Ctrl+wheel)"));
  QToolButton* fit = button(tr("Fit"), tr("Fit the graph in the view (F)"));
  fit->setObjectName(QStringLiteral("graphFit"));
  QToolButton* constants =
      button(tr("Show constants"), tr("Show Constant nodes as boxes of their own instead of "
                                      "inside the nodes that read them"));
  constants_ = new QAction(tr("Show constants"), this);
  constants_->setObjectName(QStringLiteral("graphShowConstants"));
  constants_->setCheckable(true);
  constants_->setToolTip(constants->toolTip());
  constants->setDefaultAction(constants_);
  bar->addWidget(new QLabel(tr("Colour by")));
  bar->addWidget(mode_);
  bar->addWidget(new QLabel(tr("Executor")));
  bar->addWidget(executor_);
  bar->addWidget(new QLabel(tr("Group")));
  bar->addWidget(group_);
  bar->addStretch(1);
  bar->addWidget(searchMessage_);
  bar->addWidget(search_);
  bar->addWidget(zoomOut);
  bar->addWidget(zoomIn);
  bar->addWidget(fit);
  bar->addWidget(constants);

  // view_ is made after the bar: its buttons act on it through this.
  connect(zoomIn, &QToolButton::clicked, this, [this] { view_->zoomBy(1.25); });
  connect(zoomOut, &QToolButton::clicked, this, [this] { view_->zoomBy(0.8); });
  connect(fit, &QToolButton::clicked, this, [this] { view_->fitAll(); });
  connect(constants_, &QAction::toggled, this, &GraphTab::setConstantsShown);
  return bar;
}

void GraphTab::buildUi() {
  QHBoxLayout* bar = buildBar();
  legend_ = new OverlayLegend;
  legend_->hide();
  scene_ = new QGraphicsScene(this);
  view_ = new GraphView(scene_);
  minimap_ = new GraphMinimap(view_, view_);
  minimap_->hide();
  view_->viewport()->installEventFilter(this);
  message_ = new QLabel;
  message_->setAlignment(Qt::AlignCenter);
  message_->setWordWrap(true);
  message_->setObjectName(QStringLiteral("graphMessage"));
  busy_ = new QProgressBar;
  busy_->setRange(0, 0);
  busy_->setMaximumWidth(320);
  busy_->hide();
  auto* waiting = new QWidget;
  auto* waitingColumn = new QVBoxLayout(waiting);
  waitingColumn->addStretch(1);
  waitingColumn->addWidget(message_);
  waitingColumn->addWidget(busy_, 0, Qt::AlignHCenter);
  waitingColumn->addStretch(1);
  stack_ = new QStackedWidget;
  stack_->addWidget(waiting);
  stack_->addWidget(view_);
  panel_ = new NodePanel;
  panel_->showNothing(tr("Click a node to see its measurements, attributes and shapes."));
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(stack_);
  split->addWidget(panel_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  split->setSizes({900, 360});

  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(4, 4, 4, 4);
  column->addLayout(bar);
  column->addWidget(legend_);
  column->addWidget(split, 1);

  // The overview only while part of the graph is out of view: after Fit it would cover nodes.
  // Queued: mapping the viewport while the view is still scaling would scroll it.
  connect(
      view_, &GraphView::viewChanged, this,
      [this] {
        if (!ready_ || nodes_.empty()) return;
        const QRectF visible = view_->mapToScene(view_->viewport()->rect()).boundingRect();
        minimap_->setVisible(!visible.contains(scene_->itemsBoundingRect()));
      },
      Qt::QueuedConnection);
  connect(search_, &QLineEdit::returnPressed, this, [this] { findNode(search_->text()); });
  auto* find =
      new QShortcut(QKeySequence::Find, this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
  connect(find, &QShortcut::activated, this, [this] {
    search_->setFocus();
    search_->selectAll();
  });
  connect(scene_, &QGraphicsScene::selectionChanged, this, &GraphTab::showSelection);
  connect(mode_, &QComboBox::currentIndexChanged, this, &GraphTab::applyOverlay);
  connect(executor_, &QComboBox::currentIndexChanged, this, [this] {
    const QSignalBlocker block(group_);
    const QString was = group_->currentText();
    group_->clear();
    group_->addItems(data_.profile.groups(executor_->currentText()));
    if (group_->findText(was) >= 0) group_->setCurrentText(was);
    applyOverlay();
  });
  connect(group_, &QComboBox::currentIndexChanged, this, &GraphTab::applyOverlay);
}

void GraphTab::start(std::function<LoadedGraph()> load) {
  ready_ = false;
  message_->setText(tr("Reading the model and laying it out with Graphviz (dot)…"));
  busy_->show();
  stack_->setCurrentIndex(0);
  watcher_.setFuture(QtConcurrent::run(std::move(load)));
}

void GraphTab::openModel(const QString& path) {
  runIds_.clear();
  modelPath_ = path;
  reload();
  Q_EMIT titleChanged(title());
}

void GraphTab::reload() {
  const bool shown = showConstants_;
  if (!modelPath_.isEmpty()) {
    const QString path = modelPath_;
    start([path, shown] { return loadFileGraph(path, shown); });
  } else if (!runIds_.isEmpty()) {
    const QString store = storePath_;
    const qint64 id = runIds_.front();
    start([store, id, shown] { return loadRunGraph(store, id, shown); });
  }
}

void GraphTab::setConstantsShown(bool shown) {
  if (shown == showConstants_) return;
  showConstants_ = shown;
  const QSignalBlocker block(constants_);
  constants_->setChecked(shown);
  if (ready_) pending_ = settings();  // the overlay's choices survive the new layout
  reload();
}

void GraphTab::onLoaded() {
  data_ = watcher_.result();
  busy_->hide();
  if (!data_.error.isEmpty()) {
    message_->setText(data_.error);
  } else {
    buildScene();
    fillChoices();
    stack_->setCurrentIndex(1);
    ready_ = true;
    placeMinimap();
    view_->showReadable();  // shows the minimap when part of the graph is out of view
  }
  ready_ = true;
  Q_EMIT titleChanged(title());
  Q_EMIT ready();
}

void GraphTab::buildScene() {
  scene_->clear();
  nodes_.clear();
  const auto& g = data_.graph;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    auto* item = new NodeItem(int(i), g.nodes[i], data_.sizes[i]);
    item->setPos(data_.layout.centers[i].x, data_.layout.centers[i].y);
    scene_->addItem(item);
    nodes_.push_back(item);
  }
  for (size_t i = 0; i < g.edges.size(); ++i) {
    const LayoutResult::Path& p = data_.layout.edges[i];
    const std::string& shape = g.edges[i].tensor.shape;
    scene_->addItem(new EdgeItem(
        layoutPath(p), QPointF(p.tip.x, p.tip.y),
        QString::fromStdString(shape.empty() ? std::string() : onnx::compact_shape(shape))));
  }
  edgeCount_ = int(g.edges.size());
  QStringList names;
  for (const NodeItem* n : nodes_) names << n->name();
  completer_->setModel(new QStringListModel(names, completer_));
  scene_->setSceneRect(scene_->itemsBoundingRect().adjusted(-40, -40, 40, 40));
}

void GraphTab::fillChoices() {
  const QSignalBlocker b1(mode_), b2(executor_), b3(group_);
  const NodeProfile& p = data_.profile;
  mode_->clear();
  mode_->addItem(tr("Nothing"), int(OverlayMode::None));
  if (!p.empty()) {
    mode_->addItem(tr("Time share"), int(OverlayMode::TimeShare));
    mode_->addItem(
        p.hasValidation() ? tr("Validation error") : tr("Validation error (not measured)"),
        int(OverlayMode::Validation));
    if (!p.hasValidation())
      mode_->setItemData(mode_->count() - 1, 0, Qt::UserRole - 1);  // disabled
    if (p.hasMemory()) mode_->addItem(tr("Memory"), int(OverlayMode::Memory));
    mode_->setCurrentIndex(1);
  }
  mode_->setEnabled(!p.empty());
  executor_->clear();
  executor_->addItems(p.executors());
  group_->clear();
  group_->addItems(p.groups(executor_->currentText()));
  executor_->setEnabled(!p.empty());
  group_->setEnabled(!p.empty());
  if (!pending_.isEmpty()) {
    const QJsonObject s = pending_;
    pending_ = {};
    if (executor_->findText(s.value(QStringLiteral("executor")).toString()) >= 0) {
      executor_->setCurrentText(s.value(QStringLiteral("executor")).toString());
      group_->clear();
      group_->addItems(p.groups(executor_->currentText()));
    }
    if (group_->findText(s.value(QStringLiteral("group")).toString()) >= 0)
      group_->setCurrentText(s.value(QStringLiteral("group")).toString());
    for (int i = 0; i < mode_->count(); ++i)
      if (QLatin1String(modeKey(OverlayMode(mode_->itemData(i).toInt()))) ==
          s.value(QStringLiteral("overlay")).toString())
        mode_->setCurrentIndex(i);
  }
  applyOverlay();
}

void GraphTab::applyOverlay() {
  const auto mode = OverlayMode(mode_->currentData().toInt());
  overlay_ = Overlay::compute(data_.profile, mode, executor_->currentText(), group_->currentText());
  // Time on no node of the graph (LibTorch's one autograd step) is named, not drawn; the scale
  // spans the graph's own nodes, so that its slowest node is the hottest.
  QStringList outside;
  for (auto it = overlay_.values.begin(); it != overlay_.values.end();)
    if (nodeItem(it->first)) {
      ++it;
    } else {
      outside << QStringLiteral("%1 %2").arg(it->first, overlay_.valueText(it->second));
      it = overlay_.values.erase(it);
    }
  overlay_.maxValue = 0;
  for (const auto& [name, v] : overlay_.values) overlay_.maxValue = std::max(overlay_.maxValue, v);
  if (!outside.isEmpty())
    overlay_.note = tr("Not on a node of the graph: %1").arg(outside.join(QStringLiteral(", ")));
  for (NodeItem* n : nodes_) {
    const double h = n->isOperator() ? overlay_.heat(n->name()) : -1;
    n->setFill(h < 0 ? QColor() : overlay_.color(n->name()),
               h < 0 ? QString() : overlay_.valueText(overlay_.values.at(n->name())),
               h < 0 && n->isOperator() && overlay_.mode != OverlayMode::None);
  }
  legend_->setOverlay(overlay_);
  layout()->activate();  // the legend's height follows its note
  showSelection();
}

void GraphTab::setOverlayMode(OverlayMode mode) {
  const int i = mode_->findData(int(mode));
  if (i >= 0) mode_->setCurrentIndex(i);
}

void GraphTab::setExecutorAndGroup(const QString& executor, const QString& group) {
  executor_->setCurrentText(executor);
  group_->setCurrentText(group);
}

NodeItem* GraphTab::nodeItem(const QString& name) const {
  for (NodeItem* n : nodes_)
    if (n->name() == name) return n;
  return nullptr;
}

bool GraphTab::findNode(const QString& text) {
  const QString wanted = text.trimmed();
  NodeItem* hit = wanted.isEmpty() ? nullptr : nodeItem(wanted);
  for (size_t i = 0; !hit && !wanted.isEmpty() && i < nodes_.size(); ++i)
    if (nodes_[i]->name().contains(wanted, Qt::CaseInsensitive)) hit = nodes_[i];
  searchMessage_->setText(hit || wanted.isEmpty() ? QString()
                                                  : tr("No node named “%1”").arg(wanted));
  if (!hit) return false;
  scene_->clearSelection();
  hit->setSelected(true);
  if (view_->zoom() < 0.6) view_->zoomBy(0.8 / view_->zoom());
  view_->centerOn(hit);
  return true;
}

QString GraphTab::selectedNode() const {
  const QList<QGraphicsItem*> s = scene_->selectedItems();
  return s.isEmpty() ? QString() : static_cast<NodeItem*>(s.front())->name();
}

QString GraphTab::panelText() const {
  return panel_->toPlainText();
}

void GraphTab::showSelection() {
  const QList<QGraphicsItem*> s = scene_->selectedItems();
  if (s.isEmpty() || s.front()->type() != NodeItem::Type) {
    panel_->showNothing(tr("Click a node to see its measurements, attributes and shapes."));
    return;
  }
  const auto* item = static_cast<NodeItem*>(s.front());
  panel_->showNode(data_.graph.nodes[size_t(item->index())], data_.profile,
                   executor_->currentText(), group_->currentText());
}

void GraphTab::placeMinimap() {
  const QRect area = view_->viewport()->geometry();
  const QSize size(std::min(200, area.width() / 4), std::min(280, area.height() / 2));
  minimap_->setGeometry(area.right() - size.width() - 8, area.bottom() - size.height() - 8,
                        size.width(), size.height());
  minimap_->refit();
}

bool GraphTab::eventFilter(QObject* watched, QEvent* event) {
  if (watched == view_->viewport() && event->type() == QEvent::Resize) placeMinimap();
  return ChartTab::eventFilter(watched, event);
}

QString GraphTab::title() const {
  if (!modelPath_.isEmpty())
    return data_.title.isEmpty() ? QFileInfo(modelPath_).completeBaseName() : data_.title;
  return tr("Graph · %1")
      .arg(data_.title.isEmpty() ? tr("run %1").arg(runIds_.value(0)) : data_.title);
}

QString GraphTab::fullTitle() const {
  const QString from = modelPath_.isEmpty() ? data_.source : QDir::toNativeSeparators(modelPath_);
  return from.isEmpty() ? tr("Graph of %1").arg(title())
                        : tr("Graph of %1 (%2)").arg(title(), from);
}

QJsonObject GraphTab::settings() const {
  QJsonObject s;
  if (!modelPath_.isEmpty()) s.insert(QStringLiteral("model"), modelPath_);
  if (showConstants_) s.insert(QStringLiteral("constants"), true);
  if (!ready_ && !pending_.isEmpty()) {
    QJsonObject waiting = pending_;
    waiting.remove(QStringLiteral("constants"));
    if (showConstants_) waiting.insert(QStringLiteral("constants"), true);
    return waiting;
  }
  if (!ready_) return s;
  s.insert(QStringLiteral("overlay"), QLatin1String(modeKey(overlay_.mode)));
  s.insert(QStringLiteral("executor"), executor_->currentText());
  s.insert(QStringLiteral("group"), group_->currentText());
  return s;
}

void GraphTab::applySettings(const QJsonObject& settings) {
  const bool constants = settings.value(QStringLiteral("constants")).toBool();
  const bool relayout = constants != showConstants_;
  showConstants_ = constants;
  {
    const QSignalBlocker block(constants_);
    constants_->setChecked(constants);
  }
  pending_ = settings;
  const QString model = settings.value(QStringLiteral("model")).toString();
  if (!model.isEmpty() && runIds_.isEmpty() && model != modelPath_)
    openModel(model);
  else if (relayout)
    reload();
  else if (ready_)
    fillChoices();
}

void GraphTab::refresh() {
  // The model and its layout stay; only the run's measurements are read again.
  if (runIds_.isEmpty() || !ready_ || !data_.error.isEmpty()) return;
  QString problem;
  std::unique_ptr<store::ResultStore> s = openStore(storePath_, &problem);
  if (!s) return;
  try {
    NodeProfile profile = NodeProfile::fromStore(*s, runIds_.front());
    pending_ = settings();
    data_.profile = std::move(profile);
    fillChoices();
  } catch (const std::exception&) {
    // The store is being written or went away: the next refresh reads it again.
  }
}

qint64 GraphTab::pointCount() const {
  qint64 n = 0;
  for (const QString& ex : data_.profile.executors())
    for (const QString& g : data_.profile.groups(ex))
      n += qint64(data_.profile.find(ex, g)->nodes.size());
  return n;
}

}  // namespace d500::studio
