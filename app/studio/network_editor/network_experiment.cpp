#include "network_editor/network_experiment.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include "editor/level_templates.h"

namespace d500::studio {

QByteArray networkExperimentJson(const QString& modelPath, bool hasLoss) {
  const QFileInfo model(modelPath);
  Json e = {{"d500", 1},
            {"name", (model.completeBaseName() + QStringLiteral("-network")).toStdString()}};
  e["description"] =
      QCoreApplication::translate("d500::studio::NetworkExperiment",
                                  "The network editor's model %1 on the reference executor")
          .arg(model.fileName())
          .toStdString();
  e = LevelTemplates::switchLevel(e, QStringLiteral("network"));
  Json& n = e["network"];
  n["model"] = model.fileName().toStdString();
  n["batch_sizes"] = {1, 16};
  if (!hasLoss) {
    n["training"] = false;
    n.erase("loss");
  }
  return QByteArray::fromStdString(e.dump(2) + "\n");
}

QString writeNetworkExperiment(const QString& modelPath, bool hasLoss, QString* error) {
  const QFileInfo model(modelPath);
  const QString path = model.absolutePath() + QLatin1Char('/') + model.completeBaseName() +
                       QStringLiteral("_network.json");
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
      f.write(networkExperimentJson(modelPath, hasLoss)) < 0) {
    *error = QCoreApplication::translate("d500::studio::NetworkExperiment", "Cannot write %1: %2")
                 .arg(path, f.errorString());
    return QString();
  }
  return path;
}

}  // namespace d500::studio
