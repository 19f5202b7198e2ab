// A report as content, apart from its format: a title and blocks in reading order (headings,
// lines of prose, key-value fields, tables). A level contributes its sections once, as blocks of a
// Document; a Reporter (reporter.h) writes the Document as text, CSV, JSON, Markdown or HTML.
// Cells and lines hold plain text; every reporter escapes them for its own format.
#pragma once

#include <string>
#include <vector>

namespace d500::report {

// Rows of cells; the first row is the header.
using Rows = std::vector<std::vector<std::string>>;

struct Block {
  enum class Kind { Heading, Line, Field, Table };
  Kind kind = Kind::Line;
  std::string text;   // the heading, the line, or the field's key
  std::string value;  // the field's value
  Rows rows;          // the table's rows, header first
};

struct Document {
  std::string title;  // text prints it as the first line; "" for none
  std::vector<Block> blocks;

  // A new section: "metrics", "step profile". Text writes it as "\n<text>:" (a blank line first).
  Document& heading(std::string text);
  // One line of prose; "" is a blank line (text keeps it, the other formats drop it).
  Document& line(std::string text);
  // "key  value" under the current heading (text aligns the values of consecutive fields).
  Document& field(std::string key, std::string value);
  // A table; rows.front() is its header. A table with no rows is dropped.
  Document& table(Rows rows);

  // Appends `other`'s blocks (its title is dropped).
  Document& append(const Document& other);
};

}  // namespace d500::report
