// Private to the store: who wrote a run, and whether that process still exists.
#pragma once

#include <cstdint>
#include <string>

namespace d500::store::detail {

std::string this_host();

// "<boot id>:<start time in ticks>" of a process on this host; empty when it cannot be read.
std::string process_identity(int64_t pid);

// True only when the process recorded as (pid, identity) has certainly ended.
bool writer_gone(int64_t pid, const std::string& recorded_identity);

std::string interrupted_reason(int64_t pid);

}  // namespace d500::store::detail
