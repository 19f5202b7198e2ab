#include "graph/node_profile.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace d500::studio {

namespace {

QJsonObject pointOf(const store::MeasurementRow& m) {
  return QJsonDocument::fromJson(QByteArray::fromStdString(m.point_json)).object();
}

}  // namespace

double NodeTimes::totalNs() const {
  double t = 0;
  for (const NodePass& p : passes) t += p.medianNs;
  return t;
}

double NodeGroup::share(const QString& node) const {
  auto it = nodes.find(node);
  return it == nodes.end() || totalNs <= 0 ? 0 : it->second.totalNs() / totalNs;
}

QString NodeGroup::slowest() const {
  QString best;
  double bestNs = -1;
  for (const auto& [name, times] : nodes)
    if (times.totalNs() > bestNs) {
      bestNs = times.totalNs();
      best = name;
    }
  return best;
}

NodeProfile NodeProfile::fromStore(const store::ResultStore& s, qint64 runId) {
  NodeProfile p;
  std::map<int64_t, std::pair<QString, QString>> nodeOf;  // measurement id -> executor, node
  std::map<std::string, std::pair<QString, QString>> bySubject;
  for (const store::MeasurementRow& m : s.measurements(runId)) {
    const QJsonObject point = pointOf(m);
    if (point.value(QStringLiteral("kind")).toString() != QLatin1String("node") || !m.error.empty())
      continue;
    const QString executor = QString::fromStdString(m.implementation);
    const QString node = point.value(QStringLiteral("node")).toString();
    NodeGroup& g = p.groups_[executor][point.value(QStringLiteral("group")).toString()];
    if (!p.executorOrder_.contains(executor)) p.executorOrder_ << executor;
    g.executor = executor;
    g.group = point.value(QStringLiteral("group")).toString();
    NodeTimes& t = g.nodes[node];
    t.node = node;
    t.opType = point.value(QStringLiteral("op_type")).toString();
    t.passes << NodePass{point.value(QStringLiteral("pass")).toString(),
                         m.median,
                         m.ci_lo,
                         m.ci_hi,
                         m.ci_valid,
                         m.n,
                         m.bytes};
    g.totalNs += m.median;
    p.hasMemory_ = p.hasMemory_ || m.bytes > 0;
    nodeOf[m.id] = {executor, node};
    bySubject[m.subject] = {executor, node};
  }
  for (const store::ValidationRow& v : s.validations(runId)) {
    auto it = nodeOf.find(v.measurement_id);
    const std::pair<QString, QString>* owner = it != nodeOf.end() ? &it->second : nullptr;
    if (!owner)
      if (auto byName = bySubject.find(v.subject); byName != bySubject.end())
        owner = &byName->second;
    if (!owner) continue;
    NodeValidation& out = p.validation_[owner->first][owner->second];
    // The worst of a node's validations is its error.
    if (out.metric.isEmpty() || v.value > out.value)
      out = {QString::fromStdString(v.metric), v.value, v.tolerance, v.passed};
  }
  return p;
}

QStringList NodeProfile::executors() const {
  return executorOrder_;
}

QStringList NodeProfile::groups(const QString& executor) const {
  QStringList out;
  if (auto it = groups_.find(executor); it != groups_.end())
    for (const auto& [name, g] : it->second) out << name;
  return out;
}

const NodeGroup* NodeProfile::find(const QString& executor, const QString& group) const {
  auto it = groups_.find(executor);
  if (it == groups_.end()) return nullptr;
  auto g = it->second.find(group);
  return g == it->second.end() ? nullptr : &g->second;
}

const std::map<QString, NodeValidation>* NodeProfile::validation(const QString& executor) const {
  auto it = validation_.find(executor);
  return it == validation_.end() ? nullptr : &it->second;
}

}  // namespace d500::studio
