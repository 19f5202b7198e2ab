#include "editor/field_binding.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>

#include "editor/experiment_document.h"
#include "editor/number_validator.h"
#include "editor/shape_validator.h"
#include "editor/values_validator.h"

namespace d500::studio {

FieldBinding::FieldBinding(ExperimentDocument* doc, QWidget* widget, const JsonPath& path)
    : QObject(widget), doc_(doc), widget_(widget), path_(path) {
  connect(doc_, &ExperimentDocument::changed, this, &FieldBinding::refresh);
  connect(doc_, &ExperimentDocument::problemsChanged, this, &FieldBinding::showState);
  widget->setProperty("d500JsonPath", path.toString());
}

FieldBinding* FieldBinding::lineEdit(ExperimentDocument* doc, QLineEdit* edit, const JsonPath& path,
                                     Kind kind, bool optional, QValidator* validator) {
  auto* b = new FieldBinding(doc, edit, path);
  b->kind_ = kind;
  b->optional_ = optional;
  if (validator) {
    validator->setParent(edit);
    edit->setValidator(validator);
  }
  connect(edit, &QLineEdit::textEdited, b, &FieldBinding::onTextEdited);
  b->refresh();
  return b;
}

FieldBinding* FieldBinding::comboBox(ExperimentDocument* doc, QComboBox* box, const JsonPath& path,
                                     const QString& fallback) {
  auto* b = new FieldBinding(doc, box, path);
  b->fallbackText_ = fallback;
  connect(box, &QComboBox::activated, b, [b, box](int index) {
    b->doc_->setValue(b->path_, Json(box->itemData(index).toString().toStdString()));
  });
  b->refresh();
  return b;
}

QComboBox* FieldBinding::choices(const QString& objectName, const QStringList& values) {
  auto* box = new QComboBox;
  box->setObjectName(objectName);
  for (const QString& v : values) box->addItem(v, v);
  return box;
}

FieldBinding* FieldBinding::checkBox(ExperimentDocument* doc, QCheckBox* box, const JsonPath& path,
                                     bool fallback) {
  auto* b = new FieldBinding(doc, box, path);
  b->fallbackFlag_ = fallback;
  connect(box, &QCheckBox::clicked, b, [b](bool on) { b->doc_->setValue(b->path_, Json(on)); });
  b->refresh();
  return b;
}

bool FieldBinding::fromText(Kind kind, const QString& text, Json* out) {
  const QString t = text.trimmed();
  switch (kind) {
    case Kind::Text:
      *out = text.toStdString();
      return true;
    case Kind::Integer: {
      bool ok = false;
      const qint64 v = t.toLongLong(&ok);
      if (ok) *out = v;
      return ok;
    }
    case Kind::Real: {
      bool ok = false;
      const double v = t.toDouble(&ok);
      if (ok) *out = v;
      return ok;
    }
    case Kind::Value:
      return ValuesValidator::valueFromText(t, out);
    case Kind::ValueList:
      return ValuesValidator::listFromText(t, out);
    case Kind::Shape:
      *out = ShapeValidator::toJson(t);
      return true;
  }
  return false;
}

QString FieldBinding::toText(Kind kind, const Json& value) {
  if (value.is_null()) return QString();
  switch (kind) {
    case Kind::Text:
      return value.is_string() ? QString::fromStdString(value.get<std::string>())
                               : QString::fromStdString(value.dump());
    case Kind::Integer:
    case Kind::Real:
      return QString::fromStdString(value.dump());
    case Kind::Value:
      return ValuesValidator::valueToText(value);
    case Kind::ValueList:
      return ValuesValidator::listToText(value);
    case Kind::Shape:
      return ShapeValidator::toText(value);
  }
  return QString();
}

void FieldBinding::onTextEdited(const QString& text) {
  auto* edit = static_cast<QLineEdit*>(widget_.data());
  QString t = text;
  int pos = 0;
  const bool acceptable =
      !edit->validator() || edit->validator()->validate(t, pos) == QValidator::Acceptable;
  if (optional_ && text.trimmed().isEmpty()) {
    textValid_ = true;
    doc_->setValue(path_, std::nullopt);
  } else if (Json v; acceptable && fromText(kind_, text, &v)) {
    textValid_ = true;
    doc_->setValue(path_, v);
  } else {
    textValid_ = false;  // not a value yet: shown red, the document keeps its last good value
  }
  showState();
}

void FieldBinding::refresh() {
  if (!widget_) return;
  const Json* v = path_.find(doc_->json());
  if (auto* edit = qobject_cast<QLineEdit*>(widget_)) {
    // While the user types, text that already means the document's value is left alone, so
    // "1e3" is not rewritten to "1000.0" under the cursor.
    Json typed;
    const bool same = fromText(kind_, edit->text(), &typed) && v && typed == *v;
    const bool emptyMeansAbsent = optional_ && !v && edit->text().trimmed().isEmpty();
    if (!(edit->hasFocus() && (same || emptyMeansAbsent || !textValid_))) {
      const QString text = v ? toText(kind_, *v) : QString();
      if (edit->text() != text) {
        edit->setText(text);
        if (!edit->hasFocus()) edit->setCursorPosition(0);  // show a long text from its start
      }
      textValid_ = true;
    }
  } else if (auto* box = qobject_cast<QComboBox*>(widget_)) {
    const QString value =
        v && v->is_string() ? QString::fromStdString(v->get<std::string>()) : fallbackText_;
    int index = box->findData(value);
    if (index < 0) {
      // A value the form does not offer (hand-written JSON) is shown as it is, not replaced.
      box->addItem(value, value);
      index = box->count() - 1;
    }
    box->setCurrentIndex(index);
  } else if (auto* check = qobject_cast<QCheckBox*>(widget_)) {
    check->setChecked(v && v->is_boolean() ? v->get<bool>() : fallbackFlag_);
  }
  showState();
}

void FieldBinding::showState() {
  if (!widget_) return;
  QStringList messages = doc_->problemsAt(path_);
  if (!textValid_) {
    auto* edit = qobject_cast<QLineEdit*>(widget_);
    const auto* nv = edit ? qobject_cast<const NumberValidator*>(edit->validator()) : nullptr;
    messages.prepend(nv ? tr("Expected %1").arg(nv->rangeText()) : tr("Not a valid value yet"));
  }
  widget_->setProperty("d500Problem", !messages.isEmpty());
  widget_->setToolTip(messages.join(QLatin1Char('\n')));
  // A red frame rather than a dialog: the problem is shown where it is fixed, while typing.
  widget_->setStyleSheet(messages.isEmpty()
                             ? QString()
                             : QStringLiteral("border: 1px solid #c02020; background: #fff0f0;"));
}

}  // namespace d500::studio
