// One edit of the network editor on its undo stack: the document's snapshots before and after
// (onnx::ModelDocument::snapshot: the graph without the initializers' values), so undo and redo
// put the model back byte for byte.
// Threading: GUI thread.
#pragma once

#include <QUndoCommand>
#include <string>

namespace d500::studio {

class NetworkEditor;

class NetworkEditCommand : public QUndoCommand {
 public:
  // The edit has been applied already: the first redo() (QUndoStack::push) only redraws.
  NetworkEditCommand(NetworkEditor* editor, const QString& text, std::string before,
                     std::string after, QString select);
  void undo() override;
  void redo() override;

 private:
  NetworkEditor* editor_;
  std::string before_, after_;
  QString select_;  // the node the edit touched, selected after redo
  bool applied_ = true;
};

}  // namespace d500::studio
