// Watches a result store for runs being added or changing status, through its own read-only
// connection (never the runner's). The runner may create the store after the studio opened the
// project, so a missing store is retried on every poll.
// Threading: GUI thread; polls with a QTimer (the reads are a few rows, well under a millisecond).
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>
#include <memory>
#include <vector>

#include "d500/store/result_store.h"
#include "project/store_status.h"

namespace d500::studio {

class StoreWatcher : public QObject {
  Q_OBJECT
 public:
  // Ownership: parent.
  explicit StoreWatcher(QObject* parent = nullptr);
  ~StoreWatcher() override;

  // Starts watching `storePath` (empty: none); emits runsChanged at once.
  void setStorePath(const QString& storePath);
  QString storePath() const { return path_; }
  StoreStatus status() const { return status_; }

  // The runs as last read, in id order.
  const std::vector<d500::store::RunInfo>& runs() const { return runs_; }
  const d500::store::RunInfo* run(qint64 id) const;

  void setPollInterval(int ms) { timer_.setInterval(ms); }
  // Reads now instead of at the next poll (tests, and after a run finished).
  void refresh();

 Q_SIGNALS:
  void runsChanged();
  void statusChanged(const d500::studio::StoreStatus& status);

 private:
  void reopen();

  QString path_;
  StoreStatus status_;
  std::unique_ptr<d500::store::ResultStore> store_;
  std::vector<d500::store::RunInfo> runs_;
  QTimer timer_;
};

}  // namespace d500::studio
