#include "editor/level_sections.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QVBoxLayout>

#include "common/core_text.h"
#include "d500/distributed/scheme_registry.h"
#include "editor/experiment_document.h"
#include "editor/field_binding.h"
#include "editor/level_templates.h"
#include "editor/number_validator.h"
#include "editor/values_validator.h"

namespace d500::studio {

namespace {

const JsonPath kNetwork{QStringLiteral("network")};
const JsonPath kExecutors = kNetwork.key(QStringLiteral("executors"));
const JsonPath kDistributed{QStringLiteral("distributed")};
const JsonPath kCollective{QStringLiteral("collective")};
const JsonPath kOperations = kCollective.key(QStringLiteral("operations"));

QStringList stringList(const Json& v) {
  QStringList out;
  if (v.is_array())
    for (const Json& s : v)
      if (s.is_string()) out << QString::fromStdString(s.get<std::string>());
  return out;
}

Json toJson(const QStringList& list) {
  Json a = Json::array();
  for (const QString& s : list) a.push_back(s.toStdString());
  return a;
}

// `name` added to or removed from the list at `path`, in the order `order` gives (then the rest).
void toggle(ExperimentDocument* doc, const JsonPath& path, const QString& name, bool on,
            const QStringList& order) {
  QStringList now = stringList(path.get(doc->json(), Json::array()));
  if (on == now.contains(name)) return;
  if (on) {
    QStringList next;
    for (const QString& o : order)
      if (now.contains(o) || o == name) next << o;
    for (const QString& n : now)
      if (!next.contains(n)) next << n;
    now = next;
  } else {
    now.removeAll(name);
  }
  doc->setValue(path, toJson(now));
}

}  // namespace

// --- network ---------------------------------------------------------------------------------

NetworkSection::NetworkSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Network"), parent),
      doc_(doc),
      offered_(LevelTemplates::builtins(QStringLiteral("executor"))) {
  auto* form = new QFormLayout(this);
  auto* builder = FieldBinding::choices(QStringLiteral("networkModel"),
                                        LevelTemplates::builtins(QStringLiteral("model")));
  FieldBinding::comboBox(doc, builder,
                         kNetwork.key(QStringLiteral("model")).key(QStringLiteral("builder")),
                         QStringLiteral("mlp"));
  form->addRow(tr("Model"), builder);
  checks_ = new QWidget;
  checks_->setObjectName(QStringLiteral("networkExecutors"));
  checks_->setProperty("d500JsonPath", kExecutors.toString());
  checksLayout_ = new QVBoxLayout(checks_);
  checksLayout_->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Executors"), checks_);
  auto* batches = new QLineEdit;
  batches->setObjectName(QStringLiteral("networkBatchSizes"));
  batches->setPlaceholderText(tr("e.g. 1, 16, 64"));
  FieldBinding::lineEdit(doc, batches, kNetwork.key(QStringLiteral("batch_sizes")),
                         FieldBinding::Kind::ValueList, true,
                         new ValuesValidator(ValuesValidator::Mode::List));
  form->addRow(tr("Batch sizes"), batches);
  const char* const flags[][2] = {{"latency", QT_TR_NOOP("Latency at batch 1")},
                                  {"throughput", QT_TR_NOOP("Throughput per batch size")},
                                  {"training", QT_TR_NOOP("Forward + backward")},
                                  {"per_node", QT_TR_NOOP("Per-node times")}};
  for (const auto& f : flags) {
    auto* box = new QCheckBox(tr(f[1]));
    box->setObjectName(QStringLiteral("network_") + QLatin1String(f[0]));
    FieldBinding::checkBox(doc, box, kNetwork.key(QLatin1String(f[0])), true);
    form->addRow(QString(), box);
  }
  connect(doc_, &ExperimentDocument::changed, this, &NetworkSection::refresh);
  refresh();
}

void NetworkSection::setCatalog(const PluginCatalog& catalog) {
  offered_ = LevelTemplates::builtins(QStringLiteral("executor"));
  for (const ComponentOffer& e : catalog.executors())
    offered_ << (e.name == QLatin1String("default") ? e.plugin : e.id);
  shown_.clear();
  refresh();
}

void NetworkSection::refresh() {
  const QStringList chosen = stringList(kExecutors.get(doc_->json(), Json::array()));
  QStringList all = offered_;
  for (const QString& c : chosen)
    if (!all.contains(c)) all << c;
  if (all != shown_) {
    while (QLayoutItem* item = checksLayout_->takeAt(0)) {
      delete item->widget();
      delete item;
    }
    for (const QString& name : all) {
      auto* box = new QCheckBox(
          offered_.contains(name) ? name : tr("%1 (no loaded plugin offers it)").arg(name));
      box->setObjectName(QStringLiteral("executor_") + name);
      connect(box, &QCheckBox::clicked, this,
              [this, name](bool on) { toggle(doc_, kExecutors, name, on, offered_); });
      checksLayout_->addWidget(box);
    }
    shown_ = all;
  }
  for (int i = 0; i < checksLayout_->count(); ++i)
    if (auto* box = qobject_cast<QCheckBox*>(checksLayout_->itemAt(i)->widget()))
      box->setChecked(chosen.contains(shown_.value(i)));
  const QStringList problems = doc_->problemsAt(kExecutors);
  checks_->setToolTip(problems.join(QLatin1Char('\n')));
}

// --- distributed -----------------------------------------------------------------------------

DistributedSection::DistributedSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Distributed"), parent) {
  auto* form = new QFormLayout(this);
  auto* scheme = scheme_ = FieldBinding::choices(QStringLiteral("distributedScheme"), {});
  setCatalog(PluginCatalog());
  FieldBinding::comboBox(doc, scheme, kDistributed.key(QStringLiteral("scheme")),
                         QStringLiteral("allreduce"));
  form->addRow(tr("Scheme"), scheme);
  auto* every = new QLineEdit;
  every->setObjectName(QStringLiteral("distributedAverageEvery"));
  every->setPlaceholderText(QStringLiteral("4"));
  every->setToolTip(tr("model_averaging: average the models after every k-th step"));
  FieldBinding::lineEdit(doc, every, kDistributed.key(QStringLiteral("average_every")),
                         FieldBinding::Kind::Integer, true,
                         new NumberValidator(NumberValidator::Kind::Integer, 1, 1 << 30));
  form->addRow(tr("Average every (steps)"), every);
  auto* sampler =
      FieldBinding::choices(QStringLiteral("distributedSampler"),
                            {QStringLiteral("partitioned"), QStringLiteral("replicated")});
  FieldBinding::comboBox(doc, sampler, kDistributed.key(QStringLiteral("sampler")),
                         QStringLiteral("partitioned"));
  form->addRow(tr("Sampler across ranks"), sampler);
  auto* scaling = new QCheckBox(tr("Measure the 1-rank base case (speedup and efficiency)"));
  scaling->setObjectName(QStringLiteral("distributedScaling"));
  FieldBinding::checkBox(doc, scaling, kDistributed.key(QStringLiteral("scaling_baseline")), false);
  form->addRow(QString(), scaling);
}

void DistributedSection::setCatalog(const PluginCatalog& catalog) {
  const QString current = scheme_->currentData().toString();
  scheme_->clear();
  for (const auto* s : d500::distributed::schemes().all()) {
    const QString name = QString::fromStdString(s->name);
    scheme_->addItem(name, name);
    scheme_->setItemData(scheme_->count() - 1, CoreText::sentence(s->summary), Qt::ToolTipRole);
  }
  for (const ComponentOffer& o : catalog.schemes()) {
    scheme_->addItem(o.id, o.id);
    scheme_->setItemData(scheme_->count() - 1, o.description, Qt::ToolTipRole);
  }
  if (current.isEmpty()) return;
  if (scheme_->findData(current) < 0) scheme_->addItem(current, current);  // as written
  scheme_->setCurrentIndex(scheme_->findData(current));
}

// --- collective ------------------------------------------------------------------------------

CollectiveSection::CollectiveSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Collective operations"), parent), doc_(doc) {
  auto* form = new QFormLayout(this);
  const QStringList ops = LevelTemplates::builtins(QStringLiteral("collective"));
  for (const QString& op : ops) {
    auto* box = new QCheckBox(op);
    box->setObjectName(QStringLiteral("collective_") + op);
    connect(box, &QCheckBox::clicked, this,
            [this, op, ops](bool on) { toggle(doc_, kOperations, op, on, ops); });
    form->addRow(QString(), box);
  }
  const char* const sizes[][3] = {{"min_bytes", QT_TR_NOOP("Smallest message (bytes)"), "4"},
                                  {"max_bytes", QT_TR_NOOP("Largest message (bytes)"), "67108864"}};
  for (const auto& s : sizes) {
    auto* edit = new QLineEdit;
    edit->setObjectName(QStringLiteral("collective_") + QLatin1String(s[0]));
    edit->setPlaceholderText(QLatin1String(s[2]));
    FieldBinding::lineEdit(doc, edit, kCollective.key(QLatin1String(s[0])),
                           FieldBinding::Kind::Integer, true,
                           new NumberValidator(NumberValidator::Kind::Integer, 1, 1LL << 40));
    form->addRow(tr(s[1]), edit);
  }
  auto* dtype = FieldBinding::choices(QStringLiteral("collectiveDtype"),
                                      {QStringLiteral("float32"), QStringLiteral("float64")});
  FieldBinding::comboBox(doc, dtype, kCollective.key(QStringLiteral("dtype")),
                         QStringLiteral("float32"));
  form->addRow(tr("Element type"), dtype);
  connect(doc_, &ExperimentDocument::changed, this, &CollectiveSection::refresh);
  refresh();
}

void CollectiveSection::refresh() {
  const QStringList chosen = stringList(kOperations.get(doc_->json(), Json::array()));
  for (QCheckBox* box : findChildren<QCheckBox*>()) box->setChecked(chosen.contains(box->text()));
}

}  // namespace d500::studio
