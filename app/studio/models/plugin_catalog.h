// What the loaded plugins offer, as reported by `d500 plugins --json --operators` (the studio
// never loads plugin code itself: a broken plugin must not take the workbench down).
// Pure data (QtCore only); parsed once per query and shared by the plugins dock and the editor's
// palette.
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace d500::studio {

struct OperatorOffer {
  QString opType;   // ONNX op type, "Conv"
  QString domain;   // "" = ai.onnx
  QString variant;  // "default", "im2col", ...
  bool backward = false;
  int deviceType = 1;  // DLDeviceType: 1 CPU, 2 CUDA
};

// A network executor ("torch/default") or an optimizer ("torch/adam") of a loaded plugin (ABI 1.2).
struct ComponentOffer {
  QString plugin;
  QString name;  // executor variant ("default") or optimizer name ("adam")
  QString id;    // "torch/default", "reference/adam"
  QString description;
  int deviceType = 1;
};

struct PluginInfo {
  // What the plugins dock shows: a plugin that loaded but whose every offer needs a device this
  // machine lacks (cuDNN without a GPU) is not simply "loaded". The zero value is Invalid.
  enum class Status { Invalid, Failed, Loaded, LoadedNoDevice };

  QString name;
  QString version;
  quint32 abiVersion = 0;  // (major << 16) | minor
  QString state;           // "loaded", "failed", ...
  QString error;           // why it did not load; empty when it did
  QString library;
  QString wraps;  // the framework it wraps ("LibTorch 2.1"), if any
  QList<OperatorOffer> operators;
  QList<ComponentOffer> executors;
  QList<ComponentOffer> optimizers;
  QList<ComponentOffer> schemes;   // distributed schemes (ABI 1.4): id "plugin/name"
  QList<ComponentOffer> metrics;   // training metrics (ABI 1.4): id "plugin/name"
  QList<ComponentOffer> samplers;  // samplers (ABI 1.4): id "plugin/name"
  QList<ComponentOffer> datasets;  // datasets (ABI 1.4): id "plugin/name"

  QString abiText() const;           // "1.1"
  QString capabilitiesText() const;  // "32 operators (31 with backward), CPU"
  bool loaded() const { return error.isEmpty() && state == QLatin1String("loaded"); }
  // Why its device (GPU) operators cannot run on this machine ("no usable GPU: cudaGetDevice...",
  // as `d500 plugins` says), or empty when they can or it has none.
  QString deviceProblem() const;
  // LoadedNoDevice when deviceProblem() is set and nothing it offers runs on the CPU.
  Status status() const;
};

class PluginCatalog {
  Q_DECLARE_TR_FUNCTIONS(PluginCatalog)

 public:
  // Parses the runner's JSON. Returns false with *error when it is not what the runner writes.
  static bool fromJson(const QByteArray& json, PluginCatalog* out, QString* error);

  const QList<PluginInfo>& plugins() const { return plugins_; }
  const QStringList& searchPath() const { return searchPath_; }

  // Operators offered by loaded plugins, "domain::OpType" keys ("" domain: just "OpType"),
  // sorted; and the implementation ids of one ("reference", "examples/im2col") in the form the
  // experiment file's "implementations" takes.
  QStringList operatorKeys() const;
  QStringList implementationsFor(const QString& opType, const QString& domain) const;
  // Those of implementationsFor() that can run here: without a usable GPU, no CUDA variant.
  QStringList runnableImplementationsFor(const QString& opType, const QString& domain) const;
  // Executors and optimizers of loaded plugins, in plugin order.
  QList<ComponentOffer> executors() const;
  QList<ComponentOffer> optimizers() const;
  QList<ComponentOffer> schemes() const;
  QList<ComponentOffer> metrics() const;
  QList<ComponentOffer> samplers() const;
  QList<ComponentOffer> datasets() const;
  static QString operatorKey(const QString& opType, const QString& domain);
  static void splitOperatorKey(const QString& key, QString* opType, QString* domain);

 private:
  // The offers of one kind by the loaded plugins.
  QList<ComponentOffer> offersOf(QList<ComponentOffer> PluginInfo::*kind) const;
  QStringList offers(const QString& opType, const QString& domain, bool runnableOnly) const;
  QList<PluginInfo> plugins_;
  QStringList searchPath_;
};

}  // namespace d500::studio
