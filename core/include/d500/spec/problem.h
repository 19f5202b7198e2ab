// A problem of an experiment: where (a JSON path) and what was expected. The runner prints them
// as "file:$.path: message" lines; the studio lists them and goes to the field at the path.
#pragma once

#include <string>
#include <vector>

#include "d500/error.h"

namespace d500::spec {

struct Problem {
  std::string path;     // "$.network.executors[1]"; "$" when it is the whole file
  std::string message;  // what was expected, or why it cannot be used
  bool operator==(const Problem&) const = default;
};

using Problems = std::vector<Problem>;

// One per line, "source:path: message"; a message's own further lines follow it.
std::string format_problems(const Problems& problems, const std::string& source);

// The problems in an Error of the parsers (spec::Checker writes "source:$.path: what" lines):
// lines that do not start with "source:" continue the previous problem (a problem list file's
// or a recipe's own problems); an Error with a `where` is one problem at the path in it.
Problems problems_from_error(const Error& error, const std::string& source);

}  // namespace d500::spec
