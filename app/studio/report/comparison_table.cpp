#include "report/comparison_table.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "charts/sweep_axis.h"
#include "charts/validation_summary.h"
#include "d500/env/environment.h"
#include "d500/env/machine_load.h"
#include "d500/operators/compare.h"

namespace d500::studio {

namespace {

using Key = std::pair<QString, QString>;  // canonical point, implementation

ComparisonTable::Cell cellOf(const store::MeasurementRow& m,
                             const std::map<int64_t, ValidationSummary>& validation) {
  ComparisonTable::Cell c;
  c.present = true;
  c.medianNs = m.median;
  c.ciLoNs = m.ci_lo;
  c.ciHiNs = m.ci_hi;
  c.ciLevel = m.ci_level;
  c.ciValid = m.ci_valid;
  c.n = m.n;
  c.stopReason = QString::fromStdString(m.error.empty() ? m.stop_reason : "error: " + m.error);
  auto v = validation.find(m.id);
  const ValidationSummary summary = v == validation.end() ? ValidationSummary() : v->second;
  c.validation = summary.text();
  c.validationFailed = summary.failed > 0;
  return c;
}

ComparisonTable::Versus versusOf(const operators::Comparison& c) {
  ComparisonTable::Versus v;
  v.present = true;
  v.speedup = c.speedup;
  v.pValue = c.test.p_value;
  v.effectR = c.test.effect_r;
  v.verdict = QString::fromStdString(operators::verdict(c));
  v.ciOverlap = c.ci_overlap;
  return v;
}

// "path: a -> b" lines from env::diff, split into {path, a, b}.
QList<QStringList> splitDiff(const std::vector<std::string>& lines) {
  QList<QStringList> out;
  for (const auto& l : lines) {
    const QString s = QString::fromStdString(l);
    const int colon = static_cast<int>(s.indexOf(QStringLiteral(": ")));
    const int arrow = static_cast<int>(s.indexOf(QStringLiteral(" -> "), colon < 0 ? 0 : colon));
    if (colon < 0 || arrow < 0)
      out.append({s, QString(), QString()});
    else
      out.append({s.left(colon), s.mid(colon + 2, arrow - colon - 2), s.mid(arrow + 4)});
  }
  return out;
}

// Across runs a row is a point's identity (operators::point_identity: a training run's seed
// count is not part of it) and an implementation, as `d500 compare` pairs them.
QString pointIdentity(const std::string& pointJson) {
  return QString::fromStdString(operators::point_identity(pointJson));
}

// Rows in sweep order (runs measure points in a shuffled order), then by implementation.
void sortRows(QList<ComparisonTable::Row>& rows) {
  QStringList points, subjects;
  for (const auto& r : rows) {
    points.append(r.pointJson);
    subjects.append(r.subject);
  }
  const SweepAxis axis = SweepAxis::fromPoints(points, subjects);
  std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
    const double xa = axis.x(a.pointJson), xb = axis.x(b.pointJson);
    if (xa != xb) return xa < xb;
    return a.implementation < b.implementation;
  });
}

// {"machine load", baseline, other} when either run was measured on a busy machine.
std::optional<QStringList> loadChange(const store::ResultStore& s, qint64 base, qint64 other) {
  const auto a = env::stored_load(s, base);
  const auto b = env::stored_load(s, other);
  if (!(a && a->busy) && !(b && b->busy)) return std::nullopt;
  const QString none = ComparisonTable::tr("not recorded");
  return QStringList{ComparisonTable::tr("machine load (conditions differ)"),
                     a ? QString::fromStdString(a->describe()) : none,
                     b ? QString::fromStdString(b->describe()) : none};
}

}  // namespace

QString ComparisonTable::runLabel(const store::RunInfo& r) {
  return r.name.empty() ? tr("run %1").arg(r.id)
                        : tr("run %1 · %2").arg(r.id).arg(QString::fromStdString(r.name));
}

QStringList ComparisonTable::implementations(const store::ResultStore& s, qint64 run) {
  QStringList out;
  for (const auto& m : s.measurements(run)) {
    const QString impl = QString::fromStdString(m.implementation);
    if (!out.contains(impl)) out.append(impl);
  }
  return out;
}

QString ComparisonTable::defaultBaseline(const store::ResultStore& s, qint64 run) {
  const QStringList impls = implementations(s, run);
  if (impls.isEmpty()) return {};
  // The experiment names "plugin" or "plugin/variant"; measurements carry "plugin/variant".
  QStringList wanted;
  if (auto r = s.run(run)) {
    auto spec = nlohmann::json::parse(r->spec_json, nullptr, false);
    if (spec.is_object() && spec.contains("baseline") && spec["baseline"].is_string())
      wanted.append(QString::fromStdString(spec["baseline"].get<std::string>()));
  }
  wanted.append(QStringLiteral("reference"));
  for (const QString& w : wanted)
    for (const QString& impl : impls)
      if (impl == w || impl.startsWith(w + QLatin1Char('/'))) return impl;
  return impls.front();
}

namespace {

using Validation = std::map<qint64, std::map<int64_t, ValidationSummary>>;

// One run: its implementations side by side, each against the baseline implementation.
void fillOneRun(ComparisonTable& t, const store::ResultStore& s, qint64 run,
                const QString& baselineImplementation, Validation& validation) {
  t.variants = ComparisonTable::implementations(s, run);
  // A baseline chosen for another run may not exist in this one.
  t.baselineImplementation = t.variants.contains(baselineImplementation)
                                 ? baselineImplementation
                                 : ComparisonTable::defaultBaseline(s, run);
  t.variants.removeAll(t.baselineImplementation);
  t.variants.prepend(t.baselineImplementation);
  std::map<QString, int> rowOf;  // by canonical point
  for (const auto& m : s.measurements(run)) {
    const QString point = SweepAxis::canonical(QString::fromStdString(m.point_json));
    auto it = rowOf.find(point);
    if (it == rowOf.end()) {
      ComparisonTable::Row r;
      r.subject = QString::fromStdString(m.subject);
      r.pointJson = QString::fromStdString(m.point_json);
      for (int i = 0; i < t.variants.size(); ++i) {
        r.cells.append(ComparisonTable::Cell());
        r.versus.append(ComparisonTable::Versus());
      }
      it = rowOf.emplace(point, static_cast<int>(t.rows.size())).first;
      t.rows.append(r);
    }
    const int col = static_cast<int>(t.variants.indexOf(QString::fromStdString(m.implementation)));
    if (col >= 0) t.rows[it->second].cells[col] = cellOf(m, validation[run]);
  }
  for (const auto& c :
       operators::compare_to_baseline(s, run, t.baselineImplementation.toStdString())) {
    auto it = rowOf.find(SweepAxis::canonical(QString::fromStdString(c.point_json)));
    const int col = static_cast<int>(t.variants.indexOf(QString::fromStdString(c.b_impl)));
    if (it != rowOf.end() && col > 0) t.rows[it->second].versus[col] = versusOf(c);
  }
}

// Several runs: each (point, implementation) across the runs, each run against the first.
void fillAcrossRuns(ComparisonTable& t, const store::ResultStore& s, Validation& validation) {
  const QList<qint64>& runIds = t.runIds;
  std::map<Key, int> rowOf;
  for (int k = 0; k < runIds.size(); ++k) {
    auto info = s.run(runIds[k]);
    t.variants.append(info ? ComparisonTable::runLabel(*info)
                           : ComparisonTable::tr("run %1 (not in the store)").arg(runIds[k]));
  }
  for (int k = 0; k < runIds.size(); ++k) {
    for (const auto& m : s.measurements(runIds[k])) {
      const Key key{pointIdentity(m.point_json), QString::fromStdString(m.implementation)};
      auto it = rowOf.find(key);
      if (it == rowOf.end()) {
        ComparisonTable::Row r;
        r.subject = QString::fromStdString(m.subject);
        r.implementation = key.second;
        r.pointJson = QString::fromStdString(m.point_json);
        for (int i = 0; i < runIds.size(); ++i) {
          r.cells.append(ComparisonTable::Cell());
          r.versus.append(ComparisonTable::Versus());
        }
        it = rowOf.emplace(key, static_cast<int>(t.rows.size())).first;
        t.rows.append(r);
      }
      t.rows[it->second].cells[k] = cellOf(m, validation[runIds[k]]);
    }
  }
  for (int k = 1; k < runIds.size(); ++k)
    for (const auto& c : operators::compare_runs(s, runIds.front(), s, runIds[k])) {
      auto it = rowOf.find({pointIdentity(c.point_json), QString::fromStdString(c.b_impl)});
      if (it != rowOf.end()) t.rows[it->second].versus[k] = versusOf(c);
    }
}

// What changed in the machine and software between the baseline run and each other run.
void fillEnvironmentDiffs(ComparisonTable& t, const store::ResultStore& s) {
  const QList<qint64>& runIds = t.runIds;
  auto envOf = [&](qint64 id) -> std::optional<store::Environment> {
    auto r = s.run(id);
    if (!r || r->environment_id == 0) return std::nullopt;
    return s.environment(r->environment_id);
  };
  const qint64 base = runIds.front();
  const auto baseEnv = envOf(base);
  for (int k = 1; k < runIds.size(); ++k) {
    ComparisonTable::EnvironmentDiff d;
    d.against = t.variants[k];
    const auto env = envOf(runIds[k]);
    if (!baseEnv || !env) {
      d.missing = true;
    } else if (baseEnv->hash == env->hash) {
      d.identical = true;
    } else {
      d.changes = splitDiff(env::diff(nlohmann::json::parse(baseEnv->json, nullptr, false),
                                      nlohmann::json::parse(env->json, nullptr, false)));
      d.identical = d.changes.isEmpty();
    }
    // Identical machines and software say nothing about another process running beside one run.
    if (auto load = loadChange(s, base, runIds[k])) {
      d.changes.append(*load);
      d.identical = d.missing = false;
    }
    t.environmentDiffs.append(d);
  }
}

}  // namespace

ComparisonTable ComparisonTable::build(const store::ResultStore& s, const QList<qint64>& runIds,
                                       const QString& baselineImplementation) {
  ComparisonTable t;
  t.runIds = runIds;
  if (runIds.isEmpty()) return t;
  t.acrossRuns = runIds.size() > 1;
  Validation validation;
  for (qint64 id : runIds) validation[id] = ValidationSummary::byMeasurement(s.validations(id));
  if (!t.acrossRuns) {
    fillOneRun(t, s, runIds.front(), baselineImplementation, validation);
  } else {
    fillAcrossRuns(t, s, validation);
    fillEnvironmentDiffs(t, s);
  }
  sortRows(t.rows);
  return t;
}

}  // namespace d500::studio
