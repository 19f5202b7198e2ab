// The examples d500 ships (resources/: examples, problems, recipes, models), for the start page:
// found in an install (share/d500 beside bin/), else in the source tree the studio was built
// from; and the user's own copy of them, where the example project can keep its store and runs
// (an install's share/ is read-only, and a source tree should not collect results).
// QtCore only; GUI thread or any, no state.
#pragma once

#include <QCoreApplication>
#include <QString>

namespace d500::studio {

class ExampleFiles {
  Q_DECLARE_TR_FUNCTIONS(ExampleFiles)

 public:
  // The folder holding examples/, problems/, recipes/ and models/: $D500_RESOURCES_DIR if set,
  // else <bin>/../share/d500, else the source tree's resources/. Empty when none has examples/.
  static QString shippedDir();
  // The user's copy (<AppDataLocation>/examples), made or completed now: files the user already
  // has are kept as they are. Empty with *error when there is nothing to copy or it cannot write.
  static QString userCopy(QString* error);
  // Inside a root returned by userCopy(): the example project, and the one-seed Fashion-MNIST
  // recipe experiment.
  static QString exampleProject(const QString& root);
  static QString recipeExperiment(const QString& root);
};

}  // namespace d500::studio
