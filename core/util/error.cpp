#include "d500/error.h"

#include <cstdio>
#include <cstdlib>

namespace d500 {

void assertion_failed(const char* expr, const char* file, unsigned line, const char* function) {
  std::fprintf(stderr, "d500: internal error: assertion `%s` failed at %s:%u (%s)\n", expr, file,
               line, function);
  std::abort();
}

}  // namespace d500
