// Sets (or removes) one field. Consecutive sets of the same field merge into one undo step, so
// typing a number digit by digit is undone at once.
#pragma once

#include "editor/commands/document_edit_command.h"

namespace d500::studio {

class SetValueCommand : public DocumentEditCommand {
 public:
  // The value before is read from the document. `mergeable`: false for a set that is part of a
  // larger action (a child of another command).
  SetValueCommand(ExperimentDocument* doc, const JsonPath& path, std::optional<Json> value,
                  bool mergeable = true, QUndoCommand* parent = nullptr);
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;

 private:
  bool mergeable_;
};

}  // namespace d500::studio
