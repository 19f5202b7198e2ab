#include "canvas/canvas_command.h"

#include "canvas/canvas_model.h"
#include "editor/experiment_document.h"

namespace d500::studio {

CanvasCommand::CanvasCommand(ExperimentDocument* doc, CanvasModel* canvas, Json docBefore,
                             Json docAfter, Json stateBefore, Json stateAfter, const QString& text)
    : QUndoCommand(text),
      doc_(doc),
      canvas_(canvas),
      docBefore_(std::move(docBefore)),
      docAfter_(std::move(docAfter)),
      stateBefore_(std::move(stateBefore)),
      stateAfter_(std::move(stateAfter)) {}

void CanvasCommand::redo() {
  put(docAfter_, stateAfter_);
}
void CanvasCommand::undo() {
  put(docBefore_, stateBefore_);
}

void CanvasCommand::put(const Json& doc, const Json& state) {
  // The canvas state first: the document's change rebuilds the canvas from both.
  if (canvas_) canvas_->restoreState(state);
  if (doc_ && doc_->json() != doc) doc_->restore(doc);
  if (canvas_) canvas_->notifyEdited();
}

}  // namespace d500::studio
