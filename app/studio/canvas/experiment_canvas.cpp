#include "canvas/experiment_canvas.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSplitter>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include "canvas/canvas_live.h"
#include "canvas/canvas_model.h"
#include "canvas/canvas_palette.h"
#include "canvas/canvas_templates.h"
#include "canvas/canvas_view.h"
#include "common/fit_rows.h"
#include "editor/experiment_document.h"
#include "runs/run_job.h"
#include "runs/run_manager.h"

namespace d500::studio {

namespace {

// A variant is written to a scratch folder: a model file named relative to the experiment's own
// file is named absolutely there.
Json withAbsoluteModels(Json v, const QString& baseDir) {
  if (baseDir.isEmpty()) return v;
  for (const JsonPath& p :
       {JsonPath{QStringLiteral("network"), QStringLiteral("model")},
        JsonPath{QStringLiteral("training"), QStringLiteral("network"), QStringLiteral("model")}}) {
    const Json* m = p.find(v);
    if (m && m->is_string() && QDir::isRelativePath(QString::fromStdString(m->get<std::string>())))
      p.set(v, QDir(baseDir)
                   .absoluteFilePath(QString::fromStdString(m->get<std::string>()))
                   .toStdString());
  }
  return v;
}

}  // namespace

ExperimentCanvas::ExperimentCanvas(ExperimentDocument* doc, QWidget* parent)
    : QWidget(parent),
      doc_(doc),
      model_(new CanvasModel(doc, this)),
      view_(new CanvasView(model_)),
      palette_(new CanvasPalette),
      live_(new CanvasLive(model_, this)),
      problems_(new QListWidget),
      tools_(new QToolBar),
      status_(new QLabel) {
  problems_->setObjectName(QStringLiteral("canvasProblems"));
  problems_->setToolTip(
      tr("Unconnected required inputs and what the runner would reject, by component."));
  status_->setWordWrap(true);
  buildActions();
  auto* right = new QWidget;
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  rightLayout->addWidget(tools_);
  rightLayout->addWidget(view_, 5);
  rightLayout->addWidget(status_);
  rightLayout->addWidget(new QLabel(tr("Problems")));
  rightLayout->addWidget(problems_, 0);  // as tall as its lines (showProblems)
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(palette_);
  split->addWidget(right);
  split->setStretchFactor(1, 4);
  split->setSizes({200, 800});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);

  connect(model_, &CanvasModel::changed, this, &ExperimentCanvas::showProblems);
  connect(model_, &CanvasModel::changed, this, [this] { palette_->showFor(doc_->json()); });
  connect(model_, &CanvasModel::refused, this, [this](int, const QString&, const QString& reason) {
    status_->setText(tr("Refused: %1").arg(reason));
  });
  connect(palette_, &CanvasPalette::componentChosen, this,
          [this](const QString& kind, const QString& value) {
            model_->addComponent(kind, value,
                                 view_->mapToScene(view_->viewport()->rect().center()));
          });
  connect(view_, &CanvasView::nodeActivated, this, [this](int id) {
    if (const CanvasModel::Node* n = model_->node(id); n && !n->jsonPath.isEmpty())
      Q_EMIT pathActivated(n->jsonPath);
  });
  palette_->showFor(doc_->json());
  showProblems();
}

ExperimentCanvas::~ExperimentCanvas() = default;

void ExperimentCanvas::buildActions() {
  auto add = [this](const QString& text, const QKeySequence& key, auto slot) {
    auto* a = new QAction(text, this);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    a->setToolTip(key.isEmpty() ? text
                                : tr("%1 (%2)").arg(text, key.toString(QKeySequence::NativeText)));
    connect(a, &QAction::triggered, this, slot);
    tools_->addAction(a);
    addAction(a);
    return a;
  };
  auto* templates = new QToolButton;
  templates->setText(tr("Templates"));
  templates->setPopupMode(QToolButton::InstantPopup);
  auto* menu = new QMenu(templates);
  for (const QString& id : CanvasTemplates::ids())
    menu->addAction(CanvasTemplates::title(id), this, [this, id] { openTemplate(id); });
  templates->setMenu(menu);
  tools_->addWidget(templates);
  // An edited network (the network editor's Save As) or any .onnx as the model; dropping the file
  // on the canvas does the same.
  add(tr("Model File…"), QKeySequence(), [this] {
    const QString dir = doc_->isEmbedded() ? QString() : QFileInfo(doc_->filePath()).absolutePath();
    const QString file = QFileDialog::getOpenFileName(this, tr("Model of the Experiment"), dir,
                                                      tr("ONNX models (*.onnx)"));
    if (!file.isEmpty())
      model_->addModelFile(file, view_->mapToScene(view_->viewport()->rect().center()));
  });
  add(tr("Auto-layout"), QKeySequence(Qt::CTRL | Qt::Key_L), [this] {
    model_->autoLayout();
    view_->fitAll();
  });
  add(tr("Fit"), QKeySequence(Qt::Key_F), [this] { view_->fitAll(); });
  add(tr("Zoom in"), QKeySequence::ZoomIn, [this] { view_->zoomBy(1.25); });
  add(tr("Zoom out"), QKeySequence::ZoomOut, [this] { view_->zoomBy(0.8); });
  tools_->addSeparator();
  add(tr("Align left"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Left),
      [this] { model_->align(view_->selectedIds(), CanvasModel::Align::Left); });
  add(tr("Align top"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Up),
      [this] { model_->align(view_->selectedIds(), CanvasModel::Align::Top); });
  add(tr("Copy"), QKeySequence::Copy, [this] { view_->copySelection(); });
  add(tr("Paste"), QKeySequence::Paste, [this] { view_->pasteClipboard(); });
  add(tr("Delete"), QKeySequence::Delete, [this] { view_->deleteSelection(); });
  add(tr("Select all"), QKeySequence::SelectAll, [this] { view_->selectAll(); });
  tools_->addSeparator();
  add(tr("Run"), QKeySequence(Qt::CTRL | Qt::Key_R), [this] { run(); });
}

void ExperimentCanvas::setCatalog(const PluginCatalog& catalog) {
  palette_->setCatalog(catalog);
}

void ExperimentCanvas::setRunManager(RunManager* runs, const QString& storePath) {
  runs_ = runs;
  storePath_ = storePath;
}

void ExperimentCanvas::openTemplate(const QString& id) {
  const Json e = CanvasTemplates::experiment(id);
  if (e.empty()) return;
  model_->replaceAll(e, Json::object());
  view_->fitAll();
}

void ExperimentCanvas::showProblems() {
  problems_->clear();
  problems_->addItems(model_->problemList());
  if (problems_->count() == 0) {
    auto* none =
        new QListWidgetItem(tr("No problems: every required input is connected."), problems_);
    none->setForeground(QColor(0x20, 0x80, 0x30));
    none->setFlags(Qt::NoItemFlags);
  }
  fitToRows(problems_, 5);
}

QList<RunJob*> ExperimentCanvas::run() {
  QList<RunJob*> jobs;
  if (!runs_ || storePath_.isEmpty()) {
    status_->setText(tr("Open a project to run: its store keeps the results."));
    return jobs;
  }
  if (!model_->problemList().isEmpty()) {
    status_->setText(tr("Fix the problems below before running."));
    return jobs;
  }
  if (!scratch_)
    scratch_ = std::make_unique<QTemporaryDir>(
        QDir::temp().filePath(QStringLiteral("d500-canvas-XXXXXX")));
  const QString baseDir =
      doc_->isEmbedded() ? QString() : QFileInfo(doc_->filePath()).absolutePath();
  for (const Json& variant : model_->variants()) {
    const Json v = withAbsoluteModels(variant, baseDir);
    QString name = QString::fromStdString(v.value("name", std::string("experiment")));
    const QString title = name;
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("_"));
    const QString file =
        QDir(scratch_->path()).filePath(QStringLiteral("%1-%2.json").arg(jobs.size()).arg(name));
    QSaveFile f(file);
    if (!f.open(QIODevice::WriteOnly)) continue;
    f.write(QByteArray::fromStdString(v.dump(2)));
    if (!f.commit()) continue;
    LaunchSpec launch = launchSpecOf(v);
    launch.source =
        doc_->isEmbedded() ? (embeddedSource_ ? embeddedSource_() : QString()) : doc_->filePath();
    jobs << runs_->enqueue(title, file, storePath_, launch);
  }
  if (!jobs.isEmpty()) follow(jobs.first());
  status_->setText(tr("Queued %n run(s)", nullptr, int(jobs.size())));
  return jobs;
}

void ExperimentCanvas::follow(RunJob* job) {
  const bool byRank = model_->level() == QLatin1String("distributed");
  connect(job, &RunJob::runStarted, this,
          [this, byRank](qint64 runId) { live_->follow(storePath_, runId, byRank); });
  connect(job, &RunJob::changed, this, [this, job] {
    live_->setProgress(job->isFinished() ? job->statusText() : job->subject());
    status_->setText(tr("%1: %2").arg(job->title(), job->statusText()));
  });
  connect(job, &RunJob::finished, live_, &CanvasLive::stop);
  if (job->runId() > 0) live_->follow(storePath_, job->runId(), byRank);
}

}  // namespace d500::studio
