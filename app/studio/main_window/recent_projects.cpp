#include "main_window/recent_projects.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace d500::studio {

namespace {
constexpr char kKey[] = "recentProjects";
}

RecentProjects::RecentProjects(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu) {
  rebuildMenu();
}

void RecentProjects::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList l = QSettings().value(QLatin1String(kKey)).toStringList();
  l.removeAll(absolute);
  l.prepend(absolute);
  while (l.size() > kMaxEntries) l.removeLast();
  QSettings().setValue(QLatin1String(kKey), l);
  rebuildMenu();
}

QStringList RecentProjects::list() const {
  QStringList existing;
  for (const QString& p : QSettings().value(QLatin1String(kKey)).toStringList())
    if (QFileInfo::exists(p)) existing << p;
  return existing;
}

void RecentProjects::clear() {
  QSettings().remove(QLatin1String(kKey));
  rebuildMenu();
}

void RecentProjects::rebuildMenu() {
  menu_->clear();
  const QStringList l = list();
  for (int i = 0; i < l.size(); ++i) {
    // &1..&9 give keyboard access to the first nine.
    const QString label =
        i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(l[i]))
              : QDir::toNativeSeparators(l[i]);
    QAction* a = menu_->addAction(label);
    const QString path = l[i];
    connect(a, &QAction::triggered, this, [this, path] { Q_EMIT openRequested(path); });
  }
  if (!l.isEmpty()) menu_->addSeparator();
  QAction* clearAction = menu_->addAction(tr("Clear list"));
  clearAction->setEnabled(!l.isEmpty());
  connect(clearAction, &QAction::triggered, this, &RecentProjects::clear);
}

}  // namespace d500::studio
