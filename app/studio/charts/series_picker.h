// Which series (or seeds, or ranks) to draw: a button whose popup holds a search field, All and
// None, and a check box per name. The popup stays open while the user ticks boxes (a Qt::Popup
// closes only on a click outside it), unlike a QMenu, which closes on every pick.
// Threading: GUI thread.
#pragma once

#include <QColor>
#include <QList>
#include <QStringList>
#include <QToolButton>

QT_BEGIN_NAMESPACE
class QFrame;
class QLineEdit;
class QListWidget;
QT_END_NAMESPACE

namespace d500::studio {

class SeriesPicker : public QToolButton {
  Q_OBJECT
 public:
  // Ownership: parent.
  explicit SeriesPicker(const QString& text, QWidget* parent = nullptr);

  // The names to choose among (with a colour swatch each when `colors` has one); names kept
  // from before keep their check, new ones get `checkNew`. Reports no change.
  void setItems(const QStringList& names, const QList<QColor>& colors = {}, bool checkNew = true);
  void setChecked(const QStringList& names);  // reports no change
  QStringList items() const;
  QStringList checked() const;

  // For tests and the keyboard: the popup, its search field and All / None.
  QFrame* popup() const { return popup_; }
  void showPopup();
  void setFilter(const QString& text);
  void checkAll(bool on);  // the visible (filtered) items; reports the change
  QStringList visibleItems() const;

 Q_SIGNALS:
  // The user changed the checks.
  void checkedChanged(const QStringList& checked);

 private:
  QFrame* popup_;
  QLineEdit* search_;
  QListWidget* list_;
};

}  // namespace d500::studio
