// An input shape as typed in the operator form: "N, C, 64, 64" — each dimension an integer >= 0
// or the name of a sweep variable. Converts to and from the experiment file's array form.
#pragma once

#include <QValidator>

#include "editor/json_path.h"

namespace d500::studio {

class ShapeValidator : public QValidator {
  Q_OBJECT
 public:
  explicit ShapeValidator(QObject* parent = nullptr);
  State validate(QString& input, int& pos) const override;

  // ["N", 64] <-> "N, 64". toJson assumes Acceptable text.
  static Json toJson(const QString& text);
  static QString toText(const Json& dims);
};

}  // namespace d500::studio
