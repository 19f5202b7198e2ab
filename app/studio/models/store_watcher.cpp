#include "models/store_watcher.h"

namespace d500::studio {

namespace {

// What a run row shows; a change in any of these is worth a repaint.
bool sameRuns(const std::vector<d500::store::RunInfo>& a,
              const std::vector<d500::store::RunInfo>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].id != b[i].id || a[i].status != b[i].status || a[i].finished_at != b[i].finished_at ||
        a[i].started_at != b[i].started_at || a[i].status_reason != b[i].status_reason ||
        a[i].name != b[i].name)
      return false;
  return true;
}

}  // namespace

StoreWatcher::StoreWatcher(QObject* parent) : QObject(parent) {
  timer_.setInterval(500);
  connect(&timer_, &QTimer::timeout, this, &StoreWatcher::refresh);
}

StoreWatcher::~StoreWatcher() = default;

void StoreWatcher::setStorePath(const QString& storePath) {
  path_ = storePath;
  store_.reset();
  runs_.clear();
  status_ = StoreStatus();
  reopen();
  Q_EMIT statusChanged(status_);
  Q_EMIT runsChanged();
  refresh();  // the runs already there are shown now, not at the first poll
  if (path_.isEmpty())
    timer_.stop();
  else
    timer_.start();
}

const d500::store::RunInfo* StoreWatcher::run(qint64 id) const {
  for (const auto& r : runs_)
    if (r.id == id) return &r;
  return nullptr;
}

void StoreWatcher::reopen() {
  if (path_.isEmpty()) return;
  StoreStatus s = StoreStatus::probe(path_);
  if (s.state == StoreStatus::State::Ok) {
    auto opened = d500::store::ResultStore::open(path_.toStdString(),
                                                 d500::store::ResultStore::Mode::ReadOnly);
    if (opened.ok()) {
      store_ = std::move(opened.value());
    } else {
      s.state = StoreStatus::State::Unreadable;
      s.detail = QString::fromStdString(opened.error().to_string());
    }
  }
  status_ = s;
}

void StoreWatcher::refresh() {
  if (path_.isEmpty()) return;
  if (!store_) {
    const StoreStatus::State before = status_.state;
    reopen();
    if (status_.state != before) Q_EMIT statusChanged(status_);
    if (!store_) return;
  }
  std::vector<d500::store::RunInfo> now;
  try {
    now = store_->runs();
  } catch (const std::exception& e) {
    // A store replaced or truncated under us: drop the connection and try again next poll.
    store_.reset();
    status_.state = StoreStatus::State::Unreadable;
    status_.detail = QString::fromUtf8(e.what());
    Q_EMIT statusChanged(status_);
    return;
  }
  if (sameRuns(now, runs_)) return;
  runs_ = std::move(now);
  Q_EMIT runsChanged();
}

}  // namespace d500::studio
