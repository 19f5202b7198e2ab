#include "levels.h"

namespace d500::cli {

const Level* find_level(const std::string& name) {
  static const Level* const kLevels[] = {&kOperatorLevel, &kNetworkLevel, &kCollectiveLevel,
                                         &kTrainingLevel, &kDistributedLevel};
  for (const Level* l : kLevels)
    if (name == l->name) return l;
  return nullptr;
}

}  // namespace d500::cli
