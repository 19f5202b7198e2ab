// The experiment's identity: name, description, level and seed. Levels other than "operator"
// are listed but disabled: the runner measures operators today, and the others come with their
// levels.
#pragma once

#include <QGroupBox>

namespace d500::studio {

class ExperimentDocument;

class GeneralSection : public QGroupBox {
  Q_OBJECT
 public:
  GeneralSection(ExperimentDocument* doc, QWidget* parent = nullptr);
};

}  // namespace d500::studio
