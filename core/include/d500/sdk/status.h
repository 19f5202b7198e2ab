// d500 SDK: exceptions inside a plugin, status codes across the ABI.
//
// Plugin code throws ordinary C++ exceptions; guard() catches every one of them before it could
// cross the C boundary and turns it into a d500_status plus a message in the caller's d500_error.
// Header-only, C++17, depends on plugin.h and the standard library only.
#ifndef D500_SDK_STATUS_H
#define D500_SDK_STATUS_H

#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "d500/plugin.h"

namespace d500 {
namespace sdk {

// An exception that carries its d500_status explicitly. Throw it when the standard exception
// types do not say what happened (e.g. a valid request this implementation does not support).
class Error : public std::runtime_error {
 public:
  Error(d500_status code, const std::string& message) : std::runtime_error(message), code_(code) {}
  d500_status code() const noexcept { return code_; }

 private:
  d500_status code_;
};

// A valid request this implementation does not implement (a dtype, an attribute value).
inline Error unsupported(const std::string& message) {
  return Error(D500_ERR_UNSUPPORTED, message);
}

// Writes a NUL-terminated, truncated message into err (which may be NULL) and returns code.
inline int32_t set_error(d500_error* err, d500_status code, const char* message) {
  if (err) {
    err->code = code;
    std::snprintf(err->message, sizeof err->message, "%s", message ? message : "");
  }
  return code;
}

// Runs f() and maps what it throws onto a status. The mapping, most specific first:
//   sdk::Error                         -> its own code
//   std::invalid_argument, out_of_range,
//   length_error, domain_error         -> D500_ERR_INVALID_ARGUMENT (the caller asked wrongly)
//   std::bad_alloc                     -> D500_ERR_RUNTIME ("out of memory")
//   std::runtime_error                 -> D500_ERR_RUNTIME
//   any other exception                -> D500_ERR_INTERNAL (a bug in the plugin)
// Returns D500_OK when f() returns normally. Never throws.
template <class F>
int32_t guard(d500_error* err, F&& f) noexcept {
  try {
    std::forward<F>(f)();
    return D500_OK;
  } catch (const Error& e) {
    return set_error(err, e.code(), e.what());
  } catch (const std::invalid_argument& e) {
    return set_error(err, D500_ERR_INVALID_ARGUMENT, e.what());
  } catch (const std::out_of_range& e) {
    return set_error(err, D500_ERR_INVALID_ARGUMENT, e.what());
  } catch (const std::length_error& e) {
    return set_error(err, D500_ERR_INVALID_ARGUMENT, e.what());
  } catch (const std::domain_error& e) {
    return set_error(err, D500_ERR_INVALID_ARGUMENT, e.what());
  } catch (const std::bad_alloc&) {
    return set_error(err, D500_ERR_RUNTIME, "out of memory");
  } catch (const std::runtime_error& e) {
    return set_error(err, D500_ERR_RUNTIME, e.what());
  } catch (const std::exception& e) {
    return set_error(err, D500_ERR_INTERNAL, e.what());
  } catch (...) {
    return set_error(err, D500_ERR_INTERNAL, "unknown exception (not derived from std::exception)");
  }
}

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_STATUS_H
