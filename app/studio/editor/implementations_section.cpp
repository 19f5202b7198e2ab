#include "editor/implementations_section.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "editor/experiment_document.h"

namespace d500::studio {

namespace {

QStringList stringList(const Json& j) {
  QStringList out;
  if (j.is_array())
    for (const Json& s : j)
      if (s.is_string()) out << QString::fromStdString(s.get<std::string>());
  return out;
}

QString stringAt(const Json& root, const char* a, const char* b = nullptr) {
  JsonPath p{QString::fromLatin1(a)};
  if (b) p = p.key(QString::fromLatin1(b));
  const Json v = p.get(root);
  return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString();
}

}  // namespace

ImplementationsSection::ImplementationsSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Implementations"), parent), doc_(doc) {
  auto* layout = new QVBoxLayout(this);
  checks_ = new QWidget;
  checksLayout_ = new QVBoxLayout(checks_);
  checksLayout_->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(checks_);
  auto* form = new QFormLayout;
  baseline_ = new QComboBox;
  baseline_->setObjectName(QStringLiteral("implementationsBaseline"));
  form->addRow(tr("Baseline"), baseline_);
  layout->addLayout(form);
  connect(baseline_, &QComboBox::activated, this, [this](int index) {
    const QString id = baseline_->itemData(index).toString();
    doc_->setValue(JsonPath{QStringLiteral("baseline")},
                   id.isEmpty() ? std::nullopt : std::optional<Json>(id.toStdString()));
  });
  connect(doc_, &ExperimentDocument::changed, this, &ImplementationsSection::refresh);
  refresh();
}

void ImplementationsSection::setCatalog(const PluginCatalog& catalog) {
  catalog_ = catalog;
  shownOffered_.clear();
  shownChosen_ = QStringList{QStringLiteral("\x01")};  // force a rebuild
  refresh();
}

void ImplementationsSection::refresh() {
  const Json& j = doc_->json();
  const QStringList offered =
      catalog_.implementationsFor(stringAt(j, "operator", "op"), stringAt(j, "operator", "domain"));
  const QStringList chosen = stringList(JsonPath{QStringLiteral("implementations")}.get(j));
  if (offered != shownOffered_ || chosen != shownChosen_) {
    shownOffered_ = offered;
    shownChosen_ = chosen;
    while (QLayoutItem* item = checksLayout_->takeAt(0)) {
      if (QWidget* w = item->widget()) {
        w->hide();
        w->deleteLater();
      }
      delete item;
    }
    QStringList all = offered;
    for (const QString& c : chosen)
      if (!all.contains(c)) all << c;
    if (all.isEmpty())
      checksLayout_->addWidget(
          new QLabel(tr("Pick an operator in the palette to see who implements it.")));
    for (const QString& id : all) {
      auto* box = new QCheckBox(
          offered.contains(id) ? id : tr("%1 (not offered by any loaded plugin)").arg(id));
      box->setObjectName(QStringLiteral("implementation_") + id);
      box->setChecked(chosen.contains(id));
      connect(box, &QCheckBox::clicked, this, [this, id](bool on) {
        if (on)
          doc_->addImplementation(id);
        else
          doc_->removeImplementation(id);
      });
      checksLayout_->addWidget(box);
    }
  }
  const QSignalBlocker block(baseline_);
  baseline_->clear();
  baseline_->addItem(tr("(the first implementation)"), QString());
  for (const QString& c : chosen) baseline_->addItem(c, c);
  const QString current = stringAt(j, "baseline");
  int index = baseline_->findData(current);
  if (index < 0 && !current.isEmpty()) {
    baseline_->addItem(tr("%1 (not measured)").arg(current), current);
    index = baseline_->count() - 1;
  }
  baseline_->setCurrentIndex(qMax(0, index));
  const QStringList problems = doc_->problemsAt(JsonPath{QStringLiteral("baseline")});
  baseline_->setToolTip(problems.join(QLatin1Char('\n')));
}

}  // namespace d500::studio
