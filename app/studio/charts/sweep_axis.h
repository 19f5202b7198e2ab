// Where a sweep point sits on the x axis. A sweep over one numeric variable (N = 64, 128, ...)
// is drawn against that variable; any other sweep (problem lists, several variables, names) gets
// one category per point, labelled with the point's subject, in the order the points came.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace d500::studio {

class SweepAxis {
 public:
  // `pointJsons[i]` is a measurement's sweep point ({"N":64}); `subjects[i]` its subject.
  static SweepAxis fromPoints(const QStringList& pointJsons, const QStringList& subjects);

  bool numeric() const { return numeric_; }
  // The variable's name when numeric, else "sweep point".
  QString title() const { return title_; }
  QStringList categories() const { return categories_; }  // empty when numeric
  // The x of a point (its variable's value, or its category index); NaN for an unknown point.
  double x(const QString& pointJson) const;
  // The point JSON written with sorted keys and no spaces, so spellings of one point compare
  // equal.
  static QString canonical(const QString& pointJson);

 private:
  bool numeric_ = false;
  QString title_;
  QStringList categories_;
  QMap<QString, double> x_;  // by canonical point
};

}  // namespace d500::studio
