// One change point up close (issue 31, item 5): the change with its CI and p-value, what changed
// in the environment across it, the machine's load on both sides, the verdict of a rerun to
// confirm if one was made, and both sides' samples as box plots. From here the user opens either
// run or queues the rerun to confirm it.
// Threading: GUI thread.
#pragma once

#include <QDialog>

#include "d500/history/history.h"
#include "d500/store/result_store.h"

QT_BEGIN_NAMESPACE
class QListWidget;
class QPushButton;
QT_END_NAMESPACE

namespace d500::studio {

class ChangeDialog : public QDialog {
  Q_OBJECT
 public:
  // `c` is a change point of `ser`; the sides are the runs from the change before it (`from`) to
  // the one after it (`to`), read from `s` now. Ownership: parent.
  ChangeDialog(const store::ResultStore& s, const history::Series& ser,
               const measure::ChangePoint& c, size_t from, size_t to, QWidget* parent = nullptr);

  qint64 beforeRun() const { return before_; }
  qint64 afterRun() const { return after_; }
  const QListWidget* environmentList() const { return environment_; }
  QPushButton* confirmButton() const { return confirm_; }

 Q_SIGNALS:
  void openRunRequested(qint64 runId);
  void confirmRequested(qint64 beforeRun, qint64 afterRun);

 private:
  QWidget* summary(const store::ResultStore& s, const history::Series& ser,
                   const measure::ChangePoint& c);
  QWidget* sides(const store::ResultStore& s, const history::Series& ser, size_t at, size_t from,
                 size_t to);

  qint64 before_ = 0, after_ = 0;
  QListWidget* environment_ = nullptr;
  QPushButton* confirm_ = nullptr;
};

}  // namespace d500::studio
