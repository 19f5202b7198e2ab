// The formats' classes (one file each) and what more than one of them needs.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "d500/report/reporter.h"

namespace d500::report {

std::unique_ptr<Reporter> make_text_reporter();
std::unique_ptr<Reporter> make_csv_reporter();
std::unique_ptr<Reporter> make_json_reporter();
std::unique_ptr<Reporter> make_markdown_reporter();
std::unique_ptr<Reporter> make_html_reporter();

// A document's blocks cut at its headings: the blocks before the first heading (heading ""),
// then one section per heading. Fields, lines and tables keep their order within a section.
struct Section {
  std::string heading;
  std::vector<const Block*> blocks;
};
std::vector<Section> sections_of(const Document& doc);

// Code points in UTF-8 `s` (continuation bytes not counted), so that "±" or "µ" align.
size_t display_width(std::string_view s);

}  // namespace d500::report
