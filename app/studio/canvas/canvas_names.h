// The canvas's names for core's component kinds (spec/components.h), in the UI language: the
// kinds' titles ("Optimizer"), their ports ("schedule") and the types that flow along wires
// ("Schedule"). Core keeps them in English; a name not listed here is shown as core wrote it.
// Threading: any thread.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <string>

namespace d500::studio {

class CanvasNames {
  Q_DECLARE_TR_FUNCTIONS(CanvasNames)

 public:
  static QString kind(const std::string& title);  // "Stop conditions"
  static QString port(const QString& name);       // "batch sizes"
  static QString type(const QString& type);       // "BatchSizes"
};

}  // namespace d500::studio
