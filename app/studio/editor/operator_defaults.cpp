#include "editor/operator_defaults.h"

#include <QSet>

namespace d500::studio {

Json OperatorDefaults::inputsFor(const QString& opType) {
  static const QSet<QString> image = {QStringLiteral("MaxPool"), QStringLiteral("AveragePool"),
                                      QStringLiteral("GlobalAveragePool"), QStringLiteral("GlobalMaxPool")};
  static const QSet<QString> binary = {QStringLiteral("Gemm"), QStringLiteral("MatMul"), QStringLiteral("Add"),
                                       QStringLiteral("Sub"),  QStringLiteral("Mul"),    QStringLiteral("Div"),
                                       QStringLiteral("Sum"),  QStringLiteral("Concat"), QStringLiteral("MeanSquaredError")};
  if (opType == QLatin1String("Conv") || opType == QLatin1String("ConvTranspose"))
    return Json::array({Json::array({1, 16, "N", "N"}), Json::array({16, 16, 3, 3})});
  if (opType == QLatin1String("BatchNormalization"))
    return Json::array({Json::array({1, 16, "N", "N"}), Json::array({16}), Json::array({16}),
                        Json::array({16}), Json::array({16})});
  if (image.contains(opType)) return Json::array({Json::array({1, 16, "N", "N"})});
  if (binary.contains(opType)) return Json::array({Json::array({"N", "N"}), Json::array({"N", "N"})});
  return Json::array({Json::array({"N", "N"})});
}

Json OperatorDefaults::attributesFor(const QString& opType) {
  if (opType == QLatin1String("MaxPool") || opType == QLatin1String("AveragePool"))
    return Json{{"kernel_shape", Json::array({2, 2})}, {"strides", Json::array({2, 2})}};
  return Json();
}

}  // namespace d500::studio
