// The network editor's own window (File > Network Editor in the studio): menus and a toolbar
// over a NetworkEditor. New from a builder (MLP, LeNet-5, ResNet), Open (Ctrl+O), Save (Ctrl+S),
// Save As, Undo (Ctrl+Z), Redo (Ctrl+Shift+Z), Delete node (Del), Fit (F), and Use in Network
// Experiment, which saves the model, writes a network benchmark of it beside it and hands that
// file to the studio's project.
// Threading: GUI thread.
#pragma once

#include <QMainWindow>

namespace d500::studio {

class NetworkEditor;

class NetworkEditorWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit NetworkEditorWindow(QWidget* parent = nullptr);
  NetworkEditor* editor() const { return editor_; }
  // Saves when needed, writes the experiment; its path, or "" (a message says why).
  QString useInExperiment();

 Q_SIGNALS:
  void experimentWritten(const QString& path);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void buildMenus();
  bool maybeSave();
  bool saveAs();
  void openModel();

  NetworkEditor* editor_;
};

}  // namespace d500::studio
