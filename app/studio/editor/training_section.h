// The "training" section of a training (L2) or distributed (L3) experiment: dataset, network,
// executor, optimizer and its learning rate, sampler, batch, epochs, seeds, target and stops.
// Every field edits through the document (one undo step each) with the ranges the runner's
// parser takes; the executor and optimizer lists come from the loaded plugins.
#pragma once

#include <QGroupBox>

#include "models/plugin_catalog.h"

class QComboBox;

namespace d500::studio {

class ExperimentDocument;

class TrainingSection : public QGroupBox {
  Q_OBJECT
 public:
  TrainingSection(ExperimentDocument* doc, QWidget* parent = nullptr);
  void setCatalog(const PluginCatalog& catalog);

 private:
  void refreshOptimizer();

  ExperimentDocument* doc_;
  QComboBox* dataset_;
  QComboBox* sampler_;
  QComboBox* executor_;
  QComboBox* optimizer_;
};

}  // namespace d500::studio
