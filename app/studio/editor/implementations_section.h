// The implementations to compare: every one the loaded plugins offer for the chosen operator, as
// a checkbox, plus those the file names that no loaded plugin offers (marked, so a typo or a
// missing plugin shows before the run). The baseline is what speedups are relative to.
#pragma once

#include <QGroupBox>
#include <QStringList>

#include "models/plugin_catalog.h"

class QComboBox;
class QVBoxLayout;
class QWidget;

namespace d500::studio {

class ExperimentDocument;

class ImplementationsSection : public QGroupBox {
  Q_OBJECT
 public:
  ImplementationsSection(ExperimentDocument* doc, QWidget* parent = nullptr);
  void setCatalog(const PluginCatalog& catalog);

 private:
  void refresh();

  ExperimentDocument* doc_;
  PluginCatalog catalog_;
  QWidget* checks_;
  QVBoxLayout* checksLayout_;
  QComboBox* baseline_;
  QStringList shownOffered_, shownChosen_;
};

}  // namespace d500::studio
