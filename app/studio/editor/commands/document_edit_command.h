// The base of every experiment edit: the value at one JSON path before and after. The first redo
// applies the change at the path; the whole document before and after it is kept, so undo puts
// back exactly what was there (key order, and objects the edit created on the way) and redo
// exactly what the edit made. Both go through ExperimentDocument, so an edit cannot bypass the
// document's change notification and validation. (Experiments are a few kB: snapshots are cheap.)
#pragma once

#include <QUndoCommand>
#include <optional>

#include "editor/json_path.h"

namespace d500::studio {

class ExperimentDocument;

class DocumentEditCommand : public QUndoCommand {
 public:
  // `before`/`after`: nullopt means "absent" (the key or element does not exist).
  DocumentEditCommand(ExperimentDocument* doc, const JsonPath& path, std::optional<Json> before,
                      std::optional<Json> after, const QString& text,
                      QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

  const JsonPath& path() const { return path_; }

 protected:
  ExperimentDocument* doc_;
  JsonPath path_;
  std::optional<Json> before_, after_;  // the value at the path
  bool applied_ = false;
  Json docBefore_, docAfter_;  // the whole document around the first redo
};

}  // namespace d500::studio
