// What one small multiple of a dashboard draws: a quantity with its own y axis and unit, and the
// stored series that make its lines (each in every chosen seed's or rank's colour, told apart by
// line style). Declared by the dashboard kinds (training_dashboard.cpp, distributed_dashboard.cpp).
#pragma once

#include <QString>
#include <string>
#include <vector>

namespace d500::studio {

struct PanelLine {
  enum class Draw { Line, FaintRaw, Ema };
  std::string series;  // the stored name, without a seed suffix ("loss", "test_accuracy")
  QString label;       // the panel legend's text for this line ("test accuracy (per epoch)")
  Qt::PenStyle style = Qt::SolidLine;
  Draw draw = Draw::Line;
};

struct PanelSpec {
  // Values as stored, and as the axis shows them: fractions as percent, seconds and bytes in the
  // unit that suits their size.
  enum class Unit { Plain, Percent, Seconds, Bytes, PerSecond };
  QString id;        // object name of the panel ("loss", "accuracy", "comm_bytes"), for tests
  QString title;     // "Loss"
  QString quantity;  // the y axis title before its unit ("loss", "accuracy")
  Unit unit = Unit::Plain;
  std::vector<PanelLine> lines;
  bool showsTarget = false;  // draws the run's target accuracy as a line (the accuracy panel)
};

}  // namespace d500::studio
