#include "d500/report/document.h"

namespace d500::report {

Document& Document::heading(std::string text) {
  blocks.push_back({Block::Kind::Heading, std::move(text), {}, {}});
  return *this;
}

Document& Document::line(std::string text) {
  blocks.push_back({Block::Kind::Line, std::move(text), {}, {}});
  return *this;
}

Document& Document::field(std::string key, std::string value) {
  blocks.push_back({Block::Kind::Field, std::move(key), std::move(value), {}});
  return *this;
}

Document& Document::table(Rows rows) {
  if (!rows.empty()) blocks.push_back({Block::Kind::Table, {}, {}, std::move(rows)});
  return *this;
}

Document& Document::append(const Document& other) {
  blocks.insert(blocks.end(), other.blocks.begin(), other.blocks.end());
  return *this;
}

}  // namespace d500::report
