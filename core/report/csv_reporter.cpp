// CSV (RFC 4180 quoting): each table a block of header and rows, blocks apart by a blank line;
// the title, headings, lines and fields as "# " comment lines (pandas: read_csv(comment="#")).
// A document of one table and nothing else is exactly that table.
#include <cctype>

#include "d500/report/printable.h"
#include "reporters.h"

namespace d500::report {

namespace {

// Quoted when it holds a comma, a quote or a line break, or starts or ends with a space (which
// some readers would trim).
std::string csv_field(const std::string& s) {
  const bool edge_space = !s.empty() && (std::isspace(static_cast<unsigned char>(s.front())) ||
                                         std::isspace(static_cast<unsigned char>(s.back())));
  if (!edge_space && s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

class CsvReporter : public Reporter {
 public:
  void write(const Document& doc, std::ostream& out) const override {
    if (!doc.title.empty()) out << "# " << printable(doc.title) << '\n';
    bool table_before = false;
    for (const auto& b : doc.blocks) {
      switch (b.kind) {
        case Block::Kind::Heading:
          out << (table_before ? "\n" : "") << "# " << printable(b.text) << '\n';
          table_before = false;
          break;
        case Block::Kind::Line:
          if (!b.text.empty()) out << "# " << printable(b.text) << '\n';
          break;
        case Block::Kind::Field:
          out << "# " << printable(b.text) << ": " << printable(b.value) << '\n';
          break;
        case Block::Kind::Table:
          if (table_before) out << '\n';
          for (const auto& row : b.rows) {
            for (size_t i = 0; i < row.size(); ++i) out << (i ? "," : "") << csv_field(row[i]);
            out << '\n';
          }
          table_before = true;
          break;
      }
    }
  }
};

}  // namespace

std::unique_ptr<Reporter> make_csv_reporter() {
  return std::make_unique<CsvReporter>();
}

}  // namespace d500::report
