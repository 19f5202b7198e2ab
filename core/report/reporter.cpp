#include "d500/report/reporter.h"

#include <cctype>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "reporters.h"

namespace d500::report {

namespace {

struct Entry {
  FormatInfo info;
  std::unique_ptr<Reporter> (*make)();
};

// Each format: one registration.
const std::vector<Entry>& entries() {
  static const std::vector<Entry> all{
      {{"text", ".txt", "aligned columns for a terminal"}, make_text_reporter},
      {{"csv", ".csv", "one CSV block per table; headings and fields as # comments"},
       make_csv_reporter},
      {{"json", ".json", "sections with their fields, lines and tables"}, make_json_reporter},
      {{"md", ".md", "Markdown: headings, lists and pipe tables"}, make_markdown_reporter},
      {{"html", ".html", "one self-contained HTML page"}, make_html_reporter},
  };
  return all;
}

}  // namespace

const std::vector<FormatInfo>& formats() {
  static const std::vector<FormatInfo> all = [] {
    std::vector<FormatInfo> out;
    for (const auto& e : entries()) out.push_back(e.info);
    return out;
  }();
  return all;
}

std::unique_ptr<Reporter> make_reporter(std::string_view name) {
  for (const auto& e : entries())
    if (e.info.name == name) return e.make();
  return nullptr;
}

std::string format_for_path(std::string_view path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".htm") ext = ".html";
  for (const auto& f : formats())
    if (!ext.empty() && f.extension == ext) return f.name;
  return "";
}

std::string format_names() {
  std::string out;
  for (const auto& f : formats()) out += (out.empty() ? "" : ", ") + f.name;
  return out;
}

std::string render(const Document& doc, std::string_view format) {
  auto r = make_reporter(format);
  if (!r)
    throw std::invalid_argument("unknown report format \"" + std::string(format) + "\" (one of " +
                                format_names() + ")");
  std::ostringstream out;
  r->write(doc, out);
  return out.str();
}

std::vector<Section> sections_of(const Document& doc) {
  std::vector<Section> out{{}};
  for (const auto& b : doc.blocks) {
    if (b.kind == Block::Kind::Heading)
      out.push_back({b.text, {}});
    else
      out.back().blocks.push_back(&b);
  }
  if (out.front().blocks.empty() && out.size() > 1) out.erase(out.begin());
  return out;
}

size_t display_width(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace d500::report
