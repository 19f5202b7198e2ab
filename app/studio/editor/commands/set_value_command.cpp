#include "editor/commands/set_value_command.h"

#include <QCoreApplication>

#include "editor/experiment_document.h"

namespace d500::studio {

namespace {

std::optional<Json> current(ExperimentDocument* doc, const JsonPath& path) {
  const Json* v = path.find(doc->json());
  return v ? std::optional<Json>(*v) : std::nullopt;
}

QString describe(const JsonPath& path, const std::optional<Json>& value) {
  return value ? QCoreApplication::translate("d500::studio::SetValueCommand", "Set %1")
                     .arg(path.toString())
               : QCoreApplication::translate("d500::studio::SetValueCommand", "Remove %1")
                     .arg(path.toString());
}

}  // namespace

SetValueCommand::SetValueCommand(ExperimentDocument* doc, const JsonPath& path,
                                 std::optional<Json> value, bool mergeable, QUndoCommand* parent)
    : DocumentEditCommand(doc, path, current(doc, path), value, describe(path, value), parent),
      mergeable_(mergeable) {}

int SetValueCommand::id() const {
  return mergeable_ ? 0x500 : -1;
}

bool SetValueCommand::mergeWith(const QUndoCommand* other) {
  auto* o = static_cast<const SetValueCommand*>(other);  // same id() guarantees the type
  if (!o->mergeable_ || !(o->path_ == path_)) return false;
  after_ = o->after_;
  docAfter_ = o->docAfter_;
  setText(o->text());
  // Typing a value and then its original back leaves nothing to undo.
  if (docAfter_ == docBefore_) setObsolete(true);
  return true;
}

}  // namespace d500::studio
