// Inserts an element into, or removes one from, an array of the experiment (implementations,
// inputs, hosts). The array is created by the first insertion and removed with its last element,
// so an emptied list does not leave "[]" behind where the file format expects it absent.
#pragma once

#include "editor/commands/document_edit_command.h"

namespace d500::studio {

class ListItemCommand : public DocumentEditCommand {
 public:
  enum class Op { Insert, Remove };
  // Insert: `index` -1 appends. `keepEmpty`: leave "[]" when the last element goes (for arrays
  // the format requires, such as the operator's inputs).
  ListItemCommand(ExperimentDocument* doc, const JsonPath& arrayPath, Op op, int index,
                  const Json& item, const QString& text, bool keepEmpty = false,
                  QUndoCommand* parent = nullptr);
};

}  // namespace d500::studio
