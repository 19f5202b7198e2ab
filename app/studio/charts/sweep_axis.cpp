#include "charts/sweep_axis.h"

#include <QCoreApplication>
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

SweepAxis SweepAxis::fromPoints(const QStringList& pointJsons, const QStringList& subjects) {
  SweepAxis a;
  QList<QJsonObject> points;
  QStringList keys;  // canonical, in order of first appearance
  QStringList labels;
  for (int i = 0; i < pointJsons.size(); ++i) {
    const QString k = canonical(pointJsons[i]);
    if (keys.contains(k)) continue;
    keys.append(k);
    points.append(QJsonDocument::fromJson(k.toUtf8()).object());
    labels.append(i < subjects.size() && !subjects[i].isEmpty() ? subjects[i] : k);
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
  a.title_ = QCoreApplication::translate("SweepAxis", "sweep point");
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
