// Validates a number as it is typed: an integer or a real within [lo, hi]. Text that could still
// become valid ("", "-", "1e") is Intermediate, so the field turns red instead of being refused
// keystroke by keystroke; only Acceptable text reaches the document.
#pragma once

#include <QValidator>

namespace d500::studio {

class NumberValidator : public QValidator {
  Q_OBJECT
 public:
  enum class Kind { Integer, Real };
  NumberValidator(Kind kind, double lo, double hi, QObject* parent = nullptr);
  State validate(QString& input, int& pos) const override;

  Kind kind() const { return kind_; }
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  QString rangeText() const;  // "an integer in [3, 100000000]"

 private:
  Kind kind_;
  double lo_, hi_;
};

}  // namespace d500::studio
