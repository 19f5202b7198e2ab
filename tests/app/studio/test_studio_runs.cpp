// Issue 6, item 4: the run manager. Runs start as `d500 run FILE --db STORE --progress=json`
// child processes (argument vectors, never a shell), progress comes from the runner's JSON
// lines, cancel stops the runner (it stores a cancelled run), and a runner that crashes is shown
// as crashed with its signal while the studio carries on. Uses the real runner built beside
// the studio, and a deliberately crashing stand-in through D500_RUNNER.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

#include "d500/store/result_store.h"
#include "runs/progress_event.h"
#include "runs/run_command.h"
#include "runs/run_manager.h"
#include "runs/runner_locator.h"

using namespace d500::studio;

namespace {

const QString kRunner = QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500");

// An Add sweep small enough to finish in well under a second.
const char kTiny[] = R"({"d500": 1, "name": "tiny", "level": "operator", "seed": 1,
  "operator": {"op": "Add", "dtype": "float32", "inputs": [["N"], ["N"]]},
  "implementations": ["reference"], "sweep": {"N": [16, 32, 64]}, "validate": false,
  "repetition": {"warmup_calls": 1, "min_samples": 3, "max_samples": 5, "max_seconds": 0.05}})";

// One that would run for minutes: only cancel ends it in time.
const char kLong[] = R"({"d500": 1, "name": "long", "level": "operator", "seed": 1,
  "operator": {"op": "Gemm", "dtype": "float32", "inputs": [["N", "N"], ["N", "N"]]},
  "implementations": ["reference"], "sweep": {"N": [128, 129, 130, 131, 132, 133]}, "validate": false,
  "repetition": {"target_rel_ci": 0.000001, "min_samples": 100000, "max_samples": 100000000, "max_seconds": 60}})";

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& content,
              bool executable = false) {
  const QString path = dir.filePath(name);
  QFile f(path);
  f.open(QIODevice::WriteOnly);
  f.write(content);
  f.close();
  if (executable) f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
  return path;
}

bool waitFinished(RunJob* job, int ms) {
  QSignalSpy spy(job, &RunJob::finished);
  return job->isFinished() || spy.wait(ms);
}

}  // namespace

class RunsTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void commandIsAnArgumentVector() {
    RunCommand c;
    QString error;
    LaunchSpec local;
    QVERIFY(RunCommand::build(QStringLiteral("/b/d500"), QString(),
                              QStringLiteral("/x/my exp.json"), QStringLiteral("/x/s.d500db"),
                              local, false, &c, &error));
    QCOMPARE(c.program, QStringLiteral("/b/d500"));
    QCOMPARE(c.arguments, QStringList({QStringLiteral("run"), QStringLiteral("/x/my exp.json"),
                                       QStringLiteral("--db"), QStringLiteral("/x/s.d500db"),
                                       QStringLiteral("--progress=json")}));
    LaunchSpec mpi{QStringLiteral("mpi"), 4, {QStringLiteral("a"), QStringLiteral("b:2")}, {}};
    QVERIFY(RunCommand::build(QStringLiteral("/b/d500"), QStringLiteral("/usr/bin/mpirun"),
                              QStringLiteral("e.json"), QStringLiteral("s.d500db"), mpi, true, &c,
                              &error));
    QCOMPARE(c.program, QStringLiteral("/usr/bin/mpirun"));
    QCOMPARE(c.arguments.mid(0, 6),
             QStringList({QStringLiteral("-np"), QStringLiteral("4"), QStringLiteral("--host"),
                          QStringLiteral("a,b:2"), QStringLiteral("--allow-run-as-root"),
                          QStringLiteral("--oversubscribe")}));
    QCOMPARE(c.arguments.mid(6, 2),
             QStringList({QStringLiteral("/b/d500"), QStringLiteral("run")}));
    QVERIFY(RunCommand::build(QStringLiteral("/b/d500"), QStringLiteral("/usr/bin/mpirun"),
                              QStringLiteral("e.json"), QStringLiteral("s.d500db"), mpi, false, &c,
                              &error));
    QVERIFY(!c.arguments.contains(QStringLiteral("--allow-run-as-root")));
    QVERIFY(!RunCommand::build(QStringLiteral("/b/d500"), QString(), QStringLiteral("e.json"),
                               QStringLiteral("s"), mpi, false, &c, &error));
    QVERIFY(error.contains(QStringLiteral("mpirun")));
  }

  void progressLines() {
    ProgressEvent e = ProgressEvent::parse(
        R"({"done":1,"event":"progress","rel_ci":0.02,"samples":5,"subject":"Add N=32","total":2})");
    QCOMPARE(int(e.type), int(ProgressEvent::Type::Progress));
    QCOMPARE(e.done, 1);
    QCOMPARE(e.total, 2);
    QCOMPARE(e.subject, QStringLiteral("Add N=32"));
    e = ProgressEvent::parse(
        R"({"event":"run_finished","exit_code":0,"reason":"","run_id":7,"status":"succeeded"})");
    QCOMPARE(int(e.type), int(ProgressEvent::Type::RunFinished));
    QCOMPARE(e.runId, 7);
    QCOMPARE(e.status, QStringLiteral("succeeded"));
    QCOMPARE(int(ProgressEvent::parse("measuring...").type), int(ProgressEvent::Type::Unknown));
  }

  void realRunnerRunsATinyExperiment() {
    QTemporaryDir dir;
    const QString exp = write(dir, QStringLiteral("tiny exp.json"), kTiny);  // a space: no shell
    const QString store = dir.filePath(QStringLiteral("s.d500db"));
    RunManager manager;
    manager.setRunnerPath(kRunner);
    QSignalSpy started(&manager, &RunManager::jobRunStarted);
    RunJob* job = manager.enqueue(QStringLiteral("tiny"), exp, store, LaunchSpec{});
    QVERIFY(waitFinished(job, 60000));
    QCOMPARE(int(job->state()), int(RunJob::State::Succeeded));
    QCOMPARE(started.count(), 1);
    QVERIFY(job->runId() > 0);
    QCOMPARE(job->done(), 3);
    QCOMPARE(job->total(), 3);
    QVERIFY(job->log().contains(QStringLiteral("[3/3]")));
    auto s = d500::store::ResultStore::open(store.toStdString(),
                                            d500::store::ResultStore::Mode::ReadOnly);
    QVERIFY(s.ok());
    QCOMPARE(int(s.value()->run(job->runId())->status), int(d500::store::RunStatus::Succeeded));
    QCOMPARE(s.value()->measurements(job->runId()).size(), size_t(3));
  }

  // The queue and the status bar say the run's own state from the runner's first event on: its
  // number as soon as it exists, then its points; never a bare "starting" once it runs.
  void statusFollowsTheRunFromItsFirstEvent() {
    QTemporaryDir dir;
    const QString exp = write(dir, QStringLiteral("tiny.json"), kTiny);
    RunManager manager;
    manager.setRunnerPath(kRunner);
    RunJob* job = manager.enqueue(QStringLiteral("tiny"), exp,
                                  dir.filePath(QStringLiteral("s.d500db")), LaunchSpec{});
    QStringList seen;
    int startedAt = -1;
    connect(job, &RunJob::runStarted, this, [&] { startedAt = int(seen.size()); });
    connect(job, &RunJob::changed, this, [&] {
      if (job->isActive()) seen << job->statusText();
    });
    QVERIFY(waitFinished(job, 60000));
    QVERIFY2(startedAt >= 0, qPrintable(seen.join(QStringLiteral(" | "))));
    const QString prefix = QStringLiteral("run #%1: ").arg(job->runId());
    QVERIFY2(seen.size() > startedAt, qPrintable(seen.join(QStringLiteral(" | "))));
    for (int i = startedAt; i < seen.size(); ++i)
      QVERIFY2(seen[i].startsWith(prefix), qPrintable(seen[i]));
    QVERIFY2(seen.contains(prefix + QStringLiteral("3/3")),
             qPrintable(seen.join(QStringLiteral(" | "))));
    for (int i = 0; i < startedAt; ++i) QCOMPARE(seen[i], QStringLiteral("starting the runner"));
  }

  void queueRunsOneAtATime() {
    QTemporaryDir dir;
    const QString exp = write(dir, QStringLiteral("tiny.json"), kTiny);
    RunManager manager;
    manager.setRunnerPath(kRunner);
    RunJob* a = manager.enqueue(QStringLiteral("a"), exp, dir.filePath(QStringLiteral("s.d500db")),
                                LaunchSpec{});
    RunJob* b = manager.enqueue(QStringLiteral("b"), exp, dir.filePath(QStringLiteral("s.d500db")),
                                LaunchSpec{});
    QCOMPARE(int(b->state()),
             int(RunJob::State::Queued));  // two benchmarks at once disturb each other
    QVERIFY(waitFinished(a, 60000));
    QVERIFY(waitFinished(b, 60000));
    QCOMPARE(int(b->state()), int(RunJob::State::Succeeded));
    QVERIFY(b->runId() > a->runId());
    manager.removeFinished();
    QVERIFY(manager.jobs().isEmpty());
  }

  // Issue 31 item 6: the History view's "Rerun to Confirm" is a job of the queue that runs
  // `d500 --db STORE confirm A B --progress=json`: both runs again in blocks, the verdict stored.
  void aConfirmationRunsAsAJobAndStoresItsVerdict() {
    QTemporaryDir dir;
    const QString exp = write(dir, QStringLiteral("tiny.json"), kTiny);
    const QString store = dir.filePath(QStringLiteral("s.d500db"));
    RunManager manager;
    manager.setRunnerPath(kRunner);
    RunJob* a = manager.enqueue(QStringLiteral("a"), exp, store, LaunchSpec{});
    RunJob* b = manager.enqueue(QStringLiteral("b"), exp, store, LaunchSpec{});
    QVERIFY(waitFinished(a, 60000) && waitFinished(b, 60000));
    LaunchSpec confirm;
    confirm.command = {QStringLiteral("confirm"), QString::number(a->runId()),
                       QString::number(b->runId())};
    RunJob* job = manager.enqueue(QStringLiteral("confirm"), QString(), store, confirm);
    QVERIFY(waitFinished(job, 120000));
    QVERIFY2(job->state() == RunJob::State::Succeeded, qPrintable(job->log()));
    QVERIFY2(job->commandLine().contains(QStringLiteral(" confirm ")),
             qPrintable(job->commandLine()));
    QVERIFY(job->runId() > b->runId() + 9);  // the last of the 10 reruns
    auto s = d500::store::ResultStore::open(store.toStdString(),
                                            d500::store::ResultStore::Mode::ReadOnly);
    QVERIFY(s.ok());
    bool stored = false;
    for (const auto& art : s.value()->artifacts(b->runId()))
      stored |= art.name == "change-confirmation";
    QVERIFY(stored);
  }

  void cancelStopsTheRunner() {
    QTemporaryDir dir;
    const QString exp = write(dir, QStringLiteral("long.json"), kLong);
    const QString store = dir.filePath(QStringLiteral("s.d500db"));
    RunManager manager;
    manager.setRunnerPath(kRunner);
    // Twice the wait below: no kill comes, so only the runner itself can end the job in time.
    manager.setGracePeriodMs(120000);
    RunJob* job = manager.enqueue(QStringLiteral("long"), exp, store, LaunchSpec{});
    RunJob* queued = manager.enqueue(QStringLiteral("queued"), exp, store, LaunchSpec{});
    QSignalSpy progress(job, &RunJob::runStarted);
    QVERIFY(progress.wait(60000));  // measuring now
    QTest::qWait(300);
    manager.cancelAll();
    QCOMPARE(int(queued->state()), int(RunJob::State::Cancelled));  // never started
    QCOMPARE(int(job->state()), int(RunJob::State::Cancelling));
    QVERIFY2(waitFinished(job, 60000), "the runner stops on SIGTERM");
    QCOMPARE(int(job->state()), int(RunJob::State::Cancelled));
    // It exited by itself with the runner's "cancelled" code: not killed, not ended by a signal.
    QCOMPARE(job->signal(), 0);
    QCOMPARE(job->exitCode(), 130);
    QVERIFY(!job->log().contains(QStringLiteral("killing")));
    // The runner recorded the run as cancelled; the studio read that from the store.
    auto s = d500::store::ResultStore::open(store.toStdString(),
                                            d500::store::ResultStore::Mode::ReadOnly);
    QVERIFY(s.ok());
    QCOMPARE(int(s.value()->run(job->runId())->status), int(d500::store::RunStatus::Cancelled));
  }

  void cancelKillsAfterTheGracePeriod() {
    // A runner that ignores SIGTERM is killed once the grace period is over.
    QTemporaryDir dir;
    const QString stubborn =
        write(dir, QStringLiteral("stubborn.sh"),
              "#!/bin/sh\ntrap '' TERM\necho '{\"event\":\"run_started\",\"run_id\":1}'\n"
              "while true; do sleep 0.1; done\n",
              true);
    RunManager manager;
    manager.setRunnerPath(stubborn);
    manager.setGracePeriodMs(500);
    RunJob* job = manager.enqueue(QStringLiteral("stubborn"), QStringLiteral("x.json"),
                                  dir.filePath(QStringLiteral("s")), LaunchSpec{});
    QSignalSpy started(job, &RunJob::runStarted);
    QVERIFY(started.wait(10000));
    manager.cancel(job);
    QCOMPARE(int(job->state()), int(RunJob::State::Cancelling));
    QVERIFY(waitFinished(job, 10000));
    QCOMPARE(int(job->state()), int(RunJob::State::Cancelled));
    QVERIFY(job->log().contains(QStringLiteral("killing")));
  }

  void crashingRunnerShowsCrashed() {
    // D500_RUNNER points at a runner that dies of SIGSEGV mid-run, as a crashing plugin would
    // take the real one down.
    QTemporaryDir dir;
    const QString crasher =
        write(dir, QStringLiteral("crash.sh"),
              "#!/bin/sh\necho '{\"event\":\"run_started\",\"run_id\":3,\"name\":\"x\"}'\n"
              "echo "
              "'{\"event\":\"progress\",\"done\":0,\"total\":2,\"subject\":\"Conv\",\"samples\":1,"
              "\"rel_ci\":0}'\n"
              "kill -SEGV $$\n",
              true);
    qputenv("D500_RUNNER", crasher.toLocal8Bit());
    QCOMPARE(RunnerLocator::runnerPath(), crasher);
    RunManager manager;  // no runner path set: found through D500_RUNNER
    RunJob* job = manager.enqueue(QStringLiteral("crash"), QStringLiteral("x.json"),
                                  dir.filePath(QStringLiteral("s")), LaunchSpec{});
    QVERIFY(waitFinished(job, 10000));
    qunsetenv("D500_RUNNER");
    QCOMPARE(int(job->state()), int(RunJob::State::Crashed));
    QCOMPARE(job->signal(), int(SIGSEGV));
    QVERIFY(job->statusText().contains(QStringLiteral("crashed")));
    QVERIFY(job->statusText().contains(QString::number(SIGSEGV)));
    QCOMPARE(job->runId(), 3);
    // The studio is still here and the queue still works.
    QTemporaryDir dir2;
    manager.setRunnerPath(kRunner);
    RunJob* next =
        manager.enqueue(QStringLiteral("tiny"), write(dir2, QStringLiteral("t.json"), kTiny),
                        dir2.filePath(QStringLiteral("s.d500db")), LaunchSpec{});
    QVERIFY(waitFinished(next, 60000));
    QCOMPARE(int(next->state()), int(RunJob::State::Succeeded));
  }

  void mpiLauncherGoesThroughMpirun() {
    // One rank: the runner of this build may lack MPI, but the launch path (mpirun's argument
    // vector, root flags, progress lines forwarded through mpirun) is the same for N ranks.
    if (RunnerLocator::mpirunPath().isEmpty()) QSKIP("mpirun is not installed");
    QTemporaryDir dir;
    RunManager manager;
    manager.setRunnerPath(kRunner);
    LaunchSpec mpi{QStringLiteral("mpi"), 1, {}, {}};
    RunJob* job =
        manager.enqueue(QStringLiteral("tiny"), write(dir, QStringLiteral("t.json"), kTiny),
                        dir.filePath(QStringLiteral("s.d500db")), mpi);
    QVERIFY(waitFinished(job, 60000));
    QVERIFY2(job->state() == RunJob::State::Succeeded, qPrintable(job->log()));
    QVERIFY(job->commandLine().contains(QStringLiteral("mpirun -np 1")));
    QCOMPARE(job->done(), 3);
    QVERIFY(job->runId() > 0);
  }

  void missingRunnerIsAnError() {
    RunManager manager;
    manager.setRunnerPath(QStringLiteral("/nonexistent/d500"));
    RunJob* job = manager.enqueue(QStringLiteral("x"), QStringLiteral("x.json"),
                                  QStringLiteral("s"), LaunchSpec{});
    QVERIFY(waitFinished(job, 10000));
    QCOMPARE(int(job->state()), int(RunJob::State::Error));
  }
};

QTEST_MAIN(RunsTest)
#include "test_studio_runs.moc"
