// A small HTTP/1.1 client over a TCP socket, enough for MLflow's REST API (mlflow_rest.cpp): one
// request per connection ("Connection: close"), JSON bodies, answers with Content-Length, chunked
// or ended by the close. Plain http only.
// Threading: no shared state; call from any thread.
#pragma once

#include <string>

#include "d500/error.h"

namespace d500::interop {

struct HttpUrl {
  std::string host;  // a name or an address; [v6] without its brackets
  int port = 80;
  std::string prefix;  // the path before the API's, without a trailing "/"; "" for none
};

// "http://HOST[:PORT][/PREFIX]". An https URL is refused with the reason (no TLS here).
Result<HttpUrl> parse_http_url(const std::string& uri);

struct HttpResponse {
  int status = 0;  // 200, 404, ...
  std::string body;
};

// Sends METHOD `target` (path and query, prefix included) with `json_body` ("" for none) and
// returns the answer; connecting, sending or reading failing, or taking longer than timeout_s
// for one step, is an error naming host and port.
Result<HttpResponse> http_request(const HttpUrl& url, const std::string& method,
                                  const std::string& target, const std::string& json_body,
                                  int timeout_s = 30);

// Percent-encoding: RFC 3986's unreserved characters, and those in `keep`, stay as they are.
std::string url_encode(const std::string& s, const char* keep = "");

}  // namespace d500::interop
