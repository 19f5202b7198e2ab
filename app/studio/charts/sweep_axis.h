// Where a sweep point sits on the x axis. A sweep over one numeric variable (N = 64, 128, ...)
// is drawn against that variable; any other sweep (problem lists, several variables, names) gets
// one category per point, labelled with the point's shape ("K=440 M=440 N=16"), in the order of
// the experiment's problem list (then in the order the points came).
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace d500::studio {

class SweepAxis {
 public:
  // `pointJsons[i]` is a measurement's sweep point ({"N":64}); `subjects[i]` its subject (the
  // label of a point that is not an object). `order`: the experiment's points as listed.
  static SweepAxis fromPoints(const QStringList& pointJsons, const QStringList& subjects,
                              const QStringList& order = {});
  // A point's shape as its label: "K=440 M=440 N=16" (keys sorted); "" when the point is not an
  // object of numbers (its subject labels it then).
  static QString shapeLabel(const QString& pointJson);
  // The points an experiment lists ("points", where a problem list is kept), from its JSON.
  static QStringList listedPoints(const QString& specJson);

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
