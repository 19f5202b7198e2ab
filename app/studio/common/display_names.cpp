#include "common/display_names.h"

#include "common/locale_format.h"

namespace d500::studio {

QString DisplayNames::runStatus(store::RunStatus s) {
  using store::RunStatus;
  switch (s) {
    case RunStatus::Queued:
      return tr("queued");
    case RunStatus::Running:
      return tr("running");
    case RunStatus::Succeeded:
      return tr("succeeded");
    case RunStatus::Failed:
      return tr("failed");
    case RunStatus::Crashed:
      return tr("crashed");
    case RunStatus::Interrupted:
      return tr("interrupted");
    case RunStatus::Cancelled:
      return tr("cancelled");
  }
  return QString();
}

QString DisplayNames::runStatus(const QString& stored) {
  if (const auto s = store::run_status_from_name(stored.toStdString())) return runStatus(*s);
  return stored;
}

QString DisplayNames::level(const QString& stored) {
  if (stored == QLatin1String("operator")) return tr("operator");
  if (stored == QLatin1String("network")) return tr("network");
  if (stored == QLatin1String("training")) return tr("training");
  if (stored == QLatin1String("distributed")) return tr("distributed");
  if (stored == QLatin1String("collective")) return tr("collective");
  return stored;
}

QString DisplayNames::time(double secondsSinceEpoch) {
  return LocaleFormat::dateTime(secondsSinceEpoch);
}

}  // namespace d500::studio
