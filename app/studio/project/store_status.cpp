#include "project/store_status.h"

#include <QFileInfo>

#include "d500/store/result_store.h"

namespace d500::studio {

StoreStatus StoreStatus::probe(const QString& storePath) {
  StoreStatus s;
  if (storePath.isEmpty() || !QFileInfo::exists(storePath)) {
    s.state = State::Missing;
    return s;
  }
  auto opened = d500::store::ResultStore::open(storePath.toStdString(),
                                               d500::store::ResultStore::Mode::ReadOnly);
  if (opened.ok()) {
    s.state = State::Ok;
    return s;
  }
  s.detail = QString::fromStdString(opened.error().to_string());
  // The store's refusal of a newer schema is the one error a user fixes by upgrading d500, so it
  // gets its own state; its text is the store's contract ("written by a newer d500").
  s.state = s.detail.contains(QLatin1String("newer d500")) ? State::Newer : State::Unreadable;
  return s;
}

QString StoreStatus::message(const QString& storePath) const {
  switch (state) {
    case State::Ok:
      return QString();
    case State::Missing:
      return tr("The result store %1 does not exist yet; the first run will create it.")
          .arg(storePath);
    case State::Newer:
      return tr("The result store %1 was written by a newer d500 and cannot be read by this "
                "version; its runs are not shown and new runs cannot be stored there. (%2)")
          .arg(storePath, detail);
    case State::Unreadable:
      return tr("The result store %1 cannot be read: %2").arg(storePath, detail);
  }
  return QString();
}

}  // namespace d500::studio
