// Test support: an HTTP/1.1 server on 127.0.0.1 (a free port) that records every request and
// answers each with what a handler returns, one request per connection. Started by the
// constructor, stopped by the destructor.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace d500::test {

struct HttpExchange {
  std::string method, target, body;  // target: path and query, as sent
};

struct HttpReply {
  int status = 200;
  std::string body = "{}";
  bool chunked = false;  // send the body with Transfer-Encoding: chunked
};

class FakeHttpServer {
 public:
  using Handler = std::function<HttpReply(const HttpExchange&)>;

  explicit FakeHttpServer(Handler handler) : handler_(std::move(handler)) {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    listen(fd_, 16);
    getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
    port_ = ntohs(a.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~FakeHttpServer() {
    stop_ = true;
    shutdown(fd_, SHUT_RDWR);
    close(fd_);
    thread_.join();
  }

  int port() const { return port_; }
  std::string uri() const { return "http://127.0.0.1:" + std::to_string(port_); }
  std::vector<HttpExchange> requests() const {
    std::lock_guard<std::mutex> lock(mu_);
    return requests_;
  }

 private:
  void serve() {
    while (!stop_) {
      const int c = accept(fd_, nullptr, nullptr);
      if (c < 0) return;
      HttpExchange x;
      if (read_request(c, x)) {
        {
          std::lock_guard<std::mutex> lock(mu_);
          requests_.push_back(x);
        }
        write_reply(c, handler_(x));
      }
      close(c);
    }
  }

  static bool read_request(int c, HttpExchange& x) {
    std::string raw;
    char buf[8192];
    size_t head_end = std::string::npos, need = 0;
    while (true) {
      const ssize_t n = recv(c, buf, sizeof buf, 0);
      if (n <= 0) return false;
      raw.append(buf, static_cast<size_t>(n));
      if (head_end == std::string::npos && (head_end = raw.find("\r\n\r\n")) != std::string::npos) {
        const auto cl = raw.find("Content-Length: ");
        need = cl < head_end ? std::strtoul(raw.c_str() + cl + 16, nullptr, 10) : 0;
      }
      if (head_end != std::string::npos && raw.size() >= head_end + 4 + need) break;
    }
    const size_t sp1 = raw.find(' '), sp2 = raw.find(' ', sp1 + 1);
    x.method = raw.substr(0, sp1);
    x.target = raw.substr(sp1 + 1, sp2 - sp1 - 1);
    x.body = raw.substr(head_end + 4, need);
    return true;
  }

  static void write_reply(int c, const HttpReply& r) {
    std::string out =
        "HTTP/1.1 " + std::to_string(r.status) + " X\r\nContent-Type: application/json\r\n";
    if (r.chunked) {
      out += "Transfer-Encoding: chunked\r\n\r\n";
      const size_t half = r.body.size() / 2;
      for (const std::string& part : {r.body.substr(0, half), r.body.substr(half)}) {
        char len[32];
        std::snprintf(len, sizeof len, "%zx\r\n", part.size());
        if (!part.empty()) out += len + part + "\r\n";
      }
      out += "0\r\n\r\n";
    } else {
      out += "Content-Length: " + std::to_string(r.body.size()) + "\r\n\r\n" + r.body;
    }
    for (size_t sent = 0; sent < out.size();) {
      const ssize_t n = send(c, out.data() + sent, out.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return;
      sent += static_cast<size_t>(n);
    }
  }

  Handler handler_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  mutable std::mutex mu_;
  std::vector<HttpExchange> requests_;
  std::thread thread_;
};

}  // namespace d500::test
