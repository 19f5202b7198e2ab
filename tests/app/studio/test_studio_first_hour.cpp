// Issue 35, items 15 and 18, through the main window over a real project and store: Export Report
// covers the runs selected in the Project dock (not the current tab's run), and a training run
// that is still running and names a recipe says its verdict comes at the end instead of "No
// recipe: the experiment names none".
#include <QDir>
#include <QFile>
#include <QItemSelectionModel>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include "charts/chart_kind.h"
#include "charts/chart_tab.h"
#include "d500/store/result_store.h"
#include "dashboards/run_dashboard.h"
#include "main_window/chart_actions.h"
#include "main_window/main_window.h"
#include "main_window/project_controller.h"
#include "models/project_tree_model.h"
#include "views/project_dock.h"

using namespace d500::studio;
namespace store = d500::store;

namespace {

const QString kSource = QStringLiteral(D500_TEST_SOURCE_DIR);

// The example project copied to `dir` (its store is examples/example.d500db beside it).
QString copyExample(const QTemporaryDir& dir) {
  QDir().mkpath(dir.filePath(QStringLiteral("examples")));
  for (const QString& f :
       QDir(kSource + QStringLiteral("/resources/examples")).entryList(QDir::Files))
    QFile::copy(kSource + QStringLiteral("/resources/examples/") + f,
                dir.filePath(QStringLiteral("examples/") + f));
  return dir.filePath(QStringLiteral("examples/example.d500proj"));
}

// A run of `level` named `name` with one measurement; `finish` ends it as succeeded.
qint64 addRun(store::ResultStore& s, const std::string& name, const std::string& level,
              const std::string& spec, bool finish) {
  store::RunInfo r;
  r.name = name;
  r.level = level;
  r.spec_json = spec;
  r.spec_hash = store::sha256_hex(spec);
  r.environment_id = s.put_environment(R"({"cpu":{"model":"test"}})");
  const qint64 id = s.create_run(r);
  s.start_run(id);
  store::MeasurementRow m;
  m.run_id = id;
  m.subject = "Gemm N=64";
  m.implementation = "reference/default";
  m.point_json = R"({"N":64})";
  m.n = 3;
  m.median = m.ci_lo = m.ci_hi = 1000;
  s.add_measurement(m, std::vector<double>{1000, 1000, 1000});
  if (finish) s.finish_run(id, store::RunStatus::Succeeded, 0, "");
  return id;
}

void selectRuns(MainWindow& w, const QList<qint64>& ids) {
  QItemSelectionModel* sel = w.projectDock()->view()->selectionModel();
  sel->clearSelection();
  for (qint64 id : ids)
    sel->select(w.project()->treeModel()->indexOfRun(id),
                QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

QString readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace

class FirstHourTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("d500-tests")); }

  // Item 15: the report covers the runs selected in the Project dock, as its tooltip says.
  void reportCoversTheRunsSelectedInTheProjectDock() {
    QTemporaryDir dir;
    const QString project = copyExample(dir);
    {
      auto s = store::ResultStore::open(
                   dir.filePath(QStringLiteral("examples/example.d500db")).toStdString(),
                   store::ResultStore::Mode::ReadWrite)
                   .value();
      for (const char* name : {"first", "second", "third"})
        addRun(*s, name, "operator", R"({"d500":1})", true);
    }
    MainWindow w(false);
    QVERIFY(w.openProject(project));
    w.show();
    QTRY_VERIFY(w.project()->treeModel()->indexOfRun(3).isValid());
    QVERIFY(w.chartActions()->openRun(3, QStringLiteral("operator")));  // the current tab: run 3
    selectRuns(w, {1, 2});
    QCOMPARE(w.chartActions()->reportRuns(), QList<qint64>({1, 2}));
    const QString out = dir.filePath(QStringLiteral("report.html"));
    QVERIFY(w.chartActions()->writeReport(w.chartActions()->reportRuns(), out, false));
    const QString html = readAll(out);
    QVERIFY(html.contains(QStringLiteral("run 1 · first")));
    QVERIFY(html.contains(QStringLiteral("run 2 · second")));
    QVERIFY(!html.contains(QStringLiteral("run 3 · third")));
    // Nothing selected: the current tab's run.
    w.projectDock()->view()->selectionModel()->clearSelection();
    QCOMPARE(w.chartActions()->reportRuns(), QList<qint64>({3}));
  }

  // Issue 30 item 3: the studio writes a run's summary through the same reporters as `d500 show`,
  // in the format of the file's suffix; an unknown suffix is one clear failure, nothing written.
  void runSummaryIsTheRunnersReportInTheSuffixsFormat() {
    QTemporaryDir dir;
    const QString project = copyExample(dir);
    {
      auto s = store::ResultStore::open(
                   dir.filePath(QStringLiteral("examples/example.d500db")).toStdString(),
                   store::ResultStore::Mode::ReadWrite)
                   .value();
      addRun(*s, "first", "operator", R"({"d500":1})", true);
    }
    MainWindow w(false);
    QVERIFY(w.openProject(project));
    const QString md = dir.filePath(QStringLiteral("run.md"));
    QVERIFY(w.chartActions()->writeRunSummary(1, md));
    const QString text = readAll(md);
    QVERIFY2(text.startsWith(QStringLiteral("# run 1: first (operator)\n\n- **status:**")),
             qPrintable(text));
    const QString json = dir.filePath(QStringLiteral("run.json"));
    QVERIFY(w.chartActions()->writeRunSummary(1, json));
    QVERIFY(readAll(json).contains(QStringLiteral("\"title\": \"run 1: first (operator)\"")));
    QString failure;
    connect(w.chartActions(), &ChartActions::failure, this, [&](const QString& t) { failure = t; });
    const QString odd = dir.filePath(QStringLiteral("run.xyz"));
    QVERIFY(!w.chartActions()->writeRunSummary(1, odd));
    QVERIFY2(failure.contains(QStringLiteral(".md, .html")), qPrintable(failure));
    QVERIFY(!QFile::exists(odd));
    QVERIFY(!w.chartActions()->writeRunSummary(99, md));
    QVERIFY2(failure.contains(QStringLiteral("no run 99")), qPrintable(failure));
  }

  // Item 18: a running training run that names a recipe is not "without a recipe".
  void aRunningRecipeRunAwaitsItsVerdict() {
    QTemporaryDir dir;
    const std::string db = dir.filePath(QStringLiteral("t.d500db")).toStdString();
    const std::string spec =
        R"({"d500":1,"level":"training","training":{"recipe":"../recipes/fashion_mnist_mlp.json"}})";
    qint64 running = 0, plain = 0;
    {
      auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadWrite).value();
      running = addRun(*s, "mlp", "training", spec, false);
      plain = addRun(*s, "no recipe", "training", R"({"d500":1,"level":"training","training":{}})",
                     true);
      for (qint64 id : {running, plain}) {
        store::ValidationRow v;
        v.run_id = id;
        v.subject = "seed 0";
        v.metric = "test_accuracy";
        v.value = 0.86;
        v.tolerance = 0.85;
        v.passed = true;
        s->add_validation(v);
      }
    }
    const ChartKind* kind = ChartKindRegistry::studio().kindForRun(QStringLiteral("training"));
    QVERIFY(kind);
    for (const auto& [id, expected, absent] :
         {std::tuple{running,
                     QStringLiteral("fashion_mnist_mlp.json: judged when the run finishes"),
                     QStringLiteral("No recipe")},
          std::tuple{plain, QStringLiteral("No recipe: the experiment names none."),
                     QStringLiteral("judged")}}) {
      std::unique_ptr<ChartTab> tab(kind->create(QString::fromStdString(db), {id}));
      auto* dash = qobject_cast<RunDashboard*>(tab.get());
      QVERIFY(dash);
      dash->refresh();
      QTRY_VERIFY2(dash->summaryText().contains(expected), qPrintable(dash->summaryText()));
      QVERIFY2(!dash->summaryText().contains(absent), qPrintable(dash->summaryText()));
    }
  }
};

QTEST_MAIN(FirstHourTest)
#include "test_studio_first_hour.moc"
