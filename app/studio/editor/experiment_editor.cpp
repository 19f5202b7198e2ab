#include "editor/experiment_editor.h"

#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include "common/core_text.h"
#include "common/fit_rows.h"
#include "editor/experiment_document.h"
#include "editor/general_section.h"
#include "editor/implementations_section.h"
#include "editor/json_view.h"
#include "editor/launcher_section.h"
#include "editor/level_sections.h"
#include "editor/operator_palette.h"
#include "editor/operator_section.h"
#include "editor/repetition_section.h"
#include "editor/sweep_section.h"
#include "editor/training_section.h"

namespace d500::studio {

ExperimentEditor::ExperimentEditor(ExperimentDocument* doc, QWidget* parent)
    : QWidget(parent), doc_(doc) {
  doc_->setParent(this);
  palette_ = new OperatorPalette;

  auto* form = new QWidget;
  auto* formLayout = new QVBoxLayout(form);
  formLayout->addWidget(new GeneralSection(doc_));
  implementations_ = new ImplementationsSection(doc_);
  network_ = new NetworkSection(doc_);
  training_ = new TrainingSection(doc_);
  const QString op = QStringLiteral("operator"), net = QStringLiteral("network"),
                train = QStringLiteral("training"), dist = QStringLiteral("distributed"),
                coll = QStringLiteral("collective");
  levelSections_ = {{new OperatorSection(doc_), {op}},
                    {implementations_, {op}},
                    {new SweepSection(doc_), {op}},
                    {network_, {net}},
                    // A distributed experiment's own choice (its scheme) above the long training
                    // form it shares with level "training", not below the fold.
                    {distributed_ = new DistributedSection(doc_), {dist}},
                    {training_, {train, dist}},
                    {new CollectiveSection(doc_), {coll}},
                    {new RepetitionSection(doc_), {op, net, coll}}};
  for (const auto& s : levelSections_) formLayout->addWidget(s.first);
  formLayout->addWidget(new LauncherSection(doc_));
  formLayout->addStretch();
  auto* scroll = new QScrollArea;
  scroll->setWidget(form);
  scroll->setWidgetResizable(true);

  problems_ = new QListWidget;
  problems_->setObjectName(QStringLiteral("experimentProblems"));
  problems_->setToolTip(tr("What the runner would reject; double-click to go to the field."));
  auto* middle = middle_ = new QWidget;
  auto* middleLayout = new QVBoxLayout(middle);
  middleLayout->setContentsMargins(0, 0, 0, 0);
  middleLayout->addWidget(scroll, 1);
  middleLayout->addWidget(new QLabel(tr("Problems")));
  middleLayout->addWidget(problems_, 0);  // as tall as its lines (showProblems)

  json_ = new JsonView(doc_);

  auto* split = split_ = new QSplitter(Qt::Horizontal);
  split->addWidget(palette_);
  split->addWidget(middle);
  split->addWidget(json_);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 3);
  split->setStretchFactor(2, 2);
  split->setSizes({260, 520, 340});  // the palette's names and the JSON lines readable at once
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);

  // The implementations chosen stay where they offer the operator (any of the catalog's, not
  // only those that run here); the palette's runnable ones are taken when none does.
  connect(palette_, &OperatorPalette::operatorChosen, this,
          [this](const QString& opType, const QString& domain, const QStringList& runnable) {
            doc_->chooseOperator(opType, domain, runnable,
                                 catalog_.implementationsFor(opType, domain));
          });
  connect(palette_, &OperatorPalette::implementationChosen, this,
          [this](const QString& opType, const QString& domain, const QString& id) {
            const Json op =
                JsonPath{QStringLiteral("operator"), QStringLiteral("op")}.get(doc_->json());
            if (op == Json(opType.toStdString()))
              doc_->addImplementation(id);
            else
              doc_->chooseOperator(opType, domain, {id});
          });
  connect(palette_, &OperatorPalette::componentChosen, doc_, &ExperimentDocument::chooseComponent);
  connect(doc_, &ExperimentDocument::changed, this, &ExperimentEditor::showLevelSections);
  showLevelSections();
  connect(problems_, &QListWidget::itemActivated, this,
          [this](QListWidgetItem* item) { focusPath(item->data(Qt::UserRole).toString()); });
  connect(doc_, &ExperimentDocument::problemsChanged, this, &ExperimentEditor::showProblems);
  showProblems();
}

void ExperimentEditor::setCatalog(const PluginCatalog& catalog) {
  catalog_ = catalog;
  Q_EMIT catalogChanged(catalog);
  palette_->setCatalog(catalog);
  implementations_->setCatalog(catalog);
  network_->setCatalog(catalog);
  distributed_->setCatalog(catalog);
  training_->setCatalog(catalog);
}

void ExperimentEditor::addView(QWidget* view, const QString& title) {
  if (!views_) {
    views_ = new QTabWidget;
    views_->setObjectName(QStringLiteral("editorViews"));
    const int at = split_->indexOf(middle_);
    views_->addTab(middle_, tr("Form"));
    split_->insertWidget(at, views_);
    split_->setStretchFactor(at, 3);
    connect(views_, &QTabWidget::currentChanged, this,
            [this](int i) { palette_->setVisible(i == 0); });
  }
  views_->addTab(view, title);
}

void ExperimentEditor::showView(int index) {
  if (views_) views_->setCurrentIndex(index);
}

void ExperimentEditor::showLevelSections() {
  const Json level = JsonPath{QStringLiteral("level")}.get(doc_->json(), Json("operator"));
  const QString name =
      level.is_string() ? QString::fromStdString(level.get<std::string>()) : QString();
  for (const auto& s : levelSections_) s.first->setVisible(s.second.contains(name));
}

void ExperimentEditor::setCatalogError(const QString& error) {
  palette_->setError(error);
}

bool ExperimentEditor::focusPath(const QString& jsonPath) {
  // The deepest bound field at or above the path: "$.operator.inputs[0][1]" goes to input 0.
  QWidget* best = nullptr;
  int bestLength = -1;
  for (QWidget* w : findChildren<QWidget*>()) {
    const QString p = w->property("d500JsonPath").toString();
    if (p.isEmpty() || !w->isVisibleTo(this)) continue;
    const bool covers = jsonPath == p || jsonPath.startsWith(p + QLatin1Char('.')) ||
                        jsonPath.startsWith(p + QLatin1Char('['));
    if (covers && p.size() > bestLength) {
      best = w;
      bestLength = int(p.size());
    }
  }
  if (!best) return false;
  best->setFocus(Qt::OtherFocusReason);
  return true;
}

namespace {
constexpr int kProblemRows = 6;  // more scroll
}  // namespace

void ExperimentEditor::showProblems() {
  problems_->clear();
  auto note = [this](const QString& text, const QColor& colour) {
    auto* item = new QListWidgetItem(text);
    item->setForeground(colour);
    problems_->addItem(item);
    fitToRows(problems_, kProblemRows);
  };
  switch (doc_->verdict()) {
    case ExperimentDocument::Verdict::Accepted:
      return note(tr("No problems: the runner will accept this experiment."),
                  QColor(0x20, 0x80, 0x30));
    case ExperimentDocument::Verdict::Checking:
      return note(tr("No problems in the file; asking the runner about its plugins..."),
                  QColor(0x60, 0x60, 0x60));
    case ExperimentDocument::Verdict::Unknown:
      return note(tr("No problems in the file, but the runner could not check its plugins: %1")
                      .arg(doc_->verdictNote()),
                  QColor(0xa0, 0x60, 0x00));
    case ExperimentDocument::Verdict::Refused:
      break;
  }
  for (const ExperimentDocument::Problem& p : doc_->problems()) {
    auto* item =
        new QListWidgetItem(QStringLiteral("%1: %2").arg(p.path, CoreText::problem(p.message)));
    item->setData(Qt::UserRole, p.path);
    item->setForeground(QColor(0xb0, 0x20, 0x20));
    problems_->addItem(item);
  }
  fitToRows(problems_, kProblemRows);
}

}  // namespace d500::studio
