#include "d500/json_input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace d500 {

namespace {

std::string file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// The byte offset where nesting first exceeds max_depth, or npos. Brackets inside strings do not
// count; the parser itself reports malformed text afterwards.
size_t too_deep_at(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"')
      in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > max_depth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::string_view::npos;
}

// nlohmann's texts start with "[json.exception.KIND.ID] "; with JSON_DIAGNOSTICS a JSON pointer
// in parentheses follows ("(/launcher/ranks) ").
std::string strip_prefix(std::string what, std::string* pointer) {
  if (what.rfind("[json.exception.", 0) == 0) {
    auto end = what.find("] ");
    if (end != std::string::npos) what = what.substr(end + 2);
  }
  if (!what.empty() && what[0] == '(') {
    auto end = what.find(") ");
    if (end != std::string::npos) {
      if (pointer) *pointer = what.substr(1, end - 1);
      what = what.substr(end + 2);
    }
  }
  return what;
}

// "/a/b/2" -> "$.a.b[2]"
std::string pointer_to_path(const std::string& pointer) {
  std::string path = "$";
  size_t i = 0;
  while (i < pointer.size() && pointer[i] == '/') {
    size_t next = pointer.find('/', i + 1);
    std::string token =
        pointer.substr(i + 1, next == std::string::npos ? std::string::npos : next - i - 1);
    bool index = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
    path += index ? "[" + token + "]" : "." + token;
    if (next == std::string::npos) break;
    i = next;
  }
  return path;
}

}  // namespace

Result<std::string> read_input_file(const std::string& path, size_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return Error{std::string("cannot open: ") + std::strerror(errno), path};
  if (!S_ISREG(st.st_mode)) return Error{"is " + file_kind(st.st_mode) + ", not a file", path};
  if (static_cast<uint64_t>(st.st_size) > max_bytes)
    return Error{"is " + std::to_string(st.st_size) + " bytes; at most " +
                     std::to_string(max_bytes) + " are read",
                 path};
  // O_NONBLOCK: should the path have become a FIFO since stat, open must not wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return Error{std::string("cannot open: ") + std::strerror(errno), path};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error{"is not a regular file", path};
  }
  std::string text;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      std::string why = std::strerror(errno);
      ::close(fd);
      return Error{"cannot read: " + why, path};
    }
    if (n == 0) break;
    if (text.size() + static_cast<size_t>(n) > max_bytes) {
      ::close(fd);
      return Error{"grew past " + std::to_string(max_bytes) + " bytes while being read", path};
    }
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return text;
}

Result<nlohmann::json> parse_json(std::string_view text, const std::string& where, int max_depth) {
  if (size_t at = too_deep_at(text, max_depth); at != std::string_view::npos)
    return Error{"not accepted: nested deeper than " + std::to_string(max_depth) +
                     " levels (at byte " + std::to_string(at) + ")",
                 where};
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    return Error{"not valid JSON: " + strip_prefix(e.what(), nullptr), where};
  }
}

Result<nlohmann::json> read_json_file(const std::string& path, int max_depth) {
  auto text = read_input_file(path);
  if (!text) return text.error();
  return parse_json(*text, path, max_depth);
}

std::string describe_json_error(const nlohmann::json::exception& e) {
  std::string pointer;
  std::string what = strip_prefix(e.what(), &pointer);
  return pointer.empty() ? what : pointer_to_path(pointer) + ": " + what;
}

}  // namespace d500
