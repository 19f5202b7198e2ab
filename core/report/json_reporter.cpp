// JSON: {"title", "sections": [{"heading", "fields": {key: value}, "lines": [...], "tables":
// [{"columns": [...], "rows": [[...]]}]}]}. Strings keep their bytes (JSON escapes them); bytes
// that are not UTF-8 become visible escapes, as nlohmann's dump would otherwise throw.
// GCC 12 warns falsely (-Warray-bounds, inside std::map) on nlohmann::json's object values.
#pragma GCC diagnostic ignored "-Warray-bounds"
#include <nlohmann/json.hpp>

#include "d500/report/printable.h"
#include "reporters.h"

namespace d500::report {

namespace {

using nlohmann::json;

// Valid UTF-8 kept (control characters too: JSON escapes them); a string with a byte that is not
// UTF-8 printable(), where that byte becomes a visible "\\xff".
std::string utf8(const std::string& s) {
  try {
    (void)json(s).dump();
    return s;
  } catch (const json::type_error&) {
    return printable(s, true);
  }
}

json section_json(const Section& s) {
  json fields = json::object(), lines = json::array(), tables = json::array();
  for (const Block* b : s.blocks) {
    if (b->kind == Block::Kind::Field) fields[utf8(b->text)] = utf8(b->value);
    if (b->kind == Block::Kind::Line && !b->text.empty()) lines.push_back(utf8(b->text));
    if (b->kind != Block::Kind::Table) continue;
    json columns = json::array(), rows = json::array();
    for (const auto& c : b->rows.front()) columns.push_back(utf8(c));
    for (size_t r = 1; r < b->rows.size(); ++r) {
      json row = json::array();
      for (const auto& c : b->rows[r]) row.push_back(utf8(c));
      rows.push_back(std::move(row));
    }
    json table = json::object();
    table["columns"] = std::move(columns);
    table["rows"] = std::move(rows);
    tables.push_back(std::move(table));
  }
  json out = json::object();
  out["heading"] = utf8(s.heading);
  out["fields"] = std::move(fields);
  out["lines"] = std::move(lines);
  out["tables"] = std::move(tables);
  return out;
}

class JsonReporter : public Reporter {
 public:
  void write(const Document& doc, std::ostream& out) const override {
    json sections = json::array();
    for (const auto& s : sections_of(doc)) sections.push_back(section_json(s));
    json j = json::object();
    j["title"] = utf8(doc.title);
    j["sections"] = std::move(sections);
    out << j.dump(2) << '\n';
  }
};

}  // namespace

std::unique_ptr<Reporter> make_json_reporter() {
  return std::make_unique<JsonReporter>();
}

}  // namespace d500::report
