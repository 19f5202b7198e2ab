#include "d500/env/filesystem.h"

#include <sys/vfs.h>

#include <cstdio>
#include <filesystem>

namespace d500::env {

namespace {

struct Known {
  unsigned long magic;
  const char* name;
  FileSystemKind::Reach reach;
};

using R = FileSystemKind::Reach;
// statfs(2) f_type values (linux/magic.h and the vendors' own).
constexpr Known kKnown[] = {
    {0xEF53, "ext4", R::Local},          {0x58465342, "xfs", R::Local},
    {0x9123683E, "btrfs", R::Local},     {0x01021994, "tmpfs", R::Local},
    {0x794C7630, "overlayfs", R::Local}, {0x2FC12FC1, "zfs", R::Local},
    {0x4d44, "vfat", R::Local},          {0x5346544e, "ntfs", R::Local},
    {0x6969, "nfs", R::Shared},          {0x0BD00BD0, "lustre", R::Shared},
    {0x47504653, "gpfs", R::Shared},     {0x19830326, "beegfs", R::Shared},
    {0x00C36400, "cephfs", R::Shared},   {0xFF534D42, "cifs", R::Shared},
    {0xFE534D42, "smb2", R::Shared},     {0x6B414653, "afs", R::Shared},
    {0x65735546, "fuse", R::Unknown},    {0x013111A8, "ibrix", R::Shared},
    {0x5346414F, "openafs", R::Shared},  {0xaad7aaea, "panfs", R::Shared},
};

}  // namespace

FileSystemKind filesystem_kind(const std::string& path) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(path.empty() ? "." : path, ec);
  struct statfs fs {};
  while (!p.empty() && ::statfs(p.c_str(), &fs) != 0) {
    if (p == p.parent_path()) return {"unknown", R::Unknown};
    p = p.parent_path();
  }
  if (p.empty()) return {"unknown", R::Unknown};
  const auto magic = static_cast<unsigned long>(fs.f_type) & 0xFFFFFFFFul;
  for (const Known& k : kKnown)
    if (k.magic == magic) return {k.name, k.reach};
  char hex[32];
  std::snprintf(hex, sizeof hex, "type 0x%lx", magic);
  return {hex, R::Unknown};
}

std::string shared_filesystem_warning(const std::string& what, const std::string& path, int nodes) {
  if (nodes <= 1) return "";
  const FileSystemKind k = filesystem_kind(path);
  if (k.reach != R::Local) return "";
  return what + " " + path + " is on a local file system (" + k.name + "), but the job runs on " +
         std::to_string(nodes) +
         " nodes: every node must see it; put it on a shared file system (NFS, Lustre, GPFS, "
         "BeeGFS, CephFS)";
}

}  // namespace d500::env
