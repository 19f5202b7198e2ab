#include "views/run_queue_dock.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "models/run_queue_model.h"
#include "runs/run_manager.h"
#include "views/progress_delegate.h"

namespace d500::studio {

RunQueueDock::RunQueueDock(RunManager* manager, QWidget* parent)
    : QWidget(parent), manager_(manager) {
  model_ = new RunQueueModel(manager, this);
  table_ = new QTableView;
  table_->setObjectName(QStringLiteral("runQueueTable"));
  table_->setModel(model_);
  table_->setItemDelegateForColumn(RunQueueModel::Progress,
                                   new ProgressDelegate(RunQueueModel::ProgressRole, table_));
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(false);
  table_->horizontalHeader()->setSectionResizeMode(RunQueueModel::Experiment, QHeaderView::Stretch);
  log_ = new QPlainTextEdit;
  log_->setObjectName(QStringLiteral("runLog"));
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(20000);  // a chatty runner must not grow the studio without bound
  log_->setPlaceholderText(tr("Select a run to see its log."));
  cancel_ = new QPushButton(tr("Cancel run"));
  clear_ = new QPushButton(tr("Clear finished"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(cancel_);
  buttons->addWidget(clear_);
  buttons->addStretch();
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(table_);
  split->addWidget(log_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(split);
  layout->addLayout(buttons);

  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            RunJob* job = model_->jobAt(current.row());
            showLogOf(job);
            if (job && job->runId() > 0) Q_EMIT runActivated(job->runId());
          });
  connect(cancel_, &QPushButton::clicked, this, [this] { manager_->cancel(selectedJob()); });
  connect(clear_, &QPushButton::clicked, this, [this] {
    if (shown_ && shown_->isFinished()) showLogOf(nullptr);
    manager_->removeFinished();
  });
  connect(manager_, &RunManager::jobAdded, this, [this](RunJob* job) {
    if (!shown_ || shown_->isFinished()) selectJob(job);  // follow the newest run
  });
  connect(manager_, &RunManager::jobChanged, this, [this] { updateButtons(); });
  updateButtons();
}

RunJob* RunQueueDock::selectedJob() const {
  return model_->jobAt(table_->selectionModel()->currentIndex().row());
}

void RunQueueDock::selectJob(const RunJob* job) {
  const int row = model_->rowOf(job);
  if (row >= 0) table_->selectRow(row);
}

QString RunQueueDock::shownLog() const {
  return log_->toPlainText();
}

void RunQueueDock::showLogOf(RunJob* job) {
  if (shown_) shown_->disconnect(this);
  shown_ = job;
  log_->setPlainText(job ? job->log() : QString());
  if (job) {
    connect(job, &RunJob::logAppended, this, [this](const QString& text) {
      const bool atEnd = log_->verticalScrollBar()->value() == log_->verticalScrollBar()->maximum();
      log_->appendPlainText(text.trimmed());
      if (atEnd) log_->verticalScrollBar()->setValue(log_->verticalScrollBar()->maximum());
    });
    connect(job, &QObject::destroyed, this, [this] { shown_ = nullptr; });
  }
  updateButtons();
}

void RunQueueDock::updateButtons() {
  RunJob* job = selectedJob();
  cancel_->setEnabled(job && (job->isActive() || job->state() == RunJob::State::Queued));
}

}  // namespace d500::studio
