#include "network_editor/network_edit_command.h"

#include "network_editor/network_editor.h"

namespace d500::studio {

NetworkEditCommand::NetworkEditCommand(NetworkEditor* editor, const QString& text,
                                       std::string before, std::string after, QString select)
    : QUndoCommand(text),
      editor_(editor),
      before_(std::move(before)),
      after_(std::move(after)),
      select_(std::move(select)) {}

void NetworkEditCommand::undo() {
  editor_->restoreSnapshot(before_, select_);
}

void NetworkEditCommand::redo() {
  if (applied_) {
    applied_ = false;
    editor_->refresh(select_);
    return;
  }
  editor_->restoreSnapshot(after_, select_);
}

}  // namespace d500::studio
