// An ONNX attribute as the network editor's form shows and reads it: "3", "0.5", "1, 1",
// "NOTSET". Each type of the schema ("int", "ints", ...) has one text form; a text that is not
// one is refused with what was expected.
// Threading: any thread (no widgets).
#pragma once

#include <QString>

#include "d500/plugin/operator_registry.h"

namespace d500::studio {

QString attributeText(const plugin::Attribute& attribute);
// Reads `text` as an attribute `name` of schema type `type`. False with *error (one sentence)
// when the text is not a value of that type.
bool parseAttribute(const QString& name, const QString& type, const QString& text,
                    plugin::Attribute* out, QString* error);

}  // namespace d500::studio
