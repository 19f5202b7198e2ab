// Runs side by side (measurement.md, "Comparing"): each measurement's median and CI in every
// run, the speedup beside both absolute values, the Mann-Whitney verdict on the raw samples, the
// validation verdicts, and what changed in the environment. Given one run, its implementations
// are compared against the run's baseline implementation instead.
// Built once from the store (no Qt widgets), so the comparison view and the report show the
// same numbers.
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <cstdint>

#include "d500/store/result_store.h"

namespace d500::studio {

class ComparisonTable {
  Q_DECLARE_TR_FUNCTIONS(ComparisonTable)

 public:
  struct Cell {
    bool present = false;
    double medianNs = 0, ciLoNs = 0, ciHiNs = 0, ciLevel = 0.95;
    bool ciValid = false;
    int64_t n = 0;
    QString stopReason;
    QString validation;  // ValidationSummary::text()
    bool validationFailed = false;
  };
  struct Versus {  // variant k against variant 0 (the baseline)
    bool present = false;
    double speedup = 0;  // baseline median / this median: > 1 means this is faster
    double pValue = 1, effectR = 0;
    QString verdict;  // "faster", "slower", "same" (compare.h)
    bool ciOverlap = true;
  };
  struct Row {
    QString subject;
    QString implementation;  // across runs; empty when comparing one run's implementations
    QString pointJson;
    QList<Cell> cells;     // one per variant
    QList<Versus> versus;  // one per variant; [0] is the baseline itself (not present)
  };
  struct EnvironmentDiff {
    QString against;  // the variant compared with the baseline
    bool identical = false;
    bool missing = false;        // one of the two has no environment recorded
    QList<QStringList> changes;  // {key, baseline value, other value}
  };

  bool acrossRuns = true;
  QList<qint64> runIds;            // as compared, the baseline first
  QStringList variants;            // column titles: run labels, or implementations
  QString baselineImplementation;  // one-run mode
  QList<Row> rows;
  QList<EnvironmentDiff> environmentDiffs;  // across runs: one per run after the first

  // `runIds[0]` is the baseline run. With one run, `baselineImplementation` is compared against
  // (empty: the experiment's "baseline", else "reference", else the first measured). Throws
  // D500Error when the store cannot be read.
  static ComparisonTable build(const store::ResultStore& s, const QList<qint64>& runIds,
                               const QString& baselineImplementation = {});
  // The implementations measured in `run`, in order of first appearance.
  static QStringList implementations(const store::ResultStore& s, qint64 run);
  static QString defaultBaseline(const store::ResultStore& s, qint64 run);
  // "run 3 · gemm-sweep"
  static QString runLabel(const store::RunInfo& r);
};

}  // namespace d500::studio
