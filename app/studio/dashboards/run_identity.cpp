#include "dashboards/run_identity.h"

#include <cmath>

namespace d500::studio {

bool RunIdentity::matches(const store::RunInfo& run) {
  const QString hash = QString::fromStdString(run.spec_hash);
  if (hash_.isEmpty()) {  // a new tab: bound to the run it found
    hash_ = hash;
    created_ = run.created_at;
  }
  return hash_ == hash && std::fabs(created_ - run.created_at) <= 1e-3;
}

QString RunIdentity::mismatchText(qint64 id) {
  return tr("Run %1 of this store is not the run this tab was made for (another experiment or "
            "another creation time): nothing of it is shown. Open the run from the project tree "
            "to see it.")
      .arg(id);
}

QJsonObject RunIdentity::toJson() const {
  if (hash_.isEmpty()) return {};
  return {{QStringLiteral("spec_hash"), hash_}, {QStringLiteral("created_at"), created_}};
}

bool RunIdentity::fromJson(const QJsonObject& json) {
  const QString hash = json.value(QStringLiteral("spec_hash")).toString();
  if (hash.isEmpty()) return false;
  hash_ = hash;
  created_ = json.value(QStringLiteral("created_at")).toDouble();
  return true;
}

}  // namespace d500::studio
