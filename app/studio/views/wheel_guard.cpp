#include "views/wheel_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QPointer>
#include <QScrollBar>
#include <QWheelEvent>
#include <QWidget>
#include <cstdlib>

namespace d500::studio {

namespace {

// The value widget a wheel event over `w` would change: the widget itself, or the spin box
// whose line edit it is.
QWidget* valueWidget(QObject* o) {
  auto* w = qobject_cast<QWidget*>(o);
  for (int depth = 0; w && depth < 2; ++depth, w = w->parentWidget())
    if (qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w) ||
        qobject_cast<QAbstractSlider*>(w))
      return w;
  return nullptr;
}

}  // namespace

void WheelGuard::installOnApplication() {
  static QPointer<WheelGuard> guard;
  if (guard || !qApp) return;
  guard = new WheelGuard(qApp);
  qApp->installEventFilter(guard);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::Wheel) return false;
  QWidget* w = valueWidget(watched);
  // A scroll bar is a slider too, but scrolling it is what the wheel is for.
  if (!w || w->hasFocus() || w->inherits("QScrollBar")) return false;
  // Not the field's: the wheel scrolls the scroll area that holds the form, if there is one.
  w->setFocusPolicy(Qt::StrongFocus);
  auto* wheel = static_cast<QWheelEvent*>(event);
  for (QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
    auto* area = qobject_cast<QAbstractScrollArea*>(p);
    if (!area) continue;
    const QPoint d = wheel->angleDelta();
    QScrollBar* bar =
        std::abs(d.x()) > std::abs(d.y()) ? area->horizontalScrollBar() : area->verticalScrollBar();
    if (bar && bar->isVisible()) QApplication::sendEvent(bar, event);
    break;
  }
  return true;
}

}  // namespace d500::studio
