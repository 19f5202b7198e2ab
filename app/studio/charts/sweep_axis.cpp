#include "charts/sweep_axis.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <limits>

namespace d500::studio {

QString SweepAxis::canonical(const QString& pointJson) {
  const QJsonDocument d = QJsonDocument::fromJson(pointJson.toUtf8());
  if (!d.isObject()) return pointJson;
  return QString::fromUtf8(d.toJson(QJsonDocument::Compact));  // QJsonObject keeps keys sorted
}

QString SweepAxis::shapeLabel(const QString& pointJson) {
  const QJsonDocument d = QJsonDocument::fromJson(pointJson.toUtf8());
  if (!d.isObject()) return {};
  QStringList parts;
  const QJsonObject o = d.object();
  for (auto it = o.begin(); it != o.end(); ++it) {
    if (!it.value().isDouble()) return {};  // not a shape: a name, a kind, a list
    const QString value = QString::number(it.value().toDouble(), 'g', 12);
    parts.append(it.key() + QLatin1Char('=') + value);
  }
  return parts.join(QLatin1Char(' '));
}

QStringList SweepAxis::listedPoints(const QString& specJson) {
  QStringList out;
  const QJsonObject spec = QJsonDocument::fromJson(specJson.toUtf8()).object();
  for (const auto& p : spec.value(QStringLiteral("points")).toArray())
    out.append(QString::fromUtf8(QJsonDocument(p.toObject()).toJson(QJsonDocument::Compact)));
  return out;
}

SweepAxis SweepAxis::fromPoints(const QStringList& pointJsons, const QStringList& subjects,
                                const QStringList& order) {
  SweepAxis a;
  QList<QJsonObject> points;
  QStringList keys;  // canonical: the listed ones first, then in order of first appearance
  QStringList labels;
  QStringList seen;
  for (const QString& p : pointJsons) seen.append(canonical(p));
  QStringList wanted;
  for (const QString& o : order)
    if (seen.contains(canonical(o))) wanted.append(canonical(o));
  for (const QString& k : seen)
    if (!wanted.contains(k)) wanted.append(k);
  for (const QString& k : wanted) {
    if (keys.contains(k)) continue;
    const int i = static_cast<int>(seen.indexOf(k));
    keys.append(k);
    points.append(QJsonDocument::fromJson(k.toUtf8()).object());
    const QString shape = shapeLabel(k);
    labels.append(!shape.isEmpty()                                ? shape
                  : i < subjects.size() && !subjects[i].isEmpty() ? subjects[i]
                                                                  : k);
  }
  // The variables whose value differs between points; the sweep is numeric when exactly one
  // does, every point has it, and its values are numbers.
  QSet<QString> names;
  for (const auto& p : points)
    for (auto it = p.begin(); it != p.end(); ++it) names.insert(it.key());
  QStringList varying;
  for (const QString& n : names) {
    QSet<QString> values;
    for (const auto& p : points)
      values.insert(QString::fromUtf8(QJsonDocument(QJsonObject{{n, p.value(n)}}).toJson()));
    if (values.size() > 1 || names.size() == 1) varying.append(n);
  }
  if (varying.size() == 1) {
    const QString n = varying.front();
    bool allNumbers = !points.isEmpty();
    for (const auto& p : points) allNumbers = allNumbers && p.value(n).isDouble();
    if (allNumbers) {
      a.numeric_ = true;
      a.title_ = n;
      for (int i = 0; i < keys.size(); ++i) a.x_[keys[i]] = points[i].value(n).toDouble();
      return a;
    }
  }
  bool shapes = true;
  for (const QString& k : keys) shapes = shapes && !shapeLabel(k).isEmpty();
  a.title_ = shapes ? QCoreApplication::translate("SweepAxis", "problem (shape)")
                    : QCoreApplication::translate("SweepAxis", "sweep point");
  for (int i = 0; i < keys.size(); ++i) {
    a.x_[keys[i]] = i;
    a.categories_.append(labels[i]);
  }
  return a;
}

double SweepAxis::x(const QString& pointJson) const {
  return x_.value(canonical(pointJson), std::numeric_limits<double>::quiet_NaN());
}

}  // namespace d500::studio
