// Issue 20, item 2: the run manager's Slurm launcher against a real one-node Slurm
// (tests/support/slurm_cluster.h; skipped where slurm-wlm is not installed). A run is submitted
// through `d500 job --submit` (an argument vector), shows its job id, follows the job's state
// (squeue), streams the job's output file into its log, finds its run in the store while it
// runs, and cancel is scancel: the run ends cancelled with what it measured.
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>
#include <fstream>
#include <memory>

#include "../../support/slurm_cluster.h"
#include "d500/store/result_store.h"
#include "dialogs/settings_dialog.h"
#include "runs/run_command.h"
#include "runs/run_manager.h"
#include "views/run_queue_dock.h"

using namespace d500::studio;
namespace store = d500::store;

namespace {

const QString kRunner = QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500");

QString write(const QTemporaryDir& dir, const QString& name, const std::string& content) {
  const QString path = dir.filePath(name);
  std::ofstream(path.toStdString()) << content;
  return path;
}

const char kCollective[] = R"({"d500": 1, "name": "coll", "level": "collective", "seed": 1,
  "collective": {"operations": ["allreduce"], "min_bytes": 4, "max_bytes": 4096},
  "repetition": {"min_samples": 10, "max_samples": 100, "max_seconds": 0.05}})";

// Points of ~1 s each, for minutes: only cancel ends it in time.
const char kLong[] = R"({"d500": 1, "name": "long", "level": "operator", "seed": 3,
  "operator": {"op": "Relu", "inputs": [["N"]]}, "implementations": ["reference"],
  "sweep": {"N": [64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768]},
  "repetition": {"min_samples": 10, "max_samples": 100000000, "max_seconds": 1,
                 "target_rel_ci": 0.000001}})";

// D500_SCREENSHOT_DIR set: the widget's picture, to look at.
void screenshot(QWidget* w, const QString& name) {
  const QString dir = qEnvironmentVariable("D500_SCREENSHOT_DIR");
  if (!dir.isEmpty()) w->grab().save(dir + QLatin1Char('/') + name);
}

// The experiment `content` queued with the Slurm launcher on `ranks` ranks, into DIR/s.d500db.
RunJob* submit(RunManager& m, const QTemporaryDir& dir, const QString& file, const char* content,
               int ranks) {
  m.setRunnerPath(kRunner);
  m.setSlurmPollMs(300);
  LaunchSpec l;
  l.kind = QStringLiteral("slurm");
  l.ranks = ranks;
  return m.enqueue(file, write(dir, file, content), dir.filePath(QStringLiteral("s.d500db")), l);
}

bool waitFinished(RunJob* job, int ms) {
  QSignalSpy spy(job, &RunJob::finished);
  return job->isFinished() || spy.wait(ms);
}

}  // namespace

class SlurmLauncherTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    skip_ = QString::fromStdString(d500::test::SlurmCluster::missing());
    if (!skip_.isEmpty()) return;
    cluster_ = std::make_unique<d500::test::SlurmCluster>();
    const std::string failure = cluster_->start();
    QVERIFY2(failure.empty(), failure.c_str());
    setenv("SLURM_CONF", (cluster_->folder() + "/slurm.conf").c_str(), 1);
  }
  void cleanupTestCase() {
    if (cluster_) cluster_->stop();
    cluster_.reset();
  }

  void theSubmissionIsAnArgumentVectorWithTheClusterDefaults() {
    LaunchSpec l;
    l.kind = QStringLiteral("slurm");
    l.ranks = 4;
    ClusterDefaults c;
    c.partition = QStringLiteral("short");
    c.time = QStringLiteral("00:10:00");
    c.modules = {QStringLiteral("openmpi/4.1")};
    c.sbatchLines = {QStringLiteral("--qos=debug")};
    RunCommand cmd;
    QString error;
    QVERIFY(RunCommand::buildSlurm(QStringLiteral("/opt/d 500/d500"),
                                   QStringLiteral("/p/my exp.json"), QStringLiteral("/p/s.d500db"),
                                   l, c, QStringLiteral("/p/slurm-jobs"), &cmd, &error));
    QCOMPARE(cmd.program, QStringLiteral("/opt/d 500/d500"));
    QCOMPARE(cmd.arguments,
             (QStringList{"--json", "--db", "/p/s.d500db", "job", "--submit", "/p/my exp.json",
                          "--nodes", "1", "--tasks-per-node", "4", "--job-dir", "/p/slurm-jobs",
                          "--time", "00:10:00", "--partition", "short", "--module", "openmpi/4.1",
                          "--sbatch=--qos=debug"}));
  }

  void settingsHoldTheClusterDefaults() {
    QStandardPaths::setTestModeEnabled(true);  // not the user's settings
    SettingsDialog d;
    d.findChild<QLineEdit*>(QStringLiteral("settingsSlurmPartition"))
        ->setText(QStringLiteral("short"));
    d.findChild<QLineEdit*>(QStringLiteral("settingsSlurmAccount"))
        ->setText(QStringLiteral("proj42"));
    d.findChild<QLineEdit*>(QStringLiteral("settingsSlurmTime"))
        ->setText(QStringLiteral("00:20:00"));
    d.findChild<QLineEdit*>(QStringLiteral("settingsSlurmModules"))
        ->setText(QStringLiteral("gcc/12  openmpi/4.1"));
    d.findChild<QPlainTextEdit*>(QStringLiteral("settingsSlurmSbatch"))
        ->setPlainText(QStringLiteral("--qos=short\n\n  --constraint=avx2\n"));
    d.resize(520, d.sizeHint().height());
    screenshot(&d, QStringLiteral("settings_slurm.png"));
    d.apply();
    const ClusterDefaults c = SettingsDialog::clusterDefaults();
    QCOMPARE(c.partition, QStringLiteral("short"));
    QCOMPARE(c.account, QStringLiteral("proj42"));
    QCOMPARE(c.time, QStringLiteral("00:20:00"));
    QCOMPARE(c.modules, (QStringList{"gcc/12", "openmpi/4.1"}));
    QCOMPARE(c.sbatchLines, (QStringList{"--qos=short", "--constraint=avx2"}));
  }

  void submitsFollowsTheJobAndReadsTheStore() {
    if (!skip_.isEmpty()) QSKIP(qPrintable(skip_));
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("s.d500db"));
    RunManager m;
    RunJob* job = submit(m, dir, "c.json", kCollective, 2);
    QSignalSpy started(&m, &RunManager::jobRunStarted);
    QVERIFY2(waitFinished(job, 180000), qPrintable(job->log()));
    QCOMPARE(job->state(), RunJob::State::Succeeded);
    const QString id = job->slurmJobId();
    QVERIFY2(!id.isEmpty(), qPrintable(job->log()));
    QCOMPARE(job->slurmState(), QStringLiteral("completed"));
    QVERIFY2(job->log().contains(QStringLiteral("Submitted Slurm job ") + id),
             qPrintable(job->log()));
    // The job's output file, streamed into the log: the runner's own words inside the job.
    QVERIFY2(job->log().contains(QStringLiteral("run 1 succeeded")), qPrintable(job->log()));
    QCOMPARE(started.count(), 1);
    QCOMPARE(job->runId(), 1);
    auto s = store::ResultStore::open(db.toStdString(), store::ResultStore::Mode::ReadOnly).value();
    QCOMPARE(QString::fromStdString(s->run(1)->launcher), QStringLiteral("mpi:2 slurm:") + id);
  }

  void cancelIsScancelAndKeepsWhatWasMeasured() {
    if (!skip_.isEmpty()) QSKIP(qPrintable(skip_));
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("s.d500db"));
    RunManager m;
    RunJob* job = submit(m, dir, "l.json", kLong, 1);
    // Read live: the first point reaches the store while the job runs.
    QTRY_VERIFY_WITH_TIMEOUT(job->runId() > 0, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
          auto s = store::ResultStore::open(db.toStdString(), store::ResultStore::Mode::ReadOnly);
          return s.ok() && !s.value()->measurements(job->runId()).empty();
        }(),
        60000);
    QVERIFY(job->statusText().startsWith(QStringLiteral("Slurm job ") + job->slurmJobId()));
    RunQueueDock dock(&m);
    dock.selectJob(job);
    dock.resize(900, 360);
    QTest::qWait(700);  // a poll or two: the output file's lines in the log
    screenshot(&dock, QStringLiteral("run_queue_slurm.png"));
    m.cancel(job);
    QVERIFY2(waitFinished(job, 90000), qPrintable(job->log()));
    QCOMPARE(job->state(), RunJob::State::Cancelled);
    QVERIFY2(job->log().contains(QStringLiteral("scancel ") + job->slurmJobId()),
             qPrintable(job->log()));
    auto s = store::ResultStore::open(db.toStdString(), store::ResultStore::Mode::ReadOnly).value();
    QCOMPARE(s->run(job->runId())->status, store::RunStatus::Cancelled);
    const auto kept = s->measurements(job->runId()).size();
    QVERIFY(kept >= 1 && kept < 12);
  }

 private:
  QString skip_;
  std::unique_ptr<d500::test::SlurmCluster> cluster_;
};

QTEST_MAIN(SlurmLauncherTest)
#include "test_studio_slurm.moc"
