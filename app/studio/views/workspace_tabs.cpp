#include "views/workspace_tabs.h"

#include <QJsonObject>
#include <QMessageBox>

#include "charts/chart_kind.h"
#include "charts/chart_tab.h"
#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "history/history_tab.h"
#include "views/compare_view.h"
#include "views/list_view.h"

namespace d500::studio {

namespace {

// What a tab holds, kept on the tab's widget.
constexpr char kKind[] = "d500TabKind";  // "experiment", "chart", "compare"
constexpr char kExperiment[] = "d500ExperimentIndex";

QString kindOf(const QWidget* w) {
  return w ? w->property(kKind).toString() : QString();
}

QJsonArray idsToJson(const QList<qint64>& ids) {
  QJsonArray a;
  for (qint64 id : ids) a.append(id);
  return a;
}

}  // namespace

WorkspaceTabs::WorkspaceTabs(QWidget* parent) : QTabWidget(parent) {
  setObjectName(QStringLiteral("workspaceTabs"));
  setTabsClosable(true);
  setMovable(true);
  setDocumentMode(true);
  connect(this, &QTabWidget::tabCloseRequested, this, [this](int index) { closeTab(index, true); });
  connect(this, &QTabWidget::currentChanged, this,
          [this] { Q_EMIT currentEditorChanged(currentEditor()); });
}

ExperimentEditor* WorkspaceTabs::editorFor(int experimentIndex) const {
  for (ExperimentEditor* e : editors())
    if (e->property(kExperiment).toInt() == experimentIndex) return e;
  return nullptr;
}

ExperimentEditor* WorkspaceTabs::openEditor(int experimentIndex, ExperimentDocument* doc) {
  if (!doc) return editorFor(experimentIndex);
  if (ExperimentEditor* open = editorFor(experimentIndex)) {
    if (doc && doc != open->document()) delete doc;
    setCurrentWidget(open);
    return open;
  }
  auto* editor = new ExperimentEditor(doc);
  editor->setProperty(kKind, QStringLiteral("experiment"));
  editor->setProperty(kExperiment, experimentIndex);
  if (haveCatalog_) editor->setCatalog(catalog_);
  if (!catalogError_.isEmpty()) editor->setCatalogError(catalogError_);
  const int tab = addTab(editor, doc->title());
  setTabToolTip(tab, doc->isEmbedded() ? tr("Embedded in the project") : doc->filePath());
  connect(doc, &ExperimentDocument::titleChanged, this, [this, editor](const QString& title) {
    const int i = indexOf(editor);
    if (i >= 0) setTabText(i, title);
  });
  setCurrentWidget(editor);
  Q_EMIT editorOpened(editor, experimentIndex);
  return editor;
}

QList<ExperimentEditor*> WorkspaceTabs::editors() const {
  QList<ExperimentEditor*> out;
  for (int i = 0; i < count(); ++i)
    if (auto* e = qobject_cast<ExperimentEditor*>(widget(i))) out << e;
  return out;
}

ExperimentEditor* WorkspaceTabs::currentEditor() const {
  return qobject_cast<ExperimentEditor*>(currentWidget());
}

int WorkspaceTabs::experimentIndexOf(const ExperimentEditor* editor) const {
  return editor ? editor->property(kExperiment).toInt() : -1;
}

void WorkspaceTabs::experimentRemoved(int removed) {
  if (ExperimentEditor* e = editorFor(removed)) closeTab(indexOf(e), false);
  for (ExperimentEditor* e : editors()) {
    const int i = e->property(kExperiment).toInt();
    if (i > removed) e->setProperty(kExperiment, i - 1);
  }
}

ChartTab* WorkspaceTabs::addChart(const ProjectChart& chart, const QString& storePath) {
  const ChartKindRegistry& registry = ChartKindRegistry::studio();
  const ChartKind* kind = registry.find(chart.kind);
  if (!kind) kind = registry.find(QStringLiteral("sweep"));
  if (kind->oneTabPerRun())
    for (ChartTab* open : charts())
      if (&open->kind() == kind && open->runIds() == chart.runIds) {
        setCurrentWidget(open);
        return open;
      }
  ChartTab* panel = kind->create(storePath, chart.runIds);
  panel->setProperty(kKind, QStringLiteral("chart"));
  if (!chart.settings.isEmpty()) panel->applySettings(chart.settings);
  if (auto* history = qobject_cast<HistoryTab*>(panel)) {
    connect(history, &HistoryTab::openRunRequested, this, &WorkspaceTabs::openRunRequested);
    connect(history, &HistoryTab::confirmRequested, this, &WorkspaceTabs::confirmChangeRequested);
  }
  const int tab = addTab(panel, panel->title());
  setTabToolTip(tab, panel->fullTitle());
  connect(panel, &ChartTab::titleChanged, this, [this, panel](const QString& title) {
    const int i = indexOf(panel);
    if (i < 0) return;
    setTabText(i, title);
    setTabToolTip(i, panel->fullTitle());
  });
  setCurrentWidget(panel);
  Q_EMIT chartsChanged();
  return panel;
}

QWidget* WorkspaceTabs::addComparison(const QString& storePath, const QList<qint64>& runIds) {
  auto* view = new CompareView(storePath, runIds);
  view->setProperty(kKind, QStringLiteral("compare"));
  QStringList names;
  for (qint64 id : runIds) names << QStringLiteral("#%1").arg(id);
  addTab(view, tr("Compare %1").arg(names.join(QStringLiteral(", "))));
  setCurrentWidget(view);
  // The user picks other runs inside the view: the project keeps what is shown.
  connect(view, &CompareView::runIdsChanged, this, &WorkspaceTabs::chartsChanged);
  Q_EMIT chartsChanged();
  return view;
}

QWidget* WorkspaceTabs::addList(const QString& storePath) {
  for (int i = 0; i < count(); ++i)
    if (auto* open = qobject_cast<ListView*>(widget(i))) {
      open->setStorePath(storePath);
      setCurrentIndex(i);
      return open;
    }
  auto* view = new ListView(storePath);
  view->setProperty(kKind, QStringLiteral("list"));
  addTab(view, tr("The list"));
  setCurrentWidget(view);
  Q_EMIT chartsChanged();
  return view;
}

QList<ChartTab*> WorkspaceTabs::charts() const {
  QList<ChartTab*> out;
  for (int i = 0; i < count(); ++i)
    if (auto* c = qobject_cast<ChartTab*>(widget(i))) out << c;
  return out;
}

ChartTab* WorkspaceTabs::currentChart() const {
  return qobject_cast<ChartTab*>(currentWidget());
}

QList<ProjectChart> WorkspaceTabs::chartStates() const {
  QList<ProjectChart> out;
  for (ChartTab* c : charts()) out << ProjectChart{c->kindName(), c->runIds(), c->settings()};
  return out;
}

QJsonObject WorkspaceTabs::layoutState() const {
  QJsonArray tabs;
  int chart = 0;
  for (int i = 0; i < count(); ++i) {
    const QString kind = kindOf(widget(i));
    if (kind == QLatin1String("experiment"))
      tabs.append(
          QJsonObject{{QStringLiteral("experiment"), widget(i)->property(kExperiment).toInt()}});
    else if (kind == QLatin1String("chart"))
      tabs.append(QJsonObject{{QStringLiteral("chart"), chart++}});
    else if (kind == QLatin1String("compare"))
      tabs.append(QJsonObject{
          {QStringLiteral("compare"), idsToJson(static_cast<CompareView*>(widget(i))->runIds())}});
    else if (kind == QLatin1String("list"))
      tabs.append(QJsonObject{{QStringLiteral("list"), true}});
  }
  return QJsonObject{{QStringLiteral("tabs"), tabs},
                     {QStringLiteral("current_tab"), currentIndex()}};
}

void WorkspaceTabs::restore(const QList<ProjectChart>& charts, const QJsonObject& layout,
                            const QString& storePath,
                            const std::function<ExperimentDocument*(int)>& openDocument) {
  closeAll();
  QList<bool> chartShown(charts.size(), false);
  for (const QJsonValue& t : layout.value(QStringLiteral("tabs")).toArray()) {
    const QJsonObject o = t.toObject();
    if (o.contains(QStringLiteral("experiment"))) {
      const int i = o.value(QStringLiteral("experiment")).toInt();
      if (ExperimentDocument* doc = openDocument(i)) openEditor(i, doc);
    } else if (o.contains(QStringLiteral("chart"))) {
      const int k = o.value(QStringLiteral("chart")).toInt();
      if (k >= 0 && k < charts.size() && !chartShown[k]) {
        addChart(charts[k], storePath);
        chartShown[k] = true;
      }
    } else if (o.contains(QStringLiteral("compare"))) {
      QList<qint64> ids;
      for (const QJsonValue& id : o.value(QStringLiteral("compare")).toArray())
        ids << id.toInteger();
      addComparison(storePath, ids);
    } else if (o.contains(QStringLiteral("list"))) {
      addList(storePath);
    }
  }
  // Charts a hand-edited project lists but does not place come last, not lost.
  for (int k = 0; k < charts.size(); ++k)
    if (!chartShown[k]) addChart(charts[k], storePath);
  const int current = layout.value(QStringLiteral("current_tab")).toInt(0);
  if (current >= 0 && current < count()) setCurrentIndex(current);
}

void WorkspaceTabs::closeAll() {
  while (count() > 0) closeTab(0, false);
}

void WorkspaceTabs::closeTab(int index, bool ask) {
  QWidget* w = widget(index);
  if (!w) return;
  if (auto* editor = qobject_cast<ExperimentEditor*>(w); editor && ask) {
    ExperimentDocument* doc = editor->document();
    // Embedded experiments live in the project (saved with it); a file has to be saved itself.
    if (!doc->isEmbedded() && doc->isModified()) {
      const auto answer = QMessageBox::question(
          this, tr("Unsaved experiment"), tr("Save the changes to %1?").arg(doc->filePath()),
          QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
      if (answer == QMessageBox::Cancel) return;
      if (answer == QMessageBox::Save) Q_EMIT saveRequested(editor);
    }
  }
  const bool wasChart = kindOf(w) != QLatin1String("experiment");
  removeTab(index);
  w->deleteLater();
  if (wasChart) Q_EMIT chartsChanged();
}

void WorkspaceTabs::setCatalog(const PluginCatalog& catalog) {
  catalog_ = catalog;
  haveCatalog_ = true;
  catalogError_.clear();
  for (ExperimentEditor* e : editors()) e->setCatalog(catalog);
}

void WorkspaceTabs::setCatalogError(const QString& error) {
  catalogError_ = error;
  for (ExperimentEditor* e : editors()) e->setCatalogError(error);
}

}  // namespace d500::studio
