// Binds one form widget to one JSON path of an ExperimentDocument, both ways: the widget shows
// the document's value (refreshed after every change, undo included) and an edit becomes one
// document edit, applied as you type once the validator accepts the text. Problems the parser
// reports at the path mark the widget red with the message as tooltip.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include "editor/json_path.h"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QValidator;
class QWidget;

namespace d500::studio {

class ExperimentDocument;

class FieldBinding : public QObject {
  Q_OBJECT
 public:
  enum class Kind { Text, Integer, Real, Value, ValueList, Shape };

  // Ownership: the widget (the binding dies with it). `optional`: an empty field removes the key
  // (the parser's default applies, shown as the placeholder text). `validator`, if any, becomes
  // the line edit's (owned by it).
  static FieldBinding* lineEdit(ExperimentDocument* doc, QLineEdit* edit, const JsonPath& path,
                                Kind kind, bool optional, QValidator* validator = nullptr);
  // Items' data are the JSON strings stored ("float32"); `fallback` is shown when absent.
  static FieldBinding* comboBox(ExperimentDocument* doc, QComboBox* box, const JsonPath& path,
                                const QString& fallback);
  static FieldBinding* checkBox(ExperimentDocument* doc, QCheckBox* box, const JsonPath& path,
                                bool fallback);

  // A combo box named `objectName` offering `values` (shown and stored as they are).
  static QComboBox* choices(const QString& objectName, const QStringList& values);

  QWidget* widget() const { return widget_; }
  const JsonPath& path() const { return path_; }
  void refresh();

  // Text <-> JSON of a line edit of this kind (false for text that is not a value yet).
  static bool fromText(Kind kind, const QString& text, Json* out);
  static QString toText(Kind kind, const Json& value);

 private:
  FieldBinding(ExperimentDocument* doc, QWidget* widget, const JsonPath& path);
  void onTextEdited(const QString& text);
  void showState();

  ExperimentDocument* doc_;
  QPointer<QWidget> widget_;
  JsonPath path_;
  Kind kind_ = Kind::Text;
  bool optional_ = false;
  bool textValid_ = true;
  QString fallbackText_;
  bool fallbackFlag_ = false;
};

}  // namespace d500::studio
