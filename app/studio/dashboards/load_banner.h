// A banner above a run's dashboard when the run was measured on a busy machine (issue 35, item
// 17): other processes or the hypervisor took CPU time while it ran, so its timings may be
// inflated. The runner stores the machine's load with every run (env/machine_load.h); before,
// only Compare ▸ Environment said so. Hidden for a quiet run and for runs stored before load
// sampling existed. Threading: GUI thread.
#pragma once

#include <QCoreApplication>
#include <QLabel>

#include "d500/store/result_store.h"

namespace d500::studio {

class LoadBanner : public QLabel {
  Q_OBJECT
 public:
  explicit LoadBanner(QWidget* parent = nullptr);

  // Reads the run's stored load and shows or hides the banner. Never throws: an unreadable load
  // record hides it.
  void update(const store::ResultStore& s, qint64 runId);

  // The banner's sentence for the run; empty when the machine was quiet or nothing was recorded.
  // Reports print the same sentence (report/report_builder.cpp).
  static QString text(const store::ResultStore& s, qint64 runId);
};

}  // namespace d500::studio
