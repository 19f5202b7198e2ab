#include "d500/error.h"

#include <cstdio>
#include <cstdlib>

namespace d500 {

void assertion_failed(const char* expr, std::source_location loc) {
  std::fprintf(stderr, "d500: internal error: assertion `%s` failed at %s:%u (%s)\n", expr,
               loc.file_name(), static_cast<unsigned>(loc.line()), loc.function_name());
  std::abort();
}

}  // namespace d500
