// Replaces the whole experiment: an edit in the JSON text view, applied once the text parses.
#pragma once

#include "editor/commands/document_edit_command.h"

namespace d500::studio {

class ReplaceDocumentCommand : public DocumentEditCommand {
 public:
  ReplaceDocumentCommand(ExperimentDocument* doc, const Json& json, const QString& text,
                         QUndoCommand* parent = nullptr);
  // Consecutive edits in the text view merge: a typing session is one undo step.
  int id() const override { return 0x501; }
  bool mergeWith(const QUndoCommand* other) override;
};

}  // namespace d500::studio
