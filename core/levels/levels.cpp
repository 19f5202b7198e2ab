#include "levels.h"

namespace d500::run {

namespace {
const Level* const kLevels[] = {&kOperatorLevel, &kNetworkLevel, &kCollectiveLevel, &kTrainingLevel,
                                &kDistributedLevel};
}  // namespace

const Level* find_level(const std::string& name) {
  for (const Level* l : kLevels)
    if (name == l->name) return l;
  return nullptr;
}

std::vector<std::string> level_names() {
  std::vector<std::string> names;
  for (const Level* l : kLevels) names.push_back(l->name);
  return names;
}

}  // namespace d500::run
