// The network editor's side form. For a node of the model: its inputs as pickers of the tensors
// it may read, its attributes as fields (the op's schema: every attribute, its type, default and
// description), its problem, and Replace op / Delete. For an op picked in the palette: the same
// fields for the node to add, and Add. Edits are signalled; the editor turns them into commands.
// Threading: GUI thread.
#pragma once

#include <QMap>
#include <QWidget>
#include <optional>

#include "d500/onnx/model_edit.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QSpinBox;
class QVBoxLayout;

namespace d500::studio {

class NodeForm : public QWidget {
  Q_OBJECT
 public:
  explicit NodeForm(QWidget* parent = nullptr);
  void setOperators(const QStringList& opTypes);  // what Replace op offers
  // `outputs`: a Conv's or Gemm's output channels, offered to widen; -1 for other nodes.
  void showNode(const onnx::NodeInfo& node, const std::vector<plugin::Attribute>& attributes,
                const std::optional<onnx::OpSchemaInfo>& schema, const QStringList& tensors,
                const QString& problem, int outputs = -1);
  void showNewNode(const QString& opType, const std::optional<onnx::OpSchemaInfo>& schema,
                   const QStringList& tensors, const QString& firstInput);
  void showNothing(const QString& hint);

  QString node() const { return node_; }    // the node shown; "" for a new one or none
  QString newOp() const { return newOp_; }  // the op to add; "" unless showNewNode
  QLineEdit* attributeField(const QString& name) const { return fields_.value(name); }
  QComboBox* inputPicker(int index) const { return inputs_.value(index); }
  QComboBox* replaceChoice() const { return replace_; }
  QSpinBox* widenChoice() const { return widen_; }

 Q_SIGNALS:
  void inputChosen(const QString& node, int index, const QString& tensor);
  void attributeEdited(const QString& node, const QString& name, const QString& type,
                       const QString& text);
  void replaceRequested(const QString& node, const QString& opType);
  void deleteRequested(const QString& node);
  void widenRequested(const QString& node, int outputs);
  // Attribute texts by name, only those filled in.
  void addRequested(const QString& opType, const QStringList& inputs,
                    const QMap<QString, QString>& attributes);

 private:
  QVBoxLayout* startPage(const QString& title, const QString& subtitle);
  void addInputs(QVBoxLayout* page, const std::optional<onnx::OpSchemaInfo>& schema,
                 const QStringList& current, const QStringList& tensors);
  void addAttributes(QVBoxLayout* page, const std::optional<onnx::OpSchemaInfo>& schema,
                     const std::vector<plugin::Attribute>& values);
  void addNodeActions(QVBoxLayout* page);
  void addWiden(QVBoxLayout* page, int outputs);

  QScrollArea* scroll_;
  QStringList operators_;
  QString node_, newOp_;
  QList<QComboBox*> inputs_;
  QMap<QString, QLineEdit*> fields_;
  QComboBox* replace_ = nullptr;
  QSpinBox* widen_ = nullptr;
};

}  // namespace d500::studio
