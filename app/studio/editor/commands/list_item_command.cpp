#include "editor/commands/list_item_command.h"

#include "editor/experiment_document.h"

namespace d500::studio {

namespace {

std::optional<Json> edited(ExperimentDocument* doc, const JsonPath& path, ListItemCommand::Op op,
                           int index, const Json& item, bool keepEmpty) {
  Json a = path.get(doc->json(), Json::array());
  if (!a.is_array()) a = Json::array();
  if (op == ListItemCommand::Op::Insert) {
    const size_t at = index < 0 || size_t(index) > a.size() ? a.size() : size_t(index);
    a.insert(a.begin() + std::ptrdiff_t(at), item);
  } else if (index >= 0 && size_t(index) < a.size()) {
    a.erase(size_t(index));
  }
  if (a.empty() && !keepEmpty) return std::nullopt;
  return a;
}

}  // namespace

ListItemCommand::ListItemCommand(ExperimentDocument* doc, const JsonPath& arrayPath, Op op,
                                 int index, const Json& item, const QString& text, bool keepEmpty,
                                 QUndoCommand* parent)
    : DocumentEditCommand(doc, arrayPath,
                          arrayPath.exists(doc->json())
                              ? std::optional<Json>(arrayPath.get(doc->json()))
                              : std::nullopt,
                          edited(doc, arrayPath, op, index, item, keepEmpty), text, parent) {}

}  // namespace d500::studio
