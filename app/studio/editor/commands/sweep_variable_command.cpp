#include "editor/commands/sweep_variable_command.h"

#include <QCoreApplication>

#include "editor/experiment_document.h"

namespace d500::studio {

namespace {

const JsonPath kSweep{QStringLiteral("sweep")};

std::optional<Json> edited(ExperimentDocument* doc, SweepVariableCommand::Op op,
                           const QString& name, const Json& values) {
  Json s = kSweep.get(doc->json(), Json::object());
  if (!s.is_object()) s = Json::object();
  if (op == SweepVariableCommand::Op::Add)
    s[name.toStdString()] = values;
  else
    s.erase(name.toStdString());
  if (s.empty()) return std::nullopt;
  return s;
}

QString describe(SweepVariableCommand::Op op, const QString& name) {
  return op == SweepVariableCommand::Op::Add
             ? QCoreApplication::translate("d500::studio::SweepVariableCommand",
                                           "Add sweep variable %1")
                   .arg(name)
             : QCoreApplication::translate("d500::studio::SweepVariableCommand",
                                           "Remove sweep variable %1")
                   .arg(name);
}

}  // namespace

SweepVariableCommand::SweepVariableCommand(ExperimentDocument* doc, Op op, const QString& name,
                                           const Json& values, QUndoCommand* parent)
    : DocumentEditCommand(
          doc, kSweep,
          kSweep.exists(doc->json()) ? std::optional<Json>(kSweep.get(doc->json())) : std::nullopt,
          edited(doc, op, name, values), describe(op, name), parent) {}

}  // namespace d500::studio
