// HTTP/1.1 over a POSIX socket (http_client.h).
#include "http_client.h"

#include <netdb.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace d500::interop {

namespace {

// Closes the socket however the request ends.
struct Socket {
  int fd = -1;
  ~Socket() {
    if (fd >= 0) close(fd);
  }
};

std::string where_of(const HttpUrl& u) {
  return "http://" + u.host + ":" + std::to_string(u.port);
}

Result<int> connect_to(const HttpUrl& u, int timeout_s) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const std::string port = std::to_string(u.port);
  if (int rc = getaddrinfo(u.host.c_str(), port.c_str(), &hints, &found); rc != 0)
    return Error{std::string("cannot resolve the host: ") + gai_strerror(rc), where_of(u)};
  std::string why = "no address";
  int fd = -1;
  for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    timeval tv{timeout_s, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      why = std::strerror(errno);
      close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  if (fd < 0) return Error{"cannot connect: " + why, where_of(u)};
  return fd;
}

// The body of a "Transfer-Encoding: chunked" answer; false when it is cut short.
bool dechunk(const std::string& in, std::string& out) {
  size_t at = 0;
  while (true) {
    const size_t eol = in.find("\r\n", at);
    if (eol == std::string::npos) return false;
    const size_t n = std::strtoul(in.substr(at, eol - at).c_str(), nullptr, 16);
    if (n == 0) return true;
    if (eol + 2 + n > in.size()) return false;
    out.append(in, eol + 2, n);
    at = eol + 2 + n + 2;
  }
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Result<HttpResponse> parse_response(const std::string& raw, const HttpUrl& u) {
  const size_t head_end = raw.find("\r\n\r\n");
  if (raw.rfind("HTTP/1.", 0) != 0 || head_end == std::string::npos)
    return Error{"not an HTTP answer" + std::string(raw.empty() ? " (nothing came back)" : ""),
                 where_of(u)};
  HttpResponse r;
  r.status = std::atoi(raw.c_str() + raw.find(' ') + 1);
  const std::string head = lower(raw.substr(0, head_end));
  const std::string body = raw.substr(head_end + 4);
  if (head.find("\r\ntransfer-encoding: chunked") != std::string::npos) {
    if (!dechunk(body, r.body)) return Error{"the answer was cut short", where_of(u)};
  } else if (auto cl = head.find("\r\ncontent-length:"); cl != std::string::npos) {
    const size_t n = std::strtoul(head.c_str() + cl + 17, nullptr, 10);
    if (body.size() < n) return Error{"the answer was cut short", where_of(u)};
    r.body = body.substr(0, n);
  } else {
    r.body = body;
  }
  return r;
}

}  // namespace

Result<HttpUrl> parse_http_url(const std::string& uri) {
  if (lower(uri.substr(0, 8)) == "https://")
    return Error{
        "https is not supported: d500 logs to MLflow over plain http (run the tracking "
        "server on http, or reach it through a local tunnel)",
        uri};
  if (lower(uri.substr(0, 7)) != "http://")
    return Error{"not an http:// address (expected http://HOST:PORT)", uri};
  HttpUrl u;
  std::string rest = uri.substr(7);
  const size_t slash = rest.find('/');
  std::string authority = rest.substr(0, slash);
  if (slash != std::string::npos) u.prefix = rest.substr(slash);
  while (!u.prefix.empty() && u.prefix.back() == '/') u.prefix.pop_back();
  size_t colon = authority.rfind(':');
  if (!authority.empty() && authority[0] == '[') {  // [v6]:port
    const size_t close = authority.find(']');
    if (close == std::string::npos) return Error{"bad address", uri};
    u.host = authority.substr(1, close - 1);
    colon = authority.find(':', close);
  } else {
    u.host = authority.substr(0, colon);
  }
  if (colon != std::string::npos) {
    const std::string port = authority.substr(colon + 1);
    char* end = nullptr;
    const long p = std::strtol(port.c_str(), &end, 10);
    if (port.empty() || *end || p < 1 || p > 65535) return Error{"bad port \"" + port + "\"", uri};
    u.port = static_cast<int>(p);
  }
  if (u.host.empty()) return Error{"no host", uri};
  return u;
}

Result<HttpResponse> http_request(const HttpUrl& url, const std::string& method,
                                  const std::string& target, const std::string& json_body,
                                  int timeout_s) {
  auto fd = connect_to(url, timeout_s);
  if (!fd) return fd.error();
  Socket sock{fd.value()};
  const bool v6 = url.host.find(':') != std::string::npos;
  std::string req = method + " " + target +
                    " HTTP/1.1\r\nHost: " + (v6 ? "[" + url.host + "]" : url.host) + ":" +
                    std::to_string(url.port) +
                    "\r\nUser-Agent: d500\r\nAccept: application/json\r\nConnection: close\r\n";
  if (!json_body.empty() || method == "POST")
    req += "Content-Type: application/json\r\nContent-Length: " + std::to_string(json_body.size()) +
           "\r\n";
  req += "\r\n" + json_body;
  for (size_t sent = 0; sent < req.size();) {
    const ssize_t n = send(sock.fd, req.data() + sent, req.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return Error{std::string("cannot send: ") + std::strerror(errno), where_of(url)};
    sent += static_cast<size_t>(n);
  }
  std::string raw;
  char buf[16384];
  while (true) {
    const ssize_t n = recv(sock.fd, buf, sizeof buf, 0);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      return Error{std::string("no answer: ") + std::strerror(errno), where_of(url)};
    }
    raw.append(buf, static_cast<size_t>(n));
  }
  return parse_response(raw, url);
}

std::string url_encode(const std::string& s, const char* keep) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' ||
        (c && std::strchr(keep, c))) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace d500::interop
