#include "editor/commands/replace_document_command.h"

#include "editor/experiment_document.h"

namespace d500::studio {

ReplaceDocumentCommand::ReplaceDocumentCommand(ExperimentDocument* doc, const Json& json,
                                               const QString& text, QUndoCommand* parent)
    : DocumentEditCommand(doc, JsonPath(), doc->json(), json, text, parent) {}

bool ReplaceDocumentCommand::mergeWith(const QUndoCommand* other) {
  auto* o = static_cast<const ReplaceDocumentCommand*>(other);
  after_ = o->after_;
  docAfter_ = o->docAfter_;
  if (docAfter_ == docBefore_) setObsolete(true);
  return true;
}

}  // namespace d500::studio
