// Errors and results: expected failures travel as values, programmer errors abort with a location.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace d500 {

// What a user (or a calling program) can act on: what went wrong, and where ("file.json:$.a.b",
// "plugin reference: Gemm", "store project.d500db").
struct Error {
  std::string message;
  std::string where;

  // "where: message", or just the message when there is no location.
  std::string to_string() const { return where.empty() ? message : where + ": " + message; }
};

// Thrown inside core and the runner for expected failures; converted to exit codes at the top.
// Never crosses a plugin boundary (plugins return d500_status).
class D500Error : public std::runtime_error {
 public:
  explicit D500Error(Error e) : std::runtime_error(e.to_string()), error_(std::move(e)) {}
  D500Error(std::string message, std::string where = {})
      : D500Error(Error{std::move(message), std::move(where)}) {}
  const Error& error() const { return error_; }

 private:
  Error error_;
};

// The result store failed while reading or writing (a full disk, an unwritable, locked or corrupt
// file): the runner's exit code 4, not a bad input.
class StoreError : public D500Error {
 public:
  using D500Error::D500Error;
};

// A value or an Error (std::expected is C++23; this is the subset we need).
template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return get_or_throw(); }
  const T& value() const& { return const_cast<Result*>(this)->get_or_throw(); }
  T&& value() && { return std::move(get_or_throw()); }
  T* operator->() { return &get_or_throw(); }
  T& operator*() { return get_or_throw(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  T& get_or_throw() {
    if (!ok()) throw D500Error(std::get<1>(v_));
    return std::get<0>(v_);
  }
  std::variant<T, Error> v_;
};

// The location comes from __FILE__/__LINE__ rather than std::source_location, which clang 14 (the
// fuzz build) does not provide with libstdc++ 12.
[[noreturn]] void assertion_failed(const char* expr, const char* file, unsigned line,
                                   const char* function);

}  // namespace d500

// Checks a programmer's assumption; on failure prints the expression, file and line, and aborts.
#define D500_ASSERT(expr) \
  ((expr) ? (void)0 : ::d500::assertion_failed(#expr, __FILE__, __LINE__, __PRETTY_FUNCTION__))
