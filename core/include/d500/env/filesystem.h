// Which kind of file system a path is on, and whether other machines can see it (issue 20): a
// job of several nodes needs its store, experiment and output on a file system every node
// mounts (NFS, Lustre, GPFS, BeeGFS, CephFS, ...), not on a node's local disk or tmpfs.
#pragma once

#include <string>

namespace d500::env {

struct FileSystemKind {
  enum class Reach { Local, Shared, Unknown };
  std::string name;  // "ext4", "nfs", "lustre", "tmpfs", ... or "type 0x1234" when unknown
  Reach reach = Reach::Unknown;
};

// Of the nearest existing folder at or above `path` (a store not created yet is judged by its
// folder). Unknown when nothing can be stat'ed.
FileSystemKind filesystem_kind(const std::string& path);

// A warning for a job of `nodes` nodes whose `what` ("the store") is at `path` on a local file
// system; "" when nodes <= 1 or the file system is shared or unknown.
std::string shared_filesystem_warning(const std::string& what, const std::string& path, int nodes);

}  // namespace d500::env
