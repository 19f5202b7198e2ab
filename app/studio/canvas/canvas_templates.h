// Ready canvases to adjust (issue 17 item 3): each is a whole experiment built from the level's
// defaults (LevelTemplates) with the comparison it is named for; its layout is the canvas's
// auto-layout. Pure functions over the JSON.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "editor/json_path.h"

namespace d500::studio {

class CanvasTemplates {
  Q_DECLARE_TR_FUNCTIONS(CanvasTemplates)

 public:
  static QStringList ids();                 // "compare-implementations", ...
  static QString title(const QString& id);  // translated menu text
  // The experiment; an empty object for an unknown id.
  static Json experiment(const QString& id);
};

}  // namespace d500::studio
