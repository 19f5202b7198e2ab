#include "editor/training_section.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>

#include "editor/experiment_document.h"
#include "editor/field_binding.h"
#include "editor/level_templates.h"
#include "editor/number_validator.h"
#include "editor/values_validator.h"

namespace d500::studio {

namespace {

const JsonPath kTraining{QStringLiteral("training")};

}  // namespace

TrainingSection::TrainingSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Training"), parent), doc_(doc) {
  auto* form = new QFormLayout(this);

  auto* recipe = new QLineEdit;
  recipe->setObjectName(QStringLiteral("trainingRecipe"));
  recipe->setPlaceholderText(tr("none; e.g. ../recipes/fashion_mnist_mlp.json"));
  FieldBinding::lineEdit(doc, recipe, kTraining.key(QStringLiteral("recipe")),
                         FieldBinding::Kind::Text, true);
  form->addRow(tr("Recipe"), recipe);

  auto* dataset = dataset_ = FieldBinding::choices(
      QStringLiteral("trainingDataset"), LevelTemplates::builtins(QStringLiteral("dataset")));
  FieldBinding::comboBox(doc, dataset, kTraining.key(QStringLiteral("dataset")),
                         QStringLiteral("fashion-mnist"));
  form->addRow(tr("Dataset"), dataset);

  auto* builder = FieldBinding::choices(QStringLiteral("trainingNetwork"),
                                        LevelTemplates::builtins(QStringLiteral("model")));
  FieldBinding::comboBox(doc, builder,
                         kTraining.key(QStringLiteral("network")).key(QStringLiteral("builder")),
                         QStringLiteral("mlp"));
  form->addRow(tr("Network"), builder);
  auto* hidden = new QLineEdit;
  hidden->setObjectName(QStringLiteral("trainingHidden"));
  hidden->setPlaceholderText(tr("MLP hidden widths, e.g. 256, 128"));
  FieldBinding::lineEdit(
      doc, hidden, kTraining.key(QStringLiteral("network")).key(QStringLiteral("hidden")),
      FieldBinding::Kind::ValueList, true, new ValuesValidator(ValuesValidator::Mode::List));
  form->addRow(tr("Hidden layers"), hidden);

  executor_ = FieldBinding::choices(QStringLiteral("trainingExecutor"),
                                    LevelTemplates::builtins(QStringLiteral("executor")));
  FieldBinding::comboBox(doc, executor_, kTraining.key(QStringLiteral("executor")),
                         QStringLiteral("reference"));
  form->addRow(tr("Executor"), executor_);

  // Plugin and rule are two fields of the file but one choice here: "torch/adam".
  optimizer_ = new QComboBox;
  optimizer_->setObjectName(QStringLiteral("trainingOptimizer"));
  connect(optimizer_, &QComboBox::activated, this, [this](int index) {
    doc_->chooseComponent(QStringLiteral("optimizer"), optimizer_->itemData(index).toString());
  });
  form->addRow(tr("Optimizer"), optimizer_);

  auto* sampler = sampler_ = FieldBinding::choices(
      QStringLiteral("trainingSampler"), LevelTemplates::builtins(QStringLiteral("sampler")));
  FieldBinding::comboBox(doc, sampler, kTraining.key(QStringLiteral("sampler")),
                         QStringLiteral("shuffled"));
  form->addRow(tr("Sampler"), sampler);

  // The ranges are the runner's (core/training/training_spec.cpp).
  struct Field {
    const char* key;
    const char* label;
    NumberValidator::Kind kind;
    double lo, hi;
    const char* fallback;
  };
  const Field fields[] = {
      {"optimizer.lr", QT_TR_NOOP("Learning rate"), NumberValidator::Kind::Real, 1e-12, 1e6,
       "0.001"},
      {"batch", QT_TR_NOOP("Batch"), NumberValidator::Kind::Integer, 1, 1 << 20, "64"},
      {"epochs", QT_TR_NOOP("Epochs"), NumberValidator::Kind::Integer, 1, 100000, "5"},
      {"seeds", QT_TR_NOOP("Seeds"), NumberValidator::Kind::Integer, 1, 1000, "5"},
      {"target_accuracy", QT_TR_NOOP("Target test accuracy"), NumberValidator::Kind::Real, 0, 1,
       "0 (none)"},
      {"eval_every", QT_TR_NOOP("Evaluate every (steps)"), NumberValidator::Kind::Integer, 0, 1e15,
       "0 (each epoch)"},
      {"max_seconds", QT_TR_NOOP("Wall-time limit (s)"), NumberValidator::Kind::Real, 0, 1e9,
       "0 (none)"},
  };
  for (const Field& f : fields) {
    auto* edit = new QLineEdit;
    const QString key = QLatin1String(f.key);
    edit->setObjectName(QStringLiteral("training_") +
                        QString(key).replace(QLatin1Char('.'), QLatin1Char('_')));
    edit->setPlaceholderText(QLatin1String(f.fallback));
    JsonPath path = kTraining;
    for (const QString& step : key.split(QLatin1Char('.'))) path = path.key(step);
    const auto kind = f.kind == NumberValidator::Kind::Integer ? FieldBinding::Kind::Integer
                                                               : FieldBinding::Kind::Real;
    FieldBinding::lineEdit(doc, edit, path, kind, true, new NumberValidator(f.kind, f.lo, f.hi));
    form->addRow(tr(f.label), edit);
  }
  connect(doc_, &ExperimentDocument::changed, this, &TrainingSection::refreshOptimizer);
  refreshOptimizer();
}

namespace {

// `box`'s items: the kind's built-ins, then the plugins' offers (their description as tooltip),
// the current choice kept. An executor's default variant is named by its plugin ("torch").
void refill(QComboBox* box, const QString& kind, const QList<ComponentOffer>& offers) {
  const QString current = box->currentData().toString();
  box->clear();
  for (const QString& b : LevelTemplates::builtins(kind)) box->addItem(b, b);
  for (const ComponentOffer& o : offers) {
    const bool byPlugin = kind == QLatin1String("executor") && o.name == QLatin1String("default");
    const QString id = byPlugin ? o.plugin : o.id;
    box->addItem(id, id);
    box->setItemData(box->count() - 1, o.description, Qt::ToolTipRole);
  }
  const int at = box->findData(current);
  if (at >= 0) box->setCurrentIndex(at);
}

}  // namespace

void TrainingSection::setCatalog(const PluginCatalog& catalog) {
  refill(dataset_, QStringLiteral("dataset"), catalog.datasets());
  refill(sampler_, QStringLiteral("sampler"), catalog.samplers());
  refill(executor_, QStringLiteral("executor"), catalog.executors());
  optimizer_->clear();
  for (const ComponentOffer& o : catalog.optimizers()) {
    optimizer_->addItem(o.id, o.id);
    optimizer_->setItemData(optimizer_->count() - 1, o.description, Qt::ToolTipRole);
  }
  refreshOptimizer();
}

void TrainingSection::refreshOptimizer() {
  const Json opt = kTraining.key(QStringLiteral("optimizer")).get(doc_->json(), Json::object());
  if (!opt.is_object()) return;
  const QString id = QString::fromStdString(opt.value("plugin", std::string("reference"))) +
                     QLatin1Char('/') + QString::fromStdString(opt.value("name", std::string()));
  int index = optimizer_->findData(id);
  if (index < 0) {  // not offered by a loaded plugin (yet): shown as written
    optimizer_->addItem(id, id);
    index = optimizer_->count() - 1;
  }
  optimizer_->setCurrentIndex(index);
  const QStringList problems = doc_->problemsAt(kTraining.key(QStringLiteral("optimizer")));
  optimizer_->setToolTip(problems.join(QLatin1Char('\n')));
}

}  // namespace d500::studio
