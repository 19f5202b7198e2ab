// A list of values as typed in the sweep form ("64, 128, 256", "0.5, 1.0", "NCHW, NHWC") and a
// single attribute value ("1.0", "[1, 1]", "$pad", "NOTSET"). Integers stay integers and reals
// stay reals ("1.0" is a real), as ONNX attribute types depend on it.
#pragma once

#include <QValidator>

#include "editor/json_path.h"

namespace d500::studio {

class ValuesValidator : public QValidator {
  Q_OBJECT
 public:
  enum class Mode { List, Single };
  explicit ValuesValidator(Mode mode, QObject* parent = nullptr);
  State validate(QString& input, int& pos) const override;

  // One value: JSON when it parses as JSON (numbers, arrays, quoted strings, true/false), else
  // the bare text as a string. Returns false for empty text.
  static bool valueFromText(const QString& text, Json* out);
  static QString valueToText(const Json& v);
  // Comma-separated values (commas inside [] stay with their array).
  static bool listFromText(const QString& text, Json* out);
  static QString listToText(const Json& values);

 private:
  Mode mode_;
};

}  // namespace d500::studio
