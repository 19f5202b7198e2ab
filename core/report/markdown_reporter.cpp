// Markdown (CommonMark with GitHub's pipe tables): "# title", "## heading", consecutive lines as
// one paragraph, fields as a list, tables as pipe tables. Text is escaped so that a name from a
// store cannot open a link, an HTML tag, emphasis or a new table cell.
#include <algorithm>

#include "d500/report/printable.h"
#include "reporters.h"

namespace d500::report {

namespace {

std::string md(const std::string& raw) {
  std::string out;
  for (char c : printable(raw)) {
    if (std::string_view("\\`*_[]<>|#!~").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string table_text(const Rows& rows) {
  size_t columns = 0;
  for (const auto& r : rows) columns = std::max(columns, r.size());
  std::string out;
  for (size_t r = 0; r < rows.size(); ++r) {
    out += r ? "\n|" : "|";
    for (size_t i = 0; i < columns; ++i)
      out += " " + (i < rows[r].size() ? md(rows[r][i]) : std::string()) + " |";
    if (r > 0) continue;
    out += "\n|";
    for (size_t i = 0; i < columns; ++i) out += " --- |";
  }
  return out;
}

class MarkdownReporter : public Reporter {
 public:
  void write(const Document& doc, std::ostream& out) const override {
    // Chunks apart by a blank line; a run of lines is one paragraph (hard breaks), a run of
    // fields one list.
    std::vector<std::string> chunks;
    if (!doc.title.empty()) chunks.push_back("# " + md(doc.title));
    const Block* last = nullptr;
    for (const auto& b : doc.blocks) {
      if (b.kind == Block::Kind::Line && b.text.empty()) continue;
      const bool same = last && last->kind == b.kind;
      if (b.kind == Block::Kind::Line && same)
        chunks.back() += "  \n" + md(b.text);
      else if (b.kind == Block::Kind::Field)
        (same ? chunks.back() += "\n" : chunks.emplace_back()) +=
            "- **" + md(b.text) + ":** " + md(b.value);
      else if (b.kind == Block::Kind::Line)
        chunks.push_back(md(b.text));
      else if (b.kind == Block::Kind::Heading)
        chunks.push_back("## " + md(b.text));
      else
        chunks.push_back(table_text(b.rows));
      last = &b;
    }
    for (size_t i = 0; i < chunks.size(); ++i) out << (i ? "\n\n" : "") << chunks[i];
    out << '\n';
  }
};

}  // namespace

std::unique_ptr<Reporter> make_markdown_reporter() {
  return std::make_unique<MarkdownReporter>();
}

}  // namespace d500::report
