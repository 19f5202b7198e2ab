// Fuzz target: studio project files (*.d500proj) through Project::load (QtCore only), then
// written back as JSON the way "Save" does.
#include <QString>
#include <cstddef>
#include <cstdint>

#include "fuzz_util.h"
#include "project/project.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const QString path = QString::fromStdString(d500::fuzz::write_input(data, size, "fuzz.d500proj"));
  d500::studio::Project project;
  QString error, warning;
  if (d500::studio::Project::load(path, &project, &error, &warning)) {
    (void)project.toJson(path);
    for (const auto& e : project.experiments) (void)e.displayName();
  }
  return 0;
}
