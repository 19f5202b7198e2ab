// One canvas edit on the experiment document's undo stack: the whole experiment before and after
// (as every document edit keeps it, so undo restores it byte for byte) and the canvas's own state
// (positions, spares) before and after. The canvas may close while its edits stay on the stack:
// then only the experiment is restored.
#pragma once

#include <QPointer>
#include <QUndoCommand>

#include "editor/json_path.h"

namespace d500::studio {

class CanvasModel;
class ExperimentDocument;

class CanvasCommand : public QUndoCommand {
 public:
  CanvasCommand(ExperimentDocument* doc, CanvasModel* canvas, Json docBefore, Json docAfter,
                Json stateBefore, Json stateAfter, const QString& text);
  void redo() override;
  void undo() override;

 private:
  void put(const Json& doc, const Json& state);
  QPointer<ExperimentDocument> doc_;
  QPointer<CanvasModel> canvas_;
  Json docBefore_, docAfter_, stateBefore_, stateAfter_;
};

}  // namespace d500::studio
