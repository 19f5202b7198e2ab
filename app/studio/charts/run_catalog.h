// What a chart needs to know about its runs besides their rows: names for legends and titles,
// the environment (hash for CSV headers, JSON for finding the machine's roofline), and whether a
// run is still being written. Re-read while runs are live, since status changes as they finish.
#pragma once

#include <QList>
#include <QString>
#include <map>
#include <string>

#include "d500/store/result_store.h"

namespace d500::studio {

class RunCatalog {
 public:
  // Re-reads the rows of `ids`; ids not (yet) in the store are remembered as missing.
  void refresh(const store::ResultStore& s, const QList<qint64>& ids);
  void clear();

  const store::RunInfo* run(qint64 id) const;              // nullptr when not in the store
  const store::Environment* environment(qint64 id) const;  // nullptr when none recorded
  // "run 3 · gemm-sweep", or "run 3" when the run is not known.
  QString label(qint64 id) const;
  QString environmentHash(qint64 id) const;  // "" when none recorded
  // Whether every run is in the store and no longer queued or running.
  bool allFinished(const QList<qint64>& ids) const;
  // A number that changes whenever refresh() saw a change (names, status, environments).
  int revision() const { return revision_; }

 private:
  std::map<qint64, store::RunInfo> runs_;
  std::map<qint64, store::Environment> environments_;  // by run id
  int revision_ = 0;
};

}  // namespace d500::studio
