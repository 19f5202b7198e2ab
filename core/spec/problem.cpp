#include "d500/spec/problem.h"

namespace d500::spec {

std::string format_problems(const Problems& problems, const std::string& source) {
  std::string out;
  for (const Problem& p : problems)
    out += (out.empty() ? "" : "\n") + source + ":" + p.path + ": " + p.message;
  return out;
}

namespace {

// "$.a.b: what" -> {"$.a.b", "what"}; text without a path is a problem of the whole file.
Problem split(const std::string& rest) {
  const size_t sep = rest.find(": ");
  if (rest.rfind("$", 0) != 0 || sep == std::string::npos) return {"$", rest};
  return {rest.substr(0, sep), rest.substr(sep + 2)};
}

}  // namespace

Problems problems_from_error(const Error& error, const std::string& source) {
  const std::string prefix = source + ":";
  if (!error.where.empty()) {
    const std::string at =
        error.where.rfind(prefix, 0) == 0 ? error.where.substr(prefix.size()) : error.where;
    return {{at.rfind("$", 0) == 0 ? at : "$", error.message}};
  }
  Problems out;
  size_t start = 0;
  const std::string& text = error.message;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    if (line.rfind(prefix, 0) == 0)
      out.push_back(split(line.substr(prefix.size())));
    else if (!out.empty())
      out.back().message += "\n" + line;
    else
      out.push_back({"$", line});
  }
  return out;
}

}  // namespace d500::spec
