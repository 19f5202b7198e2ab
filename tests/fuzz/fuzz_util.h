// Shared by the fuzz targets: readers that only take a path get the input through a file of this
// process's own temporary folder, rewritten for every input.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace d500::fuzz {

// A folder of its own per process (parallel fuzzing jobs must not share files), made on first
// use and removed at a normal exit (a crash leaves it for inspection).
inline const std::filesystem::path& scratch_dir() {
  struct Scratch {
    std::filesystem::path dir;
    Scratch() {
      const char* tmp = std::getenv("TMPDIR");
      dir = std::filesystem::path(tmp && *tmp ? tmp : "/tmp") /
            ("d500-fuzz-" + std::to_string(::getpid()));
      std::filesystem::create_directories(dir);
    }
    ~Scratch() {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
  };
  static const Scratch scratch;
  return scratch.dir;
}

// Writes the input to `name` in the scratch folder and returns its path.
inline std::string write_input(const uint8_t* data, size_t size, const std::string& name) {
  const std::string path = (scratch_dir() / name).string();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

inline std::string_view as_view(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace d500::fuzz
