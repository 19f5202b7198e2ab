// Text: what a terminal shows. Every string is printable() (no control character can drive the
// terminal or forge a line); tables align on code points.
#include <algorithm>

#include "d500/report/printable.h"
#include "reporters.h"

namespace d500::report {

namespace {

using Kind = Block::Kind;

void write_table(const Rows& raw, std::ostream& out) {
  Rows rows;
  for (const auto& r : raw) {
    rows.emplace_back();
    for (const auto& cell : r) rows.back().push_back(printable(cell));
  }
  std::vector<size_t> width;
  for (const auto& r : rows)
    for (size_t i = 0; i < r.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], display_width(r[i]));
    }
  for (const auto& r : rows) {
    std::string line;
    for (size_t i = 0; i < r.size(); ++i) {
      line += r[i];
      if (i + 1 < r.size()) line += std::string(width[i] - display_width(r[i]) + 2, ' ');
    }
    out << line << '\n';
  }
}

// Consecutive fields from `i` on, their keys padded to one width (at least 8): "  status    ok".
size_t write_fields(const std::vector<Block>& blocks, size_t i, std::ostream& out) {
  size_t end = i, width = 8;
  for (; end < blocks.size() && blocks[end].kind == Kind::Field; ++end)
    width = std::max(width, display_width(printable(blocks[end].text)));
  for (; i < end; ++i) {
    const std::string key = printable(blocks[i].text);
    out << "  " << key << std::string(width - display_width(key) + 2, ' ')
        << printable(blocks[i].value) << '\n';
  }
  return end;
}

class TextReporter : public Reporter {
 public:
  void write(const Document& doc, std::ostream& out) const override {
    if (!doc.title.empty()) out << printable(doc.title) << '\n';
    const auto& b = doc.blocks;
    for (size_t i = 0; i < b.size();) {
      if (b[i].kind == Kind::Field) {
        i = write_fields(b, i, out);
        continue;
      }
      if (b[i].kind == Kind::Heading) out << '\n' << printable(b[i].text) << ":\n";
      if (b[i].kind == Kind::Line) out << printable(b[i].text) << '\n';
      if (b[i].kind == Kind::Table) write_table(b[i].rows, out);
      ++i;
    }
  }
};

}  // namespace

std::unique_ptr<Reporter> make_text_reporter() {
  return std::make_unique<TextReporter>();
}

}  // namespace d500::report
