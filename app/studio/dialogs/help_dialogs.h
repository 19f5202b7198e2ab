// Help > User Guide (F1): how the studio is used, in a few sections; and Help > Keyboard
// Shortcuts: every action of the window that has a shortcut, read from the actions themselves
// (so the list cannot go stale), with the menu it is in.
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QWidget;

namespace d500::studio {

struct ShortcutRow {
  QString action;    // the action's text without its mnemonic ("Save Project")
  QString shortcut;  // every shortcut of it, in the platform's notation ("Ctrl+S")
  QString menu;      // the top-level menu it is in ("File"); "" when in none
};

// The actions of `window` (its children, and its menus') that have a shortcut, sorted by menu
// and then by text.
QList<ShortcutRow> shortcutRows(const QWidget* window);

class UserGuideDialog : public QDialog {
  Q_OBJECT
 public:
  explicit UserGuideDialog(QWidget* parent = nullptr);
  static QString guideHtml();  // the guide's text (tests)
};

class ShortcutsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit ShortcutsDialog(const QWidget* window, QWidget* parent = nullptr);
};

}  // namespace d500::studio
