// The repetition policy: warm-up, the stop rule (the median's CI within a target at a
// confidence) and the caps. Empty fields take the runner's defaults, shown as placeholders.
#pragma once

#include <QGroupBox>

namespace d500::studio {

class ExperimentDocument;

class RepetitionSection : public QGroupBox {
  Q_OBJECT
 public:
  RepetitionSection(ExperimentDocument* doc, QWidget* parent = nullptr);
};

}  // namespace d500::studio
