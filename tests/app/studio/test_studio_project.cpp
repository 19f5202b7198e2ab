// Issue 6, item 2: project files. A project written and read back is the same project (paths
// rebased when saved elsewhere); a project whose store is missing, was written by a newer d500
// or is not a store at all opens with a message saying so; a project file from a newer d500 is
// read as far as understood.
#include <sqlite3.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "d500/store/result_store.h"
#include "editor/experiment_document.h"
#include "main_window/project_controller.h"
#include "models/project_tree_model.h"
#include "project/project.h"
#include "project/store_status.h"
#include "studio_test_support.h"

using namespace d500::studio;

namespace {

Project sample(const QDir& dir) {
  Project p;
  p.name = QStringLiteral("sample");
  p.storePath = dir.filePath(QStringLiteral("data/results.d500db"));
  p.experiments << ProjectExperiment{dir.filePath(QStringLiteral("exp/gemm.json")), {}};
  p.experiments << ProjectExperiment{
      QString(), QJsonObject{{QStringLiteral("name"), QStringLiteral("inline")},
                             {QStringLiteral("level"), QStringLiteral("operator")}}};
  p.charts << ProjectChart{
      QStringLiteral("sweep"), {1, 2}, QJsonObject{{QStringLiteral("log_y"), true}}};
  p.charts << ProjectChart{QStringLiteral("timings"), {3}, {}};
  p.layout = QJsonObject{{QStringLiteral("current_tab"), 1}};
  return p;
}

QString writeFile(const QString& path, const QByteArray& content) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile f(path);
  f.open(QIODevice::WriteOnly);
  f.write(content);
  return path;
}

// A real store (made by the store itself), then marked as written by a future schema.
QString newerStore(const QDir& dir) {
  const QString path = dir.filePath(QStringLiteral("future.d500db"));
  {
    auto s = d500::store::ResultStore::open(path.toStdString(),
                                            d500::store::ResultStore::Mode::ReadWrite);
  }
  sqlite3* db = nullptr;
  sqlite3_open(path.toUtf8().constData(), &db);
  sqlite3_exec(db, "PRAGMA user_version = 9999", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  return path;
}

}  // namespace

class ProjectTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void roundTrip() {
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    const Project p = sample(dir);
    const QString file = dir.filePath(QStringLiteral("p.d500proj"));
    QString error;
    QVERIFY2(p.save(file, &error), qPrintable(error));
    Project back;
    QVERIFY2(Project::load(file, &back, &error), qPrintable(error));
    QVERIFY(back == p);
    // Paths are stored relative to the project file.
    QFile f(file);
    f.open(QIODevice::ReadOnly);
    const QJsonObject json = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(json.value(QStringLiteral("store")).toString(), QStringLiteral("data/results.d500db"));
    QCOMPARE(json.value(QStringLiteral("experiments"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("path"))
                 .toString(),
             QStringLiteral("exp/gemm.json"));
  }

  void saveAsElsewhereRebasesPaths() {
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    const Project p = sample(dir);
    const QString file = dir.filePath(QStringLiteral("deeper/below/p.d500proj"));
    QDir().mkpath(QFileInfo(file).absolutePath());
    QString error;
    QVERIFY(p.save(file, &error));
    Project back;
    QVERIFY(Project::load(file, &back, &error));
    QCOMPARE(back.storePath, p.storePath);
    QCOMPARE(back.experiments.first().path, p.experiments.first().path);
  }

  void newerProjectFormatOpensWithAWarning() {
    QTemporaryDir tmp;
    const QString file =
        writeFile(tmp.filePath(QStringLiteral("n.d500proj")),
                  R"({"d500_project": 7, "name": "future", "store": "s.d500db", "hologram": {},
                                       "experiments": [{"path": "a.json"}]})");
    Project p;
    QString error, warning;
    QVERIFY(Project::load(file, &p, &error, &warning));
    QVERIFY(warning.contains(QStringLiteral("newer d500")));
    QCOMPARE(p.experiments.size(), 1);
    QVERIFY(!Project::load(writeFile(tmp.filePath(QStringLiteral("x.d500proj")), "{\"name\": 1}"),
                           &p, &error));
    QVERIFY(error.contains(QStringLiteral("not a d500 project")));
    QVERIFY(
        !Project::load(writeFile(tmp.filePath(QStringLiteral("y.d500proj")), "{oops"), &p, &error));
    QVERIFY(!Project::load(tmp.filePath(QStringLiteral("missing.d500proj")), &p, &error));
  }

  void storeStatus() {
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    QCOMPARE(int(StoreStatus::probe(dir.filePath(QStringLiteral("none.d500db"))).state),
             int(StoreStatus::State::Missing));
    const StoreStatus newer = StoreStatus::probe(newerStore(dir));
    QCOMPARE(int(newer.state), int(StoreStatus::State::Newer));
    QVERIFY(newer.message(QStringLiteral("x")).contains(QStringLiteral("newer d500")));
    const QString junk = writeFile(dir.filePath(QStringLiteral("junk.d500db")),
                                   "this is not sqlite at all, just text......");
    QCOMPARE(int(StoreStatus::probe(junk).state), int(StoreStatus::State::Unreadable));
    const QString good = dir.filePath(QStringLiteral("good.d500db"));
    {
      auto s = d500::store::ResultStore::open(good.toStdString(),
                                              d500::store::ResultStore::Mode::ReadWrite);
    }
    QCOMPARE(int(StoreStatus::probe(good).state), int(StoreStatus::State::Ok));
  }

  void controllerOpensWhatItCan() {
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    writeFile(dir.filePath(QStringLiteral("gemm.json")), R"({"d500": 1, "name": "gemm-x"})");
    const QString file = writeFile(dir.filePath(QStringLiteral("p.d500proj")),
                                   R"({"d500_project": 1, "store": "missing.d500db",
                                       "experiments": [{"path": "gemm.json"}, {"path": "gone.json"}]})");
    ProjectController c;
    QSignalSpy opened(&c, &ProjectController::projectOpened);
    QVERIFY(c.open(file));
    QCOMPARE(opened.count(), 1);
    QCOMPARE(c.project().experiments.size(), 2);
    QCOMPARE(c.treeModel()->rowCount(), 2);
    QCOMPARE(c.treeModel()->experimentName(0), QStringLiteral("gemm-x"));
    const QString all = c.notices().join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QStringLiteral("does not exist yet")), qPrintable(all));  // the store
    QVERIFY2(all.contains(QStringLiteral("gone.json")), qPrintable(all));  // the experiment
    QVERIFY(!c.isModified());

    // A store from a newer d500: said so, the project still opens.
    const QString future = newerStore(dir);
    const QString file2 = writeFile(
        dir.filePath(QStringLiteral("f.d500proj")),
        QStringLiteral(
            R"({"d500_project": 1, "store": "%1", "experiments": [{"path": "gemm.json"}]})")
            .arg(QFileInfo(future).fileName())
            .toUtf8());
    QVERIFY(c.open(file2));
    QVERIFY(c.notices().join(QLatin1Char('\n')).contains(QStringLiteral("newer d500")));
    QCOMPARE(c.treeModel()->rowCount(), 1);

    // Nothing at all to open: false, and said why.
    QVERIFY(!c.open(dir.filePath(QStringLiteral("nothing.d500proj"))));
    QVERIFY(!c.notices().isEmpty());
  }

  void controllerSaveAndExperiments() {
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    ProjectController c;
    c.newProject();
    const int i = c.addEmbeddedExperiment(ExperimentDocument::blankExperiment());
    QVERIFY(c.isModified());
    QString error;
    QVERIFY(!c.save(&error));  // never saved: needs a name
    const QString file = dir.filePath(QStringLiteral("new.d500proj"));
    QVERIFY2(c.saveAs(file, &error), qPrintable(error));
    QVERIFY(!c.isModified());
    QCOMPARE(c.project().storePath, dir.filePath(QStringLiteral("new.d500db")));

    // An embedded experiment is run from a private copy, its problem list made absolute.
    Json j = ExperimentDocument::blankExperiment();
    j["problems"] = "problems/list.json";
    const QString runnable = c.runnableFile(i, j, &error);
    QVERIFY2(!runnable.isEmpty(), qPrintable(error));
    QFile f(runnable);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const Json written = Json::parse(f.readAll().toStdString());
    JCOMPARE(written["problems"],
             Json(dir.filePath(QStringLiteral("problems/list.json")).toStdString()));

    ProjectController again;
    QVERIFY(again.open(file));
    QCOMPARE(again.project(), c.project());
    std::unique_ptr<ExperimentDocument> doc(again.createDocument(0, &error));
    QVERIFY(doc);
    QVERIFY(doc->isEmbedded());
    QCOMPARE(doc->name(), QStringLiteral("new-experiment"));
  }

  // --store: the session uses the given store; saving the project keeps the store its file named.
  void sessionStoreIsNotWrittenIntoTheProject() {
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    ProjectController c;
    c.newProject();
    QString error;
    const QString file = dir.filePath(QStringLiteral("p.d500proj"));
    QVERIFY2(c.saveAs(file, &error), qPrintable(error));
    const QString own = c.project().storePath;

    ProjectController session;
    const QString other = dir.filePath(QStringLiteral("elsewhere/other.d500db"));
    QVERIFY(session.open(file, other));
    QVERIFY(session.usesSessionStore());
    QCOMPARE(session.project().storePath, other);
    session.addEmbeddedExperiment(ExperimentDocument::blankExperiment());
    QVERIFY2(session.save(&error), qPrintable(error));
    QCOMPARE(session.project().storePath, other);  // still this session's store

    ProjectController reopened;
    QVERIFY(reopened.open(file));
    QVERIFY(!reopened.usesSessionStore());
    QCOMPARE(reopened.project().storePath, own);
    QCOMPARE(reopened.project().experiments.size(), qsizetype(1));  // the edit was saved
  }
};

QTEST_MAIN(ProjectTest)
#include "test_studio_project.moc"
