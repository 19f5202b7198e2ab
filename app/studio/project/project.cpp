#include "project/project.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace d500::studio {

namespace {

QString absoluteFrom(const QDir& base, const QString& path) {
  if (path.isEmpty()) return path;
  return QDir::cleanPath(base.absoluteFilePath(path));
}

QString relativeTo(const QDir& base, const QString& absolute) {
  if (absolute.isEmpty()) return absolute;
  return base.relativeFilePath(absolute);
}

}  // namespace

QString ProjectExperiment::displayName() const {
  if (isEmbedded()) return embedded.value(QStringLiteral("name")).toString();
  return QFileInfo(path).completeBaseName();
}

Project Project::createNew(const QString& projectFile) {
  Project p;
  QFileInfo fi(projectFile);
  p.name = fi.completeBaseName();
  p.storePath = QDir::cleanPath(
      fi.absoluteDir().absoluteFilePath(fi.completeBaseName() + QStringLiteral(".d500db")));
  return p;
}

bool Project::fromJson(const QJsonObject& json, const QString& projectFile, Project* out,
                       QString* error, QString* warning) {
  const QDir base = QFileInfo(projectFile).absoluteDir();
  const QJsonValue format = json.value(QStringLiteral("d500_project"));
  if (!format.isDouble()) {
    *error = tr("%1 is not a d500 project (no \"d500_project\" format number)").arg(projectFile);
    return false;
  }
  // A newer format may hold things this build does not know: read what it understands, and
  // say so, rather than refusing the whole project.
  if (format.toInt() > kFormat && warning)
    *warning = tr("%1 was written by a newer d500 (project format %2; this build reads %3). "
                  "Opened what this version understands; saving may drop the rest.")
                   .arg(projectFile)
                   .arg(format.toInt())
                   .arg(kFormat);
  Project p;
  p.name = json.value(QStringLiteral("name")).toString(QFileInfo(projectFile).completeBaseName());
  p.storePath = absoluteFrom(base, json.value(QStringLiteral("store")).toString());
  for (const QJsonValue& v : json.value(QStringLiteral("experiments")).toArray()) {
    const QJsonObject o = v.toObject();
    ProjectExperiment e;
    if (o.contains(QStringLiteral("embedded")))
      e.embedded = o.value(QStringLiteral("embedded")).toObject();
    else
      e.path = absoluteFrom(base, o.value(QStringLiteral("path")).toString());
    if (e.path.isEmpty() && e.embedded.isEmpty()) continue;  // nothing to show
    e.canvas = o.value(QStringLiteral("canvas")).toObject();
    p.experiments.append(e);
  }
  for (const QJsonValue& v : json.value(QStringLiteral("charts")).toArray()) {
    const QJsonObject o = v.toObject();
    ProjectChart c;
    c.kind = o.value(QStringLiteral("kind")).toString();
    for (const QJsonValue& id : o.value(QStringLiteral("runs")).toArray())
      c.runIds.append(id.toInteger());
    c.settings = o.value(QStringLiteral("settings")).toObject();
    p.charts.append(c);
  }
  p.layout = json.value(QStringLiteral("layout")).toObject();
  *out = std::move(p);
  return true;
}

QJsonObject Project::toJson(const QString& projectFile) const {
  const QDir base = QFileInfo(projectFile).absoluteDir();
  QJsonObject json;
  json.insert(QStringLiteral("d500_project"), kFormat);
  json.insert(QStringLiteral("name"), name);
  json.insert(QStringLiteral("store"), relativeTo(base, storePath));
  QJsonArray exps;
  for (const ProjectExperiment& e : experiments) {
    QJsonObject o;
    if (e.isEmbedded())
      o.insert(QStringLiteral("embedded"), e.embedded);
    else
      o.insert(QStringLiteral("path"), relativeTo(base, e.path));
    if (!e.canvas.isEmpty()) o.insert(QStringLiteral("canvas"), e.canvas);
    exps.append(o);
  }
  json.insert(QStringLiteral("experiments"), exps);
  QJsonArray charts_json;
  for (const ProjectChart& c : charts) {
    QJsonArray ids;
    for (qint64 id : c.runIds) ids.append(id);
    charts_json.append(QJsonObject{{QStringLiteral("kind"), c.kind},
                                   {QStringLiteral("runs"), ids},
                                   {QStringLiteral("settings"), c.settings}});
  }
  json.insert(QStringLiteral("charts"), charts_json);
  json.insert(QStringLiteral("layout"), layout);
  return json;
}

bool Project::load(const QString& projectFile, Project* out, QString* error, QString* warning) {
  // Only regular files of a sane size: a FIFO would block the window for ever, a device never end.
  const QFileInfo info(projectFile);
  if (info.exists() && !info.isFile()) {
    *error = tr("Cannot open the project %1: it is not a regular file").arg(projectFile);
    return false;
  }
  constexpr qint64 kMaxProjectBytes = qint64{64} << 20;
  if (info.size() > kMaxProjectBytes) {
    *error = tr("Cannot open the project %1: it is %2 bytes; at most %3 are read")
                 .arg(projectFile)
                 .arg(info.size())
                 .arg(kMaxProjectBytes);
    return false;
  }
  QFile f(projectFile);
  if (!f.open(QIODevice::ReadOnly)) {
    *error = tr("Cannot open the project %1: %2").arg(projectFile, f.errorString());
    return false;
  }
  QJsonParseError pe;
  const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
  if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
    *error = tr("%1 is not valid JSON (at offset %2: %3)")
                 .arg(projectFile)
                 .arg(pe.offset)
                 .arg(pe.errorString());
    return false;
  }
  return fromJson(doc.object(), QFileInfo(projectFile).absoluteFilePath(), out, error, warning);
}

bool Project::save(const QString& projectFile, QString* error) const {
  // QSaveFile: a crash or a full disk while saving leaves the previous project intact.
  QSaveFile f(projectFile);
  if (!f.open(QIODevice::WriteOnly)) {
    *error = tr("Cannot write the project %1: %2").arg(projectFile, f.errorString());
    return false;
  }
  f.write(QJsonDocument(toJson(QFileInfo(projectFile).absoluteFilePath()))
              .toJson(QJsonDocument::Indented));
  if (!f.commit()) {
    *error = tr("Cannot write the project %1: %2").arg(projectFile, f.errorString());
    return false;
  }
  return true;
}

}  // namespace d500::studio
