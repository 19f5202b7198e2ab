// Reading JSON a user gave us (experiments, problem lists, recipes, projects, manifests, stored
// specs) with the limits every input has: only regular files (a FIFO or a device would block or
// never end), a size cap, a nesting cap checked before the parser runs (nlohmann's value tree is
// recursive: 100,000 levels overflow the stack), and errors that say where.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "d500/error.h"

namespace d500 {

inline constexpr int kMaxJsonDepth = 256;
inline constexpr size_t kMaxJsonBytes = size_t{64} << 20;

// The whole content of a regular file of at most max_bytes; an Error naming the path otherwise
// (missing, unreadable, a folder, a FIFO, a device, too large). Never blocks on a FIFO.
Result<std::string> read_input_file(const std::string& path, size_t max_bytes = kMaxJsonBytes);

// Parses text as JSON; `where` names it in errors ("exp.json"). Refuses nesting deeper than
// max_depth before parsing, and reports parse errors with their line and column.
Result<nlohmann::json> parse_json(std::string_view text, const std::string& where,
                                  int max_depth = kMaxJsonDepth);

// read_input_file + parse_json.
Result<nlohmann::json> read_json_file(const std::string& path, int max_depth = kMaxJsonDepth);

// A nlohmann exception as "$.a.b[2]: what was wrong" (the path comes from JSON_DIAGNOSTICS, set
// for the whole build), without the library's "[json.exception.type_error.302]" prefix.
std::string describe_json_error(const nlohmann::json::exception& e);

}  // namespace d500
