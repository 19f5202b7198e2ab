// The studio's exports for scripts and CI, with no window and no display:
//   d500-studio --store DB --report RUN[,RUN...] -o FILE.html|FILE.pdf
//   d500-studio --store DB --dashboard RUN -o FILE.png|FILE.svg [--size WxH]
// The dashboard is the one the studio opens for the run's level (ChartKindRegistry::kindForRun),
// so a new level's dashboard exports with no change here. Exit codes are the runner's; each
// mistake is one line on stderr that says what and where.
// Threading: GUI thread; a QApplication must exist (offscreen is enough).
#pragma once

#include <QCoreApplication>
#include <QString>

namespace d500::studio {

class HeadlessExport {
  Q_DECLARE_TR_FUNCTIONS(HeadlessExport)

 public:
  // The runner's exit codes (app/d500/cli.h).
  enum Exit { kOk = 0, kBadArguments = 2, kBadInput = 3, kStoreError = 4 };

  struct Request {
    QString store;      // --store
    QString report;     // --report: "3" or "3,4" or "latest"
    QString dashboard;  // --dashboard: one run
    QString output;     // -o
    QString size;       // --size WxH ("" : 1600x1000)
  };

  // Whether the command line asks for a headless export (main.cpp then needs no display).
  static bool requested(int argc, char** argv);
  // Keeps Qt's own warnings (offscreen plugin notes, XDG_RUNTIME_DIR) off stderr, where the
  // export's one message goes; call before the QApplication exists.
  static void quietQt();
  // Does the export and prints what went wrong on stderr; returns the exit code.
  static int run(const Request& request);
};

}  // namespace d500::studio
