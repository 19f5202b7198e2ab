// The operator measured: its ONNX op type and domain, the element type, one shape per input
// (dimensions may name sweep variables) and its attributes (values may be "$variable").
// Input and attribute rows are rebuilt only when their number or names change, so a field being
// typed in keeps its focus while the document updates under it.
#pragma once

#include <QGroupBox>
#include <QStringList>

class QComboBox;
class QGridLayout;
class QLineEdit;
class QPushButton;
class QWidget;

namespace d500::studio {

class ExperimentDocument;

class OperatorSection : public QGroupBox {
  Q_OBJECT
 public:
  OperatorSection(ExperimentDocument* doc, QWidget* parent = nullptr);

 private:
  void refresh();
  void rebuildInputs(int count);
  void rebuildAttributes(const QStringList& names);
  void updateAddInput();  // enabled while the operator takes another input

  ExperimentDocument* doc_;
  QWidget* inputsBox_;
  QGridLayout* inputsGrid_;
  QPushButton* addInput_;
  QWidget* attributesBox_;
  QGridLayout* attributesGrid_;
  QLineEdit* newAttrName_;
  QLineEdit* newAttrValue_;
  int inputCount_ = -1;
  QStringList attributeNames_;
};

}  // namespace d500::studio
