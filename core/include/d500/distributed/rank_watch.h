// Level 3: how rank 0 learns that another rank of the job failed, beside MPI. Open MPI 4 (no
// ULFM) cannot tell a process that a peer died: a rank waiting in a collective waits until the
// launcher kills it, and nobody says which rank it was. So every rank keeps one TCP connection to
// rank 0 for the life of the job:
//   - a rank that fails (an exception, a bad input on that rank) sends its reason over it and
//     waits, bounded, for rank 0 to say it has recorded it, before it aborts the job;
//   - a rank that is killed or crashes has its connection closed by the kernel, which rank 0
//     sees at once ("ended without a word");
//   - an orderly end: every rank says "done" before it leaves, so a close after it is no failure.
// Rank 0's watch thread calls the handler for the first failure it learns of (later ones are
// kept in failures()). After a failure, a rank still alive `abandon_after` later (blocked in a
// collective whose peer is gone, and no launcher killed it) ends itself with `exit_code`; the
// other ranks do the same when rank 0's connection closes without its "bye". That bounds the
// time any rank waits for a dead peer. Used by `d500 run` for every level that runs on many ranks.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "d500/distributed/communicator.h"

namespace d500::distributed {

struct RankFailure {
  int rank = 0;
  int64_t pid = 0;
  std::string host;
  bool said_why = false;  // the rank sent its reason; else it vanished (killed or crashed)
  std::string reason;     // its message, or what vanishing means
  // "rank 1 of 2 (pid 123 on node7): <reason>"
  std::string describe(int ranks) const;
};

struct RankWatchOptions {
  std::chrono::milliseconds connect_timeout{10000};
  std::chrono::milliseconds abandon_after{
      3000};  // 0: never end the process (issue 20: seconds, not 15)
  int exit_code = 1;
};

class RankWatch {
 public:
  using Handler = std::function<void(const RankFailure&)>;
  // Collective over `comm` (any size; with one rank nothing is watched). Rank 0 listens on an
  // ephemeral TCP port on every interface and broadcasts its host name and port; the others
  // connect (127.0.0.1 when they share rank 0's host name) and say who they are. A rank that
  // cannot connect, or that rank 0 did not accept within connect_timeout, runs unwatched
  // (unwatched() on rank 0 lists it); nothing fails for that.
  // `on_failure` runs on rank 0's watch thread, once.
  static std::unique_ptr<RankWatch> start(Communicator& comm, Handler on_failure,
                                          RankWatchOptions o = {});
  ~RankWatch();
  RankWatch(const RankWatch&) = delete;
  RankWatch& operator=(const RankWatch&) = delete;

  // Not rank 0: tells rank 0 why this rank stops; waits up to `wait` for rank 0 to say it has
  // handled it. Returns whether it did (false on rank 0 or when unwatched).
  bool report(const std::string& reason, std::chrono::milliseconds wait);
  // At an orderly end, every rank. Not rank 0: says "done". Rank 0: waits up to `wait` until
  // every watched rank has said done or failed, then says "bye" to all; the first failure, if any.
  std::optional<RankFailure> finish(std::chrono::milliseconds wait);
  // Rank 0: the first failure so far; waits up to `wait` for one to arrive.
  std::optional<RankFailure> failure(std::chrono::milliseconds wait = {});
  std::vector<RankFailure> failures() const;
  std::vector<int> unwatched() const;
  int ranks() const { return size_; }

 private:
  struct Peer;
  RankWatch(int rank, int size, Handler h, RankWatchOptions o);
  void loop();  // the watch thread: rank 0 hears every rank, the others rank 0
  void on_frame(Peer& p, char type, const std::string& payload);
  void on_close(Peer& p);
  void record(RankFailure f);
  void check_abandon();
  void send_frame(Peer& p, char type, const std::string& payload);

  int rank_, size_;
  Handler handler_;
  RankWatchOptions o_;
  int wake_[2] = {-1, -1};
  std::vector<std::unique_ptr<Peer>> peers_;  // rank 0: one per watched rank; else rank 0
  std::vector<int> unwatched_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<RankFailure> failures_;
  bool acked_ = false, finished_ = false, stopping_ = false;
  std::optional<std::chrono::steady_clock::time_point> trouble_since_;
  std::string trouble_;  // what the abandon message says
  std::mutex send_mu_;
  std::thread thread_;
};

}  // namespace d500::distributed
