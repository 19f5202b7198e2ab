#include "editor/commands/document_edit_command.h"

#include "editor/experiment_document.h"

namespace d500::studio {

DocumentEditCommand::DocumentEditCommand(ExperimentDocument* doc, const JsonPath& path,
                                         std::optional<Json> before, std::optional<Json> after,
                                         const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent),
      doc_(doc),
      path_(path),
      before_(std::move(before)),
      after_(std::move(after)) {}

void DocumentEditCommand::redo() {
  QUndoCommand::redo();  // children first (a parent of children carries no edit of its own)
  if (!applied_) {
    docBefore_ = doc_->json();
    doc_->apply(path_, after_);
    docAfter_ = doc_->json();
    applied_ = true;
  } else {
    doc_->restore(docAfter_);
  }
}

void DocumentEditCommand::undo() {
  doc_->restore(docBefore_);
  QUndoCommand::undo();
}

}  // namespace d500::studio
