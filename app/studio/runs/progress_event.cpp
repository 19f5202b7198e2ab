#include "runs/progress_event.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace d500::studio {

ProgressEvent ProgressEvent::parse(const QByteArray& line) {
  ProgressEvent e;
  const QByteArray trimmed = line.trimmed();
  if (!trimmed.startsWith('{')) return e;
  const QJsonDocument doc = QJsonDocument::fromJson(trimmed);
  if (!doc.isObject()) return e;
  const QJsonObject o = doc.object();
  const QString event = o.value(QStringLiteral("event")).toString();
  e.runId = o.value(QStringLiteral("run_id")).toInteger();
  if (event == QLatin1String("run_started")) {
    e.type = Type::RunStarted;
    e.name = o.value(QStringLiteral("name")).toString();
  } else if (event == QLatin1String("progress")) {
    e.type = Type::Progress;
    e.done = o.value(QStringLiteral("done")).toInteger();
    e.total = o.value(QStringLiteral("total")).toInteger();
    e.subject = o.value(QStringLiteral("subject")).toString();
    e.samples = o.value(QStringLiteral("samples")).toInteger();
    e.relCi = o.value(QStringLiteral("rel_ci")).toDouble();
  } else if (event == QLatin1String("run_finished")) {
    e.type = Type::RunFinished;
    e.status = o.value(QStringLiteral("status")).toString();
    e.exitCode = o.value(QStringLiteral("exit_code")).toInt();
    e.reason = o.value(QStringLiteral("reason")).toString();
  }
  return e;
}

}  // namespace d500::studio
