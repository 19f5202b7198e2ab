// One line of the runner's `--progress=json` output, parsed. The runner prints one JSON object
// per line: run_started, progress, run_finished (see `d500 run --help`).
#pragma once

#include <QByteArray>
#include <QString>

namespace d500::studio {

struct ProgressEvent {
  enum class Type { Unknown, RunStarted, Progress, RunFinished };
  Type type = Type::Unknown;
  qint64 runId = 0;
  QString name;     // run_started: the run's name
  qint64 done = 0;  // progress: points finished, of `total`
  qint64 total = 0;
  QString subject;  // progress: what is being measured now
  qint64 samples = 0;
  double relCi = 0;  // progress: relative CI half-width reached so far
  QString status;    // run_finished: "succeeded", "failed", "cancelled", ...
  int exitCode = 0;
  QString reason;  // run_finished: why it failed, if it did

  // Unknown for a line that is not a JSON object with a known "event" (the runner's own
  // messages on stdout, if any, are kept in the log but not interpreted).
  static ProgressEvent parse(const QByteArray& line);
};

}  // namespace d500::studio
