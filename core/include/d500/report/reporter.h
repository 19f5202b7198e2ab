// One reporter interface for every output format (issue 30): a Reporter writes a Document
// (document.h). Each format is one class, registered once in reporter.cpp; `d500 show`, `compare`,
// `list` and `export` and the studio's exports write through it.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "d500/report/document.h"

namespace d500::report {

class Reporter {
 public:
  virtual ~Reporter() = default;
  // Writes `doc` to `out` in this reporter's format, ending with a newline.
  virtual void write(const Document& doc, std::ostream& out) const = 0;
};

struct FormatInfo {
  std::string name;       // "text", "csv", "json", "md", "html"
  std::string extension;  // ".txt", ".csv", ".json", ".md", ".html"
  std::string description;
};

// Every format, in the order `--help` lists them.
const std::vector<FormatInfo>& formats();
// The reporter of `name` (one of formats()' names), or nullptr for an unknown name.
std::unique_ptr<Reporter> make_reporter(std::string_view name);
// The format a file's extension names (".md" -> "md", ".htm" -> "html", case ignored), or "".
std::string format_for_path(std::string_view path);
// "text, csv, json, md, html": for a usage message.
std::string format_names();

// `doc` written by the reporter of `format` into a string; throws std::invalid_argument for an
// unknown format.
std::string render(const Document& doc, std::string_view format);

}  // namespace d500::report
