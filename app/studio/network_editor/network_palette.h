// The network editor's palette: the operators the loaded plugins implement (the runner's
// `d500 plugins --operators`, never a list of the studio's own), filtered by name. An operator
// libonnx has no schema for at the model's opset is shown greyed, with why.
// Threading: GUI thread.
#pragma once

#include <QWidget>

#include "models/plugin_catalog.h"

class QLineEdit;
class QListWidget;

namespace d500::studio {

class NetworkPalette : public QWidget {
  Q_OBJECT
 public:
  explicit NetworkPalette(QWidget* parent = nullptr);
  void setCatalog(const PluginCatalog& catalog);
  void setError(const QString& error);
  void setOpset(qint64 opset);    // the model's ai.onnx opset, for the schemas
  QStringList operators() const;  // "Relu", "com.example::MyOp"
  QListWidget* list() const { return list_; }

 Q_SIGNALS:
  void operatorChosen(const QString& opType, const QString& domain);

 private:
  void rebuild();

  PluginCatalog catalog_;
  QString error_;
  qint64 opset_ = 0;
  QLineEdit* filter_;
  QListWidget* list_;
};

}  // namespace d500::studio
