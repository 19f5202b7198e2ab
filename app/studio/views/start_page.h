// What the central area shows while no tab is open (issue 35 item 3): the first things to do,
// each a large button that triggers one of the window's actions, so the page and the menus can
// never disagree on what a step does.
// Threading: GUI thread.
#pragma once

#include <QList>
#include <QWidget>

class QAbstractButton;
class QAction;
class QVBoxLayout;

namespace d500::studio {

class StartPage : public QWidget {
  Q_OBJECT
 public:
  explicit StartPage(QWidget* parent = nullptr);

  // A button titled `title`, `description` beneath it; clicking it triggers `action` (not owned;
  // it must outlive the page). Entries appear in the order they are added.
  void addEntry(QAction* action, const QString& title, const QString& description);
  QList<QAction*> entries() const { return actions_; }
  QAbstractButton* buttonFor(QAction* action) const;  // nullptr when not an entry

 private:
  QVBoxLayout* list_;
  QList<QAction*> actions_;
  QList<QAbstractButton*> buttons_;
};

}  // namespace d500::studio
