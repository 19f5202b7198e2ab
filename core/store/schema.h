// Private to the store (and its tests): the schema as an ordered list of migration steps.
#pragma once

#include <optional>
#include <span>
#include <string>

struct sqlite3;

namespace d500::store::detail {

// Written into every store so that a SQLite file of another program is not mistaken for ours.
// 0x64353030 is "d500" in ASCII.
inline constexpr int kApplicationId = 0x64353030;

// Step `version` brings a store from version-1 to `version`. Steps are append-only: a released
// step is never edited, because stores written with it exist; changes go into a new step.
struct Migration {
  int version;
  const char* sql;
};
std::span<const Migration> migrations();

// Reads an existing file's schema version (0 = empty file, no schema yet). Returns an error
// message when the file is not a d500 store or was written by a newer d500.
std::optional<std::string> inspect(sqlite3* db, int* version);

// Brings an open read-write store to current_schema_version() in one transaction. Returns an
// error message, or nothing on success.
std::optional<std::string> migrate(sqlite3* db);

// The same steps inside a transaction the caller holds (a merge migrates its output and copies
// runs into it in one transaction).
std::optional<std::string> migrate_in_transaction(sqlite3* db);

// Runs SQL that returns no rows; returns sqlite's error message on failure.
std::optional<std::string> exec(sqlite3* db, const char* sql);

}  // namespace d500::store::detail
