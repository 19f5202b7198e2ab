// A d500 project (*.d500proj): the experiments a user works on, the result store their runs go
// to, the charts that were open and the window layout. Pure data with JSON I/O (QtCore only, no
// widgets), so the file format is testable without a display.
//
// Paths are kept absolute in memory and written relative to the project file, so that a project
// folder can be moved and "Save As" into another folder rebases them.
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace d500::studio {

// One experiment of the project: a file on disk, or an experiment embedded in the project file.
struct ProjectExperiment {
  QString path;          // absolute path of the experiment file; empty when embedded
  QJsonObject embedded;  // the experiment itself when it lives in the project file
  QJsonObject canvas;    // its experiment canvas's layout (CanvasModel::layoutJson()); may be empty
  bool isEmbedded() const { return path.isEmpty(); }
  // The experiment's "name" when known without reading the file, else the file's base name.
  QString displayName() const;
  bool operator==(const ProjectExperiment&) const = default;
};

// A chart tab: its kind (a registered ChartKind's name), the runs it shows and its own settings
// (ChartTab::settings(), opaque here).
struct ProjectChart {
  QString kind;
  QList<qint64> runIds;
  QJsonObject settings;
  bool operator==(const ProjectChart&) const = default;
};

class Project {
  Q_DECLARE_TR_FUNCTIONS(Project)

 public:
  // The project file format this build writes ("d500_project": 1).
  static constexpr int kFormat = 1;

  QString name;
  QString storePath;  // absolute path of the SQLite result store (need not exist yet)
  QList<ProjectExperiment> experiments;
  QList<ProjectChart> charts;
  // Window and tab layout (opaque to the project: the main window writes and reads it).
  QJsonObject layout;

  // `projectFile` is the absolute path the JSON lives (or will live) at; relative paths are
  // resolved against its folder. Returns false with *error for what cannot be read at all; a
  // file from a newer d500 is read as far as understood and *warning says so.
  static bool fromJson(const QJsonObject& json, const QString& projectFile, Project* out,
                       QString* error, QString* warning = nullptr);
  QJsonObject toJson(const QString& projectFile) const;

  // File I/O. Errors name the path.
  static bool load(const QString& projectFile, Project* out, QString* error,
                   QString* warning = nullptr);
  bool save(const QString& projectFile, QString* error) const;

  // A new, empty project whose store sits beside the project file ("<base>.d500db").
  static Project createNew(const QString& projectFile);

  bool operator==(const Project&) const = default;
};

}  // namespace d500::studio
