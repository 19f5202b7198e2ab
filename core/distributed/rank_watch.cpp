// The rank watch: one TCP connection per rank to rank 0, frames of [type][uint32 length][bytes].
//   H hello (rank int32, pid int64, host)   F failure (reason)   D done
//   A rank 0 has handled a failure          B bye (rank 0's orderly end)
#include "d500/distributed/rank_watch.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace d500::distributed {

namespace {

using Clock = std::chrono::steady_clock;

std::string host_name() {
  std::array<char, 256> h{};
  if (gethostname(h.data(), h.size() - 1) != 0) return "?";
  return h.data();
}

int64_t ms_left(Clock::time_point deadline) {
  return std::max<int64_t>(
      0, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count());
}

bool send_all(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t k = ::send(fd, p, n, MSG_NOSIGNAL);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= static_cast<size_t>(k);
  }
  return true;
}

std::string frame(char type, const std::string& payload) {
  const uint32_t n = static_cast<uint32_t>(payload.size());
  std::string f(1, type);
  f.append(reinterpret_cast<const char*>(&n), sizeof n);
  return f + payload;
}

// Pops one complete frame off `buf`.
bool pop_frame(std::string& buf, char& type, std::string& payload) {
  if (buf.size() < 5) return false;
  uint32_t n = 0;
  std::memcpy(&n, buf.data() + 1, sizeof n);
  if (buf.size() < 5 + static_cast<size_t>(n)) return false;
  type = buf[0];
  payload = buf.substr(5, n);
  buf.erase(0, 5 + static_cast<size_t>(n));
  return true;
}

// Blocking read of one frame within the deadline; bytes read past it stay in `buf`.
bool read_frame(int fd, Clock::time_point deadline, std::string& buf, char& type,
                std::string& payload) {
  while (!pop_frame(buf, type, payload)) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(ms_left(deadline))) <= 0) return false;
    char chunk[4096];
    const ssize_t k = ::recv(fd, chunk, sizeof chunk, 0);
    if (k <= 0) return false;
    buf.append(chunk, static_cast<size_t>(k));
  }
  return true;
}

// A connected socket to host:port within the timeout, or -1.
int connect_to(const std::string& host, uint16_t port, bool same_host, int timeout_ms) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  const std::string target = same_host ? "127.0.0.1" : host;
  if (getaddrinfo(target.c_str(), std::to_string(port).c_str(), &hints, &res) != 0) return -1;
  int fd = -1;
  for (addrinfo* a = res; a && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    const int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    int rc = ::connect(fd, a->ai_addr, a->ai_addrlen);
    if (rc != 0 && errno == EINPROGRESS) {
      pollfd p{fd, POLLOUT, 0};
      int err = 0;
      socklen_t len = sizeof err;
      rc = ::poll(&p, 1, timeout_ms) == 1 &&
                   getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0
               ? 0
               : -1;
    }
    if (rc != 0) {
      ::close(fd);
      fd = -1;
      continue;
    }
    fcntl(fd, F_SETFL, flags);
  }
  freeaddrinfo(res);
  return fd;
}

}  // namespace

struct RankWatch::Peer {
  int fd = -1;
  int rank = 0;
  int64_t pid = 0;
  std::string host;
  std::string buf;
  bool done = false, failed = false;
};

std::string RankFailure::describe(int ranks) const {
  return "rank " + std::to_string(rank) + " of " + std::to_string(ranks) +
         (pid ? " (pid " + std::to_string(pid) + " on " + host + ")" : std::string()) + ": " +
         reason;
}

RankWatch::RankWatch(int rank, int size, Handler h, RankWatchOptions o)
    : rank_(rank), size_(size), handler_(std::move(h)), o_(o) {}

std::unique_ptr<RankWatch> RankWatch::start(Communicator& comm, Handler on_failure,
                                            RankWatchOptions o) {
  std::unique_ptr<RankWatch> w(new RankWatch(comm.rank(), comm.size(), std::move(on_failure), o));
  if (comm.size() == 1) return w;
  const bool root = comm.rank() == 0;
  const std::string me = host_name();
  // Rank 0's address: [uint16 port][254 bytes host name, NUL-terminated]; port 0: no watch.
  std::array<char, 256> addr{};
  int listener = -1;
  if (root) {
    listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_ANY);
    socklen_t len = sizeof sa;
    uint16_t port = 0;
    if (listener >= 0 && ::bind(listener, reinterpret_cast<sockaddr*>(&sa), sizeof sa) == 0 &&
        ::listen(listener, comm.size()) == 0 &&
        getsockname(listener, reinterpret_cast<sockaddr*>(&sa), &len) == 0)
      port = ntohs(sa.sin_port);
    std::memcpy(addr.data(), &port, sizeof port);
    std::strncpy(addr.data() + 2, me.c_str(), addr.size() - 3);
  }
  comm.broadcast(addr.data(), addr.size(), 0);
  uint16_t port = 0;
  std::memcpy(&port, addr.data(), sizeof port);
  const std::string root_host(addr.data() + 2);
  int32_t ok = 0;
  if (!root && port != 0) {
    const int fd =
        connect_to(root_host, port, root_host == me, static_cast<int>(o.connect_timeout.count()));
    if (fd >= 0) {
      const int32_t r = comm.rank();
      const int64_t pid = ::getpid();
      std::string hello(reinterpret_cast<const char*>(&r), sizeof r);
      hello.append(reinterpret_cast<const char*>(&pid), sizeof pid);
      hello += me;
      if (send_all(fd, frame('H', hello).data(), hello.size() + 5)) {
        ok = 1;
        auto p = std::make_unique<Peer>();
        p->fd = fd;
        w->peers_.push_back(std::move(p));
      } else {
        ::close(fd);
      }
    }
  }
  std::vector<int32_t> oks(static_cast<size_t>(comm.size()));
  comm.allgather(&ok, sizeof ok, oks.data());
  if (root) {
    std::vector<bool> seen(static_cast<size_t>(comm.size()), false);
    int expected = 0;
    for (int r = 1; r < comm.size(); ++r) expected += oks[static_cast<size_t>(r)];
    const auto deadline = Clock::now() + o.connect_timeout;
    for (int i = 0; i < expected && listener >= 0; ++i) {
      pollfd p{listener, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(ms_left(deadline))) <= 0) break;
      const int fd = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) continue;
      char type = 0;
      std::string hello, rest;
      int32_t r = -1;
      if (!read_frame(fd, deadline, rest, type, hello) || type != 'H' || hello.size() < 12 ||
          (std::memcpy(&r, hello.data(), sizeof r), r <= 0 || r >= comm.size())) {
        ::close(fd);
        continue;
      }
      auto peer = std::make_unique<Peer>();
      peer->fd = fd;
      peer->rank = r;
      std::memcpy(&peer->pid, hello.data() + 4, sizeof peer->pid);
      peer->host = hello.substr(12);
      peer->buf = rest;  // a frame already sent after the hello
      seen[static_cast<size_t>(r)] = true;
      w->peers_.push_back(std::move(peer));
    }
    for (int r = 1; r < comm.size(); ++r)
      if (!seen[static_cast<size_t>(r)]) w->unwatched_.push_back(r);
  }
  if (listener >= 0) ::close(listener);
  // Whom rank 0 accepted: a rank it did not (too late, a bad hello) runs unwatched, rather than
  // take the closed connection for rank 0's end.
  std::vector<uint8_t> accepted(static_cast<size_t>(comm.size()), 0);
  if (root)
    for (const auto& p : w->peers_) accepted[static_cast<size_t>(p->rank)] = 1;
  comm.broadcast(accepted.data(), accepted.size(), 0);
  if (!root && !w->peers_.empty() && !accepted[static_cast<size_t>(comm.rank())]) {
    ::close(w->peers_[0]->fd);
    w->peers_.clear();
  }
  if (::pipe2(w->wake_, O_CLOEXEC) != 0) w->wake_[0] = w->wake_[1] = -1;
  if (!w->peers_.empty() && w->wake_[0] >= 0)
    w->thread_ = std::thread([raw = w.get()] { raw->loop(); });
  return w;
}

RankWatch::~RankWatch() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  if (wake_[1] >= 0) {
    const char c = 'x';
    [[maybe_unused]] auto k = ::write(wake_[1], &c, 1);
  }
  if (thread_.joinable()) thread_.join();
  for (auto& p : peers_)
    if (p->fd >= 0) ::close(p->fd);
  for (int fd : wake_)
    if (fd >= 0) ::close(fd);
}

void RankWatch::send_frame(Peer& p, char type, const std::string& payload) {
  std::lock_guard lock(send_mu_);  // also guards p.fd against on_close
  if (p.fd < 0) return;
  const std::string f = frame(type, payload);
  send_all(p.fd, f.data(), f.size());
}

// On the watch thread only. The handler runs before the failure is visible to failure() and
// finish(), so that whoever waits for it finds it handled.
void RankWatch::record(RankFailure f) {
  bool first = false;
  {
    std::lock_guard lock(mu_);
    if (finished_) return;
    first = failures_.empty();
  }
  if (first && handler_) handler_(f);
  {
    std::lock_guard lock(mu_);
    failures_.push_back(f);
    if (first && !trouble_since_) {
      trouble_since_ = Clock::now();
      trouble_ = f.describe(size_);
    }
  }
  cv_.notify_all();
}

void RankWatch::on_frame(Peer& p, char type, const std::string& payload) {
  if (rank_ != 0) {
    std::lock_guard lock(mu_);
    if (type == 'A') acked_ = true;
    if (type == 'B') p.done = true;
    cv_.notify_all();
    return;
  }
  if (type == 'D') {
    std::lock_guard lock(mu_);
    p.done = true;
    cv_.notify_all();
  } else if (type == 'F') {
    {
      std::lock_guard lock(mu_);
      p.failed = true;
    }
    record({p.rank, p.pid, p.host, true, payload});
    send_frame(p, 'A', "");
  }
}

void RankWatch::on_close(Peer& p) {
  {
    std::lock_guard lock(send_mu_);
    ::close(p.fd);
    p.fd = -1;
  }
  if (rank_ != 0) {
    std::lock_guard lock(mu_);
    if (!p.done && !finished_ && !trouble_since_) {
      trouble_since_ = Clock::now();
      trouble_ = "rank 0's connection closed without its bye (rank 0 ended or failed)";
    }
    cv_.notify_all();
    return;
  }
  bool vanished = false;
  {
    std::lock_guard lock(mu_);
    vanished = !p.done && !p.failed;
    p.failed = p.failed || vanished;
  }
  if (vanished) {
    record({p.rank, p.pid, p.host, false,
            "ended without a word: killed or crashed (its connection to rank 0 closed)"});
  }
}

void RankWatch::check_abandon() {
  std::string what;
  {
    std::lock_guard lock(mu_);
    if (!trouble_since_ || finished_ || o_.abandon_after.count() <= 0 ||
        Clock::now() - *trouble_since_ < o_.abandon_after)
      return;
    what = trouble_;
  }
  std::fprintf(stderr,
               "d500: rank %d of %d: %s; this rank still runs %.0f s later (waiting for a rank "
               "that is gone): ending it\n",
               rank_, size_, what.c_str(), static_cast<double>(o_.abandon_after.count()) / 1000);
  std::fflush(stderr);
  std::_Exit(o_.exit_code);
}

void RankWatch::loop() {
  for (auto& p : peers_) {  // frames that came with the hello
    char type = 0;
    std::string payload;
    while (pop_frame(p->buf, type, payload)) on_frame(*p, type, payload);
  }
  while (true) {
    std::vector<pollfd> fds{{wake_[0], POLLIN, 0}};
    std::vector<Peer*> who;
    for (auto& p : peers_)
      if (p->fd >= 0) {  // only this thread changes fd
        fds.push_back({p->fd, POLLIN, 0});
        who.push_back(p.get());
      }
    const int n = ::poll(fds.data(), fds.size(), 200);
    {
      std::lock_guard lock(mu_);
      if (stopping_) return;
    }
    if (n < 0 && errno != EINTR) return;
    for (size_t i = 1; n > 0 && i < fds.size(); ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Peer& p = *who[i - 1];
      char chunk[4096];
      const ssize_t k = ::recv(p.fd, chunk, sizeof chunk, MSG_DONTWAIT);
      if (k < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (k > 0) {
        p.buf.append(chunk, static_cast<size_t>(k));
        char type = 0;
        std::string payload;
        while (pop_frame(p.buf, type, payload)) on_frame(p, type, payload);
        continue;
      }
      on_close(p);
    }
    check_abandon();
  }
}

bool RankWatch::report(const std::string& reason, std::chrono::milliseconds wait) {
  if (rank_ == 0 || peers_.empty()) return false;
  send_frame(*peers_[0], 'F', reason.substr(0, 4000));
  std::unique_lock lock(mu_);
  cv_.wait_for(lock, wait, [&] { return acked_ || trouble_since_.has_value(); });
  finished_ = true;  // this rank is leaving: no abandon message of its own
  return acked_;
}

std::optional<RankFailure> RankWatch::finish(std::chrono::milliseconds wait) {
  if (rank_ != 0) {
    if (!peers_.empty()) send_frame(*peers_[0], 'D', "");
    std::lock_guard lock(mu_);
    finished_ = true;
    return std::nullopt;
  }
  std::unique_lock lock(mu_);
  cv_.wait_for(lock, wait, [&] {
    if (!failures_.empty()) return true;
    for (auto& p : peers_)
      if (!p->done && !p->failed) return false;
    return true;
  });
  finished_ = true;
  lock.unlock();
  for (auto& p : peers_) send_frame(*p, 'B', "");
  lock.lock();
  if (failures_.empty()) return std::nullopt;
  return failures_.front();
}

std::optional<RankFailure> RankWatch::failure(std::chrono::milliseconds wait) {
  std::unique_lock lock(mu_);
  cv_.wait_for(lock, wait, [&] { return !failures_.empty(); });
  if (failures_.empty()) return std::nullopt;
  return failures_.front();
}

std::vector<RankFailure> RankWatch::failures() const {
  std::lock_guard lock(mu_);
  return failures_;
}

std::vector<int> RankWatch::unwatched() const {
  return unwatched_;
}

}  // namespace d500::distributed
