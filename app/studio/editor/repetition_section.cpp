#include "editor/repetition_section.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>

#include "d500/measure/loop.h"
#include "editor/experiment_document.h"
#include "editor/field_binding.h"
#include "editor/number_validator.h"

namespace d500::studio {

RepetitionSection::RepetitionSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Repetition"), parent) {
  auto* form = new QFormLayout(this);
  const JsonPath rep{QStringLiteral("repetition")};
  const d500::measure::Policy defaults;

  auto* mode = new QComboBox;
  mode->setObjectName(QStringLiteral("repetitionMode"));
  mode->addItem(tr("default"), QStringLiteral("default"));
  mode->addItem(tr("publication (1% at 99%)"), QStringLiteral("publication"));
  FieldBinding::comboBox(doc, mode, rep.key(QStringLiteral("mode")), QStringLiteral("default"));
  form->addRow(tr("Mode"), mode);

  // The ranges are the experiment parser's, so the form never accepts what the runner refuses.
  struct Field {
    const char* key;
    const char* label;
    NumberValidator::Kind kind;
    double lo, hi, fallback;
  };
  const Field fields[] = {
      {"warmup_calls", QT_TR_NOOP("Warm-up calls"), NumberValidator::Kind::Integer, 0, 1e6,
       double(defaults.warmup_calls)},
      {"warmup_seconds", QT_TR_NOOP("Warm-up seconds"), NumberValidator::Kind::Real, 0, 3600,
       defaults.warmup_seconds},
      {"target_rel_ci", QT_TR_NOOP("Target relative CI"), NumberValidator::Kind::Real, 1e-6, 1,
       defaults.target_rel_ci},
      {"confidence", QT_TR_NOOP("Confidence"), NumberValidator::Kind::Real, 0.5, 0.999,
       defaults.confidence},
      {"min_samples", QT_TR_NOOP("Minimum samples"), NumberValidator::Kind::Integer, 3, 1e8,
       double(defaults.min_samples)},
      {"max_samples", QT_TR_NOOP("Maximum samples"), NumberValidator::Kind::Integer, 3, 1e8,
       double(defaults.max_samples)},
      {"max_seconds", QT_TR_NOOP("Maximum seconds"), NumberValidator::Kind::Real, 0.001, 86400,
       defaults.max_seconds},
  };
  for (const Field& f : fields) {
    auto* edit = new QLineEdit;
    edit->setObjectName(QStringLiteral("repetition_") + QLatin1String(f.key));
    edit->setPlaceholderText(QString::number(f.fallback));
    const auto kind = f.kind == NumberValidator::Kind::Integer ? FieldBinding::Kind::Integer
                                                               : FieldBinding::Kind::Real;
    FieldBinding::lineEdit(doc, edit, rep.key(QLatin1String(f.key)), kind, true,
                           new NumberValidator(f.kind, f.lo, f.hi));
    form->addRow(tr(f.label), edit);
  }

  auto* same = new QCheckBox(tr("Sample every implementation over the same period"));
  same->setObjectName(QStringLiteral("repetition_same_period"));
  same->setToolTip(
      tr("An implementation that has converged keeps sampling, interleaved with the "
         "others, until every one has stopped: all of them see the same stretch of "
         "the machine's time. Publication mode does this too."));
  FieldBinding::checkBox(doc, same, rep.key(QStringLiteral("same_period")), defaults.same_period);
  form->addRow(QString(), same);
}

}  // namespace d500::studio
