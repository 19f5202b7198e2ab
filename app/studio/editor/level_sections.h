// The sections of the network (L1), distributed (L3) and collective (L3) levels. Each field edits
// through the document (one undo step each); enumerations are the runner's.
#pragma once

#include <QGroupBox>
#include <QStringList>

#include "models/plugin_catalog.h"

class QComboBox;
class QVBoxLayout;

namespace d500::studio {

class ExperimentDocument;

// A checkbox per executor (the host's "reference" and every plugin executor; names in the file
// that no plugin offers are shown too, marked), the model, batch sizes and what to measure.
class NetworkSection : public QGroupBox {
  Q_OBJECT
 public:
  NetworkSection(ExperimentDocument* doc, QWidget* parent = nullptr);
  void setCatalog(const PluginCatalog& catalog);

 private:
  void refresh();

  ExperimentDocument* doc_;
  QStringList offered_;
  QWidget* checks_;
  QVBoxLayout* checksLayout_;
  QStringList shown_;
};

// The distributed scheme, how often model averaging averages, and the sampler across ranks.
class DistributedSection : public QGroupBox {
  Q_OBJECT
 public:
  DistributedSection(ExperimentDocument* doc, QWidget* parent = nullptr);
  // The built-in schemes and those of the loaded plugins, each with its summary as tooltip.
  void setCatalog(const PluginCatalog& catalog);

 private:
  QComboBox* scheme_;
};

// The collective operations and the message sizes of a sweep.
class CollectiveSection : public QGroupBox {
  Q_OBJECT
 public:
  CollectiveSection(ExperimentDocument* doc, QWidget* parent = nullptr);

 private:
  void refresh();
  ExperimentDocument* doc_;
};

}  // namespace d500::studio
