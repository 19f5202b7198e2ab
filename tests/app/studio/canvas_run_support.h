// The experiment canvas run tests' fixture (issue 17): a canvas whose Run queues `d500 run` into
// a fresh store, waits for the jobs and reads what they stored.
#pragma once

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include "canvas/canvas_live.h"
#include "canvas_test_support.h"
#include "d500/store/result_store.h"
#include "models/plugin_catalog.h"
#include "runs/run_job.h"
#include "runs/run_manager.h"

namespace d500::test {

// What the runner's plugins offer (`d500 plugins --json --operators`), for the palettes.
inline PluginCatalog catalog() {
  QProcess p;
  p.start(kRunner,
          {QStringLiteral("plugins"), QStringLiteral("--json"), QStringLiteral("--operators")});
  p.waitForFinished(60000);
  PluginCatalog c;
  QString error;
  PluginCatalog::fromJson(p.readAllStandardOutput(), &c, &error);
  return c;
}

inline bool waitFinished(RunJob* job, int ms) {
  QSignalSpy spy(job, &RunJob::finished);
  return job->isFinished() || spy.wait(ms);
}

// A canvas whose Run queues `d500 run` into a fresh store.
struct RunningCanvas {
  QTemporaryDir dir;
  QString store = dir.filePath(QStringLiteral("r.d500db"));
  RunManager runs;
  Canvas c;
  RunningCanvas() {
    runs.setRunnerPath(kRunner);
    c.canvas.setRunManager(&runs, store);
  }
  // Runs from the canvas and waits for every job; "" when all succeeded, else their logs.
  QString runAll(int expectedJobs, int ms) {
    const QList<RunJob*> jobs = c.canvas.run();
    if (jobs.size() != expectedJobs)
      return QStringLiteral("%1 jobs, not %2").arg(jobs.size()).arg(expectedJobs);
    QString failed;
    for (RunJob* job : jobs) {
      if (!waitFinished(job, ms)) return QStringLiteral("%1 did not finish").arg(job->title());
      if (job->state() != RunJob::State::Succeeded)
        failed += job->title() + QLatin1Char('\n') + job->log();
    }
    c.canvas.live()->pollNow();
    return failed;
  }
  std::vector<d500::store::RunInfo> stored() {
    auto s = d500::store::ResultStore::open(store.toStdString(),
                                            d500::store::ResultStore::Mode::ReadOnly);
    return s ? (*s)->runs() : std::vector<d500::store::RunInfo>{};
  }
};

}  // namespace d500::test
