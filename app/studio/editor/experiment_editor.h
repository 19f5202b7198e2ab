// The experiment editor tab: the palette of what the plugins offer, the form (sections that each
// edit one part of the file), the parser's problems, and the JSON text, all over one
// ExperimentDocument. The editor owns no state of the experiment: everything goes through the
// document and its undo stack.
#pragma once

#include <QWidget>

#include "models/plugin_catalog.h"

class QListWidget;

namespace d500::studio {

class ExperimentDocument;
class ImplementationsSection;
class NetworkSection;
class TrainingSection;
class JsonView;
class OperatorPalette;

class ExperimentEditor : public QWidget {
  Q_OBJECT
 public:
  // `doc`: shown and edited here; ownership passes to the editor (it is the tab's document).
  ExperimentEditor(ExperimentDocument* doc, QWidget* parent = nullptr);

  ExperimentDocument* document() const { return doc_; }
  void setCatalog(const PluginCatalog& catalog);
  void setCatalogError(const QString& error);
  // Moves the focus to the field that edits `jsonPath` ("$.operator.inputs[0]"), if one does.
  bool focusPath(const QString& jsonPath);

  OperatorPalette* palette() const { return palette_; }
  QListWidget* problemList() const { return problems_; }
  JsonView* jsonView() const { return json_; }

 private:
  void showProblems();
  // Shows the sections of the experiment's level only.
  void showLevelSections();

  ExperimentDocument* doc_;
  OperatorPalette* palette_;
  ImplementationsSection* implementations_;
  NetworkSection* network_;
  TrainingSection* training_;
  // Per section: the levels it belongs to.
  QList<QPair<QWidget*, QStringList>> levelSections_;
  QListWidget* problems_;
  JsonView* json_;
};

}  // namespace d500::studio
