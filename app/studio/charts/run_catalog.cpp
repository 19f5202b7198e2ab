#include "charts/run_catalog.h"

#include <QCoreApplication>

namespace d500::studio {

void RunCatalog::refresh(const store::ResultStore& s, const QList<qint64>& ids) {
  for (qint64 id : ids) {
    auto r = s.run(id);
    if (!r) continue;
    auto it = runs_.find(id);
    const bool changed = it == runs_.end() || it->second.status != r->status ||
                         it->second.name != r->name ||
                         it->second.environment_id != r->environment_id;
    if (r->environment_id != 0 &&
        (!environments_.count(id) || environments_[id].id != r->environment_id)) {
      if (auto e = s.environment(r->environment_id)) environments_[id] = *e;
    }
    runs_[id] = *r;
    if (changed) ++revision_;
  }
}

void RunCatalog::clear() {
  runs_.clear();
  environments_.clear();
  ++revision_;
}

const store::RunInfo* RunCatalog::run(qint64 id) const {
  auto it = runs_.find(id);
  return it == runs_.end() ? nullptr : &it->second;
}

const store::Environment* RunCatalog::environment(qint64 id) const {
  auto it = environments_.find(id);
  return it == environments_.end() ? nullptr : &it->second;
}

QString RunCatalog::label(qint64 id) const {
  const auto* r = run(id);
  if (!r || r->name.empty()) return QCoreApplication::translate("RunCatalog", "run %1").arg(id);
  return QCoreApplication::translate("RunCatalog", "run %1 · %2")
      .arg(id)
      .arg(QString::fromStdString(r->name));
}

QString RunCatalog::environmentHash(qint64 id) const {
  const auto* e = environment(id);
  return e ? QString::fromStdString(e->hash) : QString();
}

bool RunCatalog::allFinished(const QList<qint64>& ids) const {
  for (qint64 id : ids) {
    const auto* r = run(id);
    if (!r || r->status == store::RunStatus::Queued || r->status == store::RunStatus::Running)
      return false;
  }
  return true;
}

}  // namespace d500::studio
