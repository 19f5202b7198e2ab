// Keeps the mouse wheel from changing a value by accident: over a combo box, spin box or slider
// that does not have the keyboard focus, the wheel scrolls the form around it instead of
// changing the value (which the user did not mean to edit). Click or tab into the field first to
// use the wheel on it. Installed once on the application (MainWindow does it).
// Threading: GUI thread.
#pragma once

#include <QObject>

namespace d500::studio {

class WheelGuard : public QObject {
  Q_OBJECT
 public:
  using QObject::QObject;
  // Installs one guard on qApp (a second call does nothing). The guard is the application's child.
  static void installOnApplication();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace d500::studio
