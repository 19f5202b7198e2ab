// Where an axis's labelled ticks fall and how they are written. A logarithmic axis labels only
// the powers of its base: its range is fitted to the data so that a label sits near each end
// and no decade is spanned without data. Every label of one axis is written one way: plain
// decimals with the digits the tick step needs, or, where values are too large or small for
// that, exponent notation throughout (never "1e+06" beside "500000").
#pragma once

#include <QString>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
QT_END_NAMESPACE

namespace d500::studio {

class AxisTicks {
 public:
  struct LogRange {
    int base = 10;
    double lo = 1, hi = 10;
  };
  // The base and range of a log axis showing the positive values [lo, hi] (already padded):
  // base 2 under about two decades (1, 2, 4, 8 for N in {1, 4, 8}), else 10; an end moved out to
  // the next power of the base where that is near, so that it is labelled; at least two powers
  // inside.
  static LogRange fitLog(double lo, double hi);
  // A printf format for the labels of a linear axis with `ticks` ticks from lo to hi.
  static QString linearFormat(double lo, double hi, int ticks);
  // A printf format for the labels (the powers of `base`) of a log axis over [lo, hi].
  static QString logFormat(double lo, double hi, int base);
  // Sets `axis`'s label format for its current range (value and log axes; others untouched).
  static void applyFormat(QAbstractAxis* axis);
};

}  // namespace d500::studio
