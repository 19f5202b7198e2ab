#include "runs/run_command.h"

#include <QCoreApplication>

namespace d500::studio {

LaunchSpec launchSpecOf(const Json& experiment) {
  LaunchSpec l;
  const Json launcher = JsonPath{QStringLiteral("launcher")}.get(experiment, Json::object());
  if (!launcher.is_object()) return l;
  l.kind = QString::fromStdString(launcher.value("kind", std::string("local")));
  l.ranks = launcher.value("ranks", 1);
  for (const char* key : {"hosts", "extra_args"}) {
    const Json list = launcher.value(key, Json::array());
    QStringList& dst = std::string(key) == "hosts" ? l.hosts : l.extraArgs;
    if (list.is_array())
      for (const Json& s : list)
        if (s.is_string()) dst << QString::fromStdString(s.get<std::string>());
  }
  return l;
}

bool RunCommand::build(const QString& runner, const QString& mpirun, const QString& experimentFile,
                       const QString& storePath, const LaunchSpec& launch, bool asRoot,
                       RunCommand* out, QString* error) {
  if (runner.isEmpty()) {
    *error = tr("The runner (d500) was not found; set D500_RUNNER to its path.");
    return false;
  }
  if (!launch.command.isEmpty()) {
    out->program = runner;
    out->arguments = QStringList{QStringLiteral("--db"), storePath} + launch.command +
                     QStringList{QStringLiteral("--progress=json")};
    return true;
  }
  QStringList runArgs = {QStringLiteral("run"), experimentFile, QStringLiteral("--db"), storePath,
                         QStringLiteral("--progress=json")};
  if (launch.source) runArgs << QStringLiteral("--source") << *launch.source;
  RunCommand c;
  if (launch.kind == QLatin1String("local")) {
    c.program = runner;
    c.arguments = runArgs;
  } else if (launch.kind == QLatin1String("mpi")) {
    if (mpirun.isEmpty()) {
      *error =
          tr("This experiment runs under MPI, but mpirun was not found on PATH (set "
             "D500_MPIRUN to its path).");
      return false;
    }
    c.program = mpirun;
    c.arguments << QStringLiteral("-np") << QString::number(qMax(1, launch.ranks));
    if (!launch.hosts.isEmpty())
      c.arguments << QStringLiteral("--host") << launch.hosts.join(QLatin1Char(','));
    // Open MPI refuses root without these; a container or CI box often runs as root, and with
    // more ranks than cores it also needs oversubscription.
    if (asRoot)
      c.arguments << QStringLiteral("--allow-run-as-root") << QStringLiteral("--oversubscribe");
    c.arguments << launch.extraArgs << runner << runArgs;
  } else {
    *error = tr("The launcher \"%1\" cannot be started with mpirun or locally.").arg(launch.kind);
    return false;
  }
  *out = c;
  return true;
}

bool RunCommand::buildSlurm(const QString& runner, const QString& experimentFile,
                            const QString& storePath, const LaunchSpec& launch,
                            const ClusterDefaults& cluster, const QString& jobDir, RunCommand* out,
                            QString* error) {
  if (runner.isEmpty()) {
    *error = tr("The runner (d500) was not found; set D500_RUNNER to its path.");
    return false;
  }
  RunCommand c;
  c.program = runner;
  c.arguments << QStringLiteral("--json") << QStringLiteral("--db") << storePath
              << QStringLiteral("job") << QStringLiteral("--submit") << experimentFile
              << QStringLiteral("--nodes") << QStringLiteral("1")
              << QStringLiteral("--tasks-per-node") << QString::number(qMax(1, launch.ranks))
              << QStringLiteral("--job-dir") << jobDir;
  if (!cluster.time.isEmpty()) c.arguments << QStringLiteral("--time") << cluster.time;
  if (!cluster.partition.isEmpty())
    c.arguments << QStringLiteral("--partition") << cluster.partition;
  if (!cluster.account.isEmpty()) c.arguments << QStringLiteral("--account") << cluster.account;
  for (const QString& m : cluster.modules) c.arguments << QStringLiteral("--module") << m;
  for (const QString& l : cluster.sbatchLines) c.arguments << QStringLiteral("--sbatch=") + l;
  *out = c;
  return true;
}

}  // namespace d500::studio
