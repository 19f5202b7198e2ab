// The experiment file as people write it: objects one key per line, but short arrays of plain
// values (shapes, sweep values, implementation lists) on one line — "inputs": [["N", "N"]]
// rather than six lines of brackets. Used for the JSON view and for saving.
#pragma once

#include <string>

#include "editor/json_path.h"

namespace d500::studio {

class JsonFormat {
 public:
  static std::string pretty(const Json& value, int indent = 2);
};

}  // namespace d500::studio
