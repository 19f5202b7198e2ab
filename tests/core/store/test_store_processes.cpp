// Stores shared between processes: runs whose writer died, a writer beside a live reader, and a
// writer killed mid-transaction. Children are forked before the parent opens any connection (a
// SQLite connection must not cross fork) and leave with _exit, never through gtest.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>

#include "d500/store/result_store.h"
#include "store_test_util.h"

namespace d500::store {
namespace {

using test::RawDb;
using test::TempDir;
using Mode = ResultStore::Mode;

std::unique_ptr<ResultStore> open_store(const std::string& path, Mode mode) {
  auto r = ResultStore::open(path, mode);
  if (!r) throw std::runtime_error(r.error().to_string());
  return std::move(r).value();
}

// A forked child that reports int64 values to the parent through a pipe.
struct Child {
  pid_t pid = -1;
  int fd = -1;

  static Child spawn(const std::function<void(int fd)>& body) {
    int p[2];
    if (pipe(p) != 0) throw std::runtime_error("pipe failed");
    Child c;
    c.pid = fork();
    if (c.pid == 0) {
      close(p[0]);
      int code = 0;
      try {
        body(p[1]);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "child: %s\n", e.what());
        code = 1;
      }
      _exit(code);
    }
    close(p[1]);
    c.fd = p[0];
    return c;
  }
  static void send(int fd, int64_t v) {
    if (write(fd, &v, sizeof v) != sizeof v) _exit(3);
  }
  // The next value, or nullopt once the child closed its end (exited).
  std::optional<int64_t> receive() const {
    int64_t v;
    ssize_t n = read(fd, &v, sizeof v);
    if (n == ssize_t(sizeof v)) return v;
    return std::nullopt;
  }
  int wait() {
    int status = 0;
    waitpid(pid, &status, 0);
    close(fd);
    return status;
  }
};

int64_t start_a_run(ResultStore& s) {
  RunInfo run;
  run.name = "child run";
  int64_t id = s.create_run(run);
  s.start_run(id);
  return id;
}

void expect_interrupted(const std::string& path, int64_t id, pid_t pid) {
  std::string reason =
      "the runner (pid " + std::to_string(pid) + ") ended without finishing the run";
  // A reader reports the run as interrupted but leaves the file as it is...
  {
    auto ro = open_store(path, Mode::ReadOnly);
    auto r = ro->run(id);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, RunStatus::Interrupted);
    EXPECT_EQ(r->status_reason, reason);
    EXPECT_EQ(ro->runs().at(0).status, RunStatus::Interrupted);
    RawDb raw(path, SQLITE_OPEN_READONLY);
    EXPECT_EQ(raw.text("SELECT status FROM runs WHERE id = " + std::to_string(id)), "running");
  }
  // ...and the next writer records it.
  auto rw = open_store(path, Mode::ReadWrite);
  EXPECT_EQ(rw->run(id)->status, RunStatus::Interrupted);
  rw.reset();
  RawDb raw(path, SQLITE_OPEN_READONLY);
  EXPECT_EQ(raw.text("SELECT status FROM runs WHERE id = " + std::to_string(id)), "interrupted");
  EXPECT_EQ(raw.text("SELECT status_reason FROM runs WHERE id = " + std::to_string(id)), reason);
}

TEST(InterruptedRuns, ARunWhoseWriterExitedIsInterrupted) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  Child c = Child::spawn([&](int fd) {
    auto s = open_store(path, Mode::ReadWrite);
    Child::send(fd, start_a_run(*s));
    _exit(0);  // without finish_run, without closing the store
  });
  auto id = c.receive();
  ASSERT_TRUE(id);
  EXPECT_EQ(c.wait(), 0);
  expect_interrupted(path, *id, c.pid);
}

TEST(InterruptedRuns, ARunWhoseWriterWasKilledIsInterrupted) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  Child c = Child::spawn([&](int fd) {
    auto s = open_store(path, Mode::ReadWrite);
    Child::send(fd, start_a_run(*s));
    for (;;) pause();
  });
  auto id = c.receive();
  ASSERT_TRUE(id);
  // While the writer lives, its run is running, for readers and for another writer.
  {
    auto rw = open_store(path, Mode::ReadWrite);
    EXPECT_EQ(rw->run(*id)->status, RunStatus::Running);
  }
  kill(c.pid, SIGKILL);
  int status = c.wait();
  EXPECT_TRUE(WIFSIGNALED(status));
  expect_interrupted(path, *id, c.pid);
}

TEST(InterruptedRuns, ARunOfALiveProcessStaysRunning) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  int64_t id = 0;
  {
    auto s = open_store(path, Mode::ReadWrite);
    id = start_a_run(*s);
  }
  auto rw = open_store(path, Mode::ReadWrite);
  EXPECT_EQ(rw->run(id)->status, RunStatus::Running);
  rw.reset();
  RawDb raw(path, SQLITE_OPEN_READONLY);
  EXPECT_EQ(raw.text("SELECT status FROM runs"), "running");
}

TEST(InterruptedRuns, ReusedPidRebootAndOtherHosts) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  int64_t reused = 0, rebooted = 0, elsewhere = 0, alive = 0;
  {
    auto s = open_store(path, Mode::ReadWrite);
    reused = start_a_run(*s);
    rebooted = start_a_run(*s);
    elsewhere = start_a_run(*s);
    alive = start_a_run(*s);
  }
  std::string me = std::to_string(getpid());
  {
    RawDb raw(path);
    std::string boot =
        raw.text("SELECT process_start FROM runs WHERE id = " + std::to_string(reused));
    boot = boot.substr(0, boot.rfind(':'));
    // Our pid, but a process that started at another time: the pid was reused.
    raw.exec("UPDATE runs SET process_start = '" + boot +
             ":1' WHERE id = " + std::to_string(reused));
    // Our pid and start time, but from before a reboot.
    raw.exec(
        "UPDATE runs SET process_start = 'another-boot:' || substr(process_start, "
        "instr(process_start, ':') + 1) WHERE id = " +
        std::to_string(rebooted));
    // A dead pid on another machine is none of our business.
    raw.exec("UPDATE runs SET host = 'node-17', pid = 999999999 WHERE id = " +
             std::to_string(elsewhere));
  }
  auto rw = open_store(path, Mode::ReadWrite);
  EXPECT_EQ(rw->run(reused)->status, RunStatus::Interrupted);
  EXPECT_EQ(rw->run(rebooted)->status, RunStatus::Interrupted);
  EXPECT_EQ(rw->run(elsewhere)->status, RunStatus::Running);
  EXPECT_EQ(rw->run(alive)->status, RunStatus::Running);
  EXPECT_EQ(rw->run(reused)->status_reason,
            "the runner (pid " + me + ") ended without finishing the run");
}

TEST(StoreProcesses, WriterAndLiveReaderInTwoProcesses) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  int64_t run = 0;
  {
    // The schema exists before the reader opens (a reader cannot create it).
    auto s = open_store(path, Mode::ReadWrite);
    RunInfo r;
    run = s->create_run(r);
  }
  constexpr int kBatch = 100;
  Child c = Child::spawn([&](int fd) {
    auto s = open_store(path, Mode::ReadWrite);
    std::vector<SeriesPoint> batch(kBatch);
    int64_t written = 0;
    auto end = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (std::chrono::steady_clock::now() < end) {
      for (auto& p : batch) p = {0, run, 0, "loss", written++, 0.001 * written, 1.0 / written};
      s->add_series(batch);
      usleep(200);
    }
    Child::send(fd, written);
  });

  auto ro = open_store(path, Mode::ReadOnly);
  int64_t last_id = 0, seen = 0, polls = 0, next_step = 0;
  bool done = false;
  std::optional<int64_t> written;
  while (!done) {
    // Decide before polling, so that the last poll happens after the writer is finished.
    int status = 0;
    done = waitpid(c.pid, &status, WNOHANG) == c.pid;
    if (done) {
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
      written = c.receive();
      close(c.fd);
    }
    std::vector<SeriesPoint> pts;
    ASSERT_NO_THROW(pts = ro->series_after(run, last_id, SIZE_MAX));
    ++polls;
    for (const SeriesPoint& p : pts) {
      ASSERT_GT(p.id, last_id);
      ASSERT_EQ(p.step, next_step++);  // nothing skipped, nothing twice
      last_id = p.id;
    }
    seen += int64_t(pts.size());
    EXPECT_EQ(seen % kBatch, 0) << "a reader saw half of a transaction";
    if (!done) usleep(1000);
  }
  ASSERT_TRUE(written);
  EXPECT_GT(*written, 0);
  EXPECT_EQ(seen, *written);
  EXPECT_GT(polls, 100);
  EXPECT_EQ(ro->integrity_check(), "ok");
}

TEST(StoreProcesses, StoreIsSoundAfterTheWriterIsKilledMidBatch) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  int64_t run = 0;
  {
    auto s = open_store(path, Mode::ReadWrite);
    run = s->create_run(RunInfo{});
  }
  // Large enough that a batch takes well over the 50 ms before the kill, and that SQLite spills
  // uncommitted pages into the WAL before the commit.
  constexpr int kBatch = 100000;
  Child c = Child::spawn([&](int fd) {
    auto s = open_store(path, Mode::ReadWrite);
    std::vector<SeriesPoint> batch(kBatch);
    for (int64_t n = 0;; ++n) {
      for (auto& p : batch) p = {0, run, 1, "throughput", n, 0, double(n)};
      s->add_series(batch);
      if (n == 0) Child::send(fd, 1);
    }
  });
  ASSERT_TRUE(c.receive());
  usleep(50 * 1000);  // inside the second batch
  kill(c.pid, SIGKILL);
  EXPECT_TRUE(WIFSIGNALED(c.wait()));

  auto s = open_store(path, Mode::ReadWrite);
  EXPECT_EQ(s->integrity_check(), "ok");
  auto pts = s->series_after(run, 0, SIZE_MAX);
  EXPECT_GE(pts.size(), size_t(kBatch));
  EXPECT_EQ(pts.size() % kBatch, 0u) << "a killed transaction left part of its rows";
  s->add_series(std::vector<SeriesPoint>{{0, run, 0, "loss", 0, 0, 0}});  // still writable
}

}  // namespace
}  // namespace d500::store
