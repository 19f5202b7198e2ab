// The recently opened projects, most recent first, kept in QSettings ("recentProjects") and
// shown in File > Recent Projects. Projects that no longer exist are dropped when listed.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace d500::studio {

class RecentProjects : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMaxEntries = 10;

  // `menu` is filled and kept up to date (owned by the caller). Ownership: parent.
  RecentProjects(QMenu* menu, QObject* parent = nullptr);

  void add(const QString& path);
  QStringList list() const;
  void clear();

 Q_SIGNALS:
  void openRequested(const QString& path);

 private:
  void rebuildMenu();

  QMenu* menu_;
};

}  // namespace d500::studio
