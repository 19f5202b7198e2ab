// Adds or removes a sweep variable ("sweep": {"N": [64, 128]}). "sweep" itself disappears with
// its last variable, as an experiment without sweeps has none.
#pragma once

#include "editor/commands/document_edit_command.h"

namespace d500::studio {

class SweepVariableCommand : public DocumentEditCommand {
 public:
  enum class Op { Add, Remove };
  SweepVariableCommand(ExperimentDocument* doc, Op op, const QString& name, const Json& values,
                       QUndoCommand* parent = nullptr);
};

}  // namespace d500::studio
