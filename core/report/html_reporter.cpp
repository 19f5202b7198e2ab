// HTML: one self-contained page (no script, no external file): the title as <h1>, each heading as
// <h2>, lines as paragraphs, a run of fields as a two-column table, tables with a header row and
// numbers right-aligned. Every string is escaped; control characters are shown, not obeyed.
#include <cctype>

#include "d500/report/printable.h"
#include "reporters.h"

namespace d500::report {

namespace {

// "12.3 ms", "1.05x", "-0.4" read best right-aligned, like a spreadsheet's numbers.
bool numeric(const std::string& s) {
  size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
  return i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]));
}

const char* kStyle =
    "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:80em}"
    "h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}"
    "table{border-collapse:collapse;margin:.6em 0}"
    "th,td{padding:.25em .7em;border-bottom:1px solid #e4e4e4;text-align:left;white-space:nowrap}"
    "table.fields td{white-space:normal}"
    "th{background:#f3f3f3}td.num{text-align:right;font-variant-numeric:tabular-nums}"
    "table.fields th{background:none;font-weight:600}";

void write_table(const Rows& rows, std::ostream& out) {
  out << "<table>\n<thead><tr>";
  for (const auto& c : rows.front()) out << "<th>" << markup_escape(c) << "</th>";
  out << "</tr></thead>\n<tbody>\n";
  for (size_t r = 1; r < rows.size(); ++r) {
    out << "<tr>";
    for (const auto& c : rows[r])
      out << (!c.empty() && numeric(c) ? "<td class=\"num\">" : "<td>") << markup_escape(c)
          << "</td>";
    out << "</tr>\n";
  }
  out << "</tbody>\n</table>\n";
}

class HtmlReporter : public Reporter {
 public:
  void write(const Document& doc, std::ostream& out) const override {
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
        << markup_escape(doc.title.empty() ? "d500 report" : doc.title) << "</title>\n<style>"
        << kStyle << "</style>\n</head>\n<body>\n";
    if (!doc.title.empty()) out << "<h1>" << markup_escape(doc.title) << "</h1>\n";
    bool in_fields = false;
    for (const auto& b : doc.blocks) {
      const bool field = b.kind == Block::Kind::Field;
      if (in_fields && !field) out << "</table>\n";
      if (field && !in_fields) out << "<table class=\"fields\">\n";
      in_fields = field;
      if (field)
        out << "<tr><th>" << markup_escape(b.text) << "</th><td>" << markup_escape(b.value)
            << "</td></tr>\n";
      if (b.kind == Block::Kind::Heading) out << "<h2>" << markup_escape(b.text) << "</h2>\n";
      if (b.kind == Block::Kind::Line && !b.text.empty())
        out << "<p>" << markup_escape(b.text) << "</p>\n";
      if (b.kind == Block::Kind::Table) write_table(b.rows, out);
    }
    if (in_fields) out << "</table>\n";
    out << "</body>\n</html>\n";
  }
};

}  // namespace

std::unique_ptr<Reporter> make_html_reporter() {
  return std::make_unique<HtmlReporter>();
}

}  // namespace d500::report
