// The experiment editor tab: the palette of what the plugins offer, the form (sections that each
// edit one part of the file), the parser's problems, and the JSON text, all over one
// ExperimentDocument. The editor owns no state of the experiment: everything goes through the
// document and its undo stack.
#pragma once

#include <QWidget>

#include "models/plugin_catalog.h"

class QListWidget;
class QSplitter;
class QTabWidget;

namespace d500::studio {

class ExperimentDocument;
class ImplementationsSection;
class DistributedSection;
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

  // Another view of the document (the canvas) as a tab beside the form; ownership passes to the
  // editor. While it shows, the form's palette steps aside.
  void addView(QWidget* view, const QString& title);
  void showView(int index);  // 0: the form
  QTabWidget* views() const { return views_; }
  const PluginCatalog& catalog() const { return catalog_; }

  OperatorPalette* palette() const { return palette_; }
  QListWidget* problemList() const { return problems_; }
  JsonView* jsonView() const { return json_; }

 Q_SIGNALS:
  void catalogChanged(const d500::studio::PluginCatalog& catalog);

 private:
  void showProblems();
  // Shows the sections of the experiment's level only.
  void showLevelSections();

  ExperimentDocument* doc_;
  OperatorPalette* palette_;
  ImplementationsSection* implementations_;
  NetworkSection* network_;
  DistributedSection* distributed_;
  TrainingSection* training_;
  // Per section: the levels it belongs to.
  QList<QPair<QWidget*, QStringList>> levelSections_;
  QListWidget* problems_;
  JsonView* json_;
  QSplitter* split_ = nullptr;
  QWidget* middle_ = nullptr;
  QTabWidget* views_ = nullptr;
  PluginCatalog catalog_;
};

}  // namespace d500::studio
