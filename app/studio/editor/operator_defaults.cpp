#include "editor/operator_defaults.h"

#include <QSet>

#include "d500/onnx/model_edit.h"

namespace d500::studio {

namespace {

// Newer than any opset: the latest schema, as the runner's check takes it.
constexpr int64_t kLatestOpset = 1 << 20;

const QSet<QString>& imageOps() {
  static const QSet<QString> image = {QStringLiteral("MaxPool"), QStringLiteral("AveragePool"),
                                      QStringLiteral("GlobalAveragePool"),
                                      QStringLiteral("GlobalMaxPool")};
  return image;
}

// Operators whose default inputs have a layout (image tensors, per-channel vectors): other ranks
// do not run on them.
bool hasLayout(const QString& opType) {
  return opType == QLatin1String("Conv") || opType == QLatin1String("ConvTranspose") ||
         opType == QLatin1String("BatchNormalization") || imageOps().contains(opType);
}

int minInputs(const QString& opType, const QString& domain) {
  const auto s = d500::onnx::op_schema(opType.toStdString(), domain.toStdString(), kLatestOpset);
  return s ? s->min_inputs : 0;
}

}  // namespace

Json OperatorDefaults::inputsFor(const QString& opType) {
  static const QSet<QString> binary = {
      QStringLiteral("Gemm"), QStringLiteral("MatMul"), QStringLiteral("Add"),
      QStringLiteral("Sub"),  QStringLiteral("Mul"),    QStringLiteral("Div"),
      QStringLiteral("Sum"),  QStringLiteral("Concat"), QStringLiteral("MeanSquaredError")};
  if (opType == QLatin1String("Conv") || opType == QLatin1String("ConvTranspose"))
    return Json::array({Json::array({1, 16, "N", "N"}), Json::array({16, 16, 3, 3})});
  if (opType == QLatin1String("BatchNormalization"))
    return Json::array({Json::array({1, 16, "N", "N"}), Json::array({16}), Json::array({16}),
                        Json::array({16}), Json::array({16})});
  if (imageOps().contains(opType)) return Json::array({Json::array({1, 16, "N", "N"})});
  if (binary.contains(opType))
    return Json::array({Json::array({"N", "N"}), Json::array({"N", "N"})});
  return Json::array({Json::array({"N", "N"})});
}

Json OperatorDefaults::attributesFor(const QString& opType) {
  if (opType == QLatin1String("MaxPool") || opType == QLatin1String("AveragePool"))
    return Json{{"kernel_shape", Json::array({2, 2})}, {"strides", Json::array({2, 2})}};
  return Json();
}

int OperatorDefaults::maxInputs(const QString& opType, const QString& domain) {
  const auto s = d500::onnx::op_schema(opType.toStdString(), domain.toStdString(), kLatestOpset);
  return s ? s->max_inputs : -1;
}

bool OperatorDefaults::inputsFit(const QString& opType, const QString& domain, const Json& inputs) {
  if (!inputs.is_array() || inputs.empty()) return false;
  const int n = int(inputs.size());
  const int most = maxInputs(opType, domain);
  if (n < minInputs(opType, domain) || (most >= 0 && n > most)) return false;
  if (!hasLayout(opType)) return true;
  const Json defaults = inputsFor(opType);
  for (size_t i = 0; i < inputs.size() && i < defaults.size(); ++i)
    if (!inputs[i].is_array() || inputs[i].size() != defaults[i].size()) return false;
  return true;
}

Json OperatorDefaults::nextInput(const QString& opType, const QString& domain, const Json& inputs) {
  const size_t n = inputs.is_array() ? inputs.size() : 0;
  const int most = maxInputs(opType, domain);
  if (most >= 0 && int(n) >= most) return Json();
  const Json defaults = inputsFor(opType);
  if (n < defaults.size() && (n == 0 || hasLayout(opType) || n < size_t(minInputs(opType, domain))))
    return defaults[n];
  // A convolution's bias has one value per output channel: W's first dimension (its second for
  // ConvTranspose, of one group).
  const size_t channels = opType == QLatin1String("ConvTranspose") ? 1 : 0;
  if (hasLayout(opType) && opType.startsWith(QLatin1String("Conv")) && n == 2 &&
      inputs[1].is_array() && inputs[1].size() > channels)
    return Json::array({inputs[1][channels]});
  if (n > 0 && inputs[n - 1].is_array()) return inputs[n - 1];
  return defaults[0];
}

}  // namespace d500::studio
