#include "models/plugin_catalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <algorithm>

namespace d500::studio {

QString PluginInfo::abiText() const {
  return QStringLiteral("%1.%2").arg(abiVersion >> 16).arg(abiVersion & 0xffff);
}

QString PluginInfo::deviceProblem() const {
  const qsizetype at = wraps.indexOf(QStringLiteral("no usable GPU"));
  return at < 0 ? QString() : wraps.mid(at);
}

PluginInfo::Status PluginInfo::status() const {
  if (!loaded()) return state.isEmpty() && error.isEmpty() ? Status::Invalid : Status::Failed;
  if (deviceProblem().isEmpty()) return Status::Loaded;
  constexpr int kCpu = 1;  // DLPack's kDLCPU
  for (const OperatorOffer& o : operators)
    if (o.deviceType == kCpu) return Status::Loaded;
  for (const QList<ComponentOffer>* list : {&executors, &optimizers, &schemes})
    for (const ComponentOffer& c : *list)
      if (c.deviceType == kCpu) return Status::Loaded;
  return Status::LoadedNoDevice;
}

QString PluginInfo::capabilitiesText() const {
  QStringList parts;
  if (!operators.isEmpty()) {
    int backward = 0;
    bool cpu = false, cuda = false;
    for (const OperatorOffer& o : operators) {
      backward += o.backward ? 1 : 0;
      cpu = cpu || o.deviceType == 1;
      cuda = cuda || o.deviceType == 2;
    }
    QStringList devices;
    if (cpu) devices << QStringLiteral("CPU");
    if (cuda) devices << QStringLiteral("CUDA");
    parts << PluginCatalog::tr("operators: %n (%1 with backward), %2", "", int(operators.size()))
                 .arg(backward)
                 .arg(devices.join(QStringLiteral(", ")));
  }
  if (!executors.isEmpty()) parts << PluginCatalog::tr("executors: %n", "", int(executors.size()));
  if (!optimizers.isEmpty())
    parts << PluginCatalog::tr("optimizers: %n", "", int(optimizers.size()));
  if (!schemes.isEmpty())
    parts << PluginCatalog::tr("distributed schemes: %n", "", int(schemes.size()));
  if (!deviceProblem().isEmpty()) parts << deviceProblem();
  return parts.isEmpty() ? PluginCatalog::tr("no operators") : parts.join(QStringLiteral("; "));
}

bool PluginCatalog::fromJson(const QByteArray& json, PluginCatalog* out, QString* error) {
  QJsonParseError pe;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
  if (pe.error != QJsonParseError::NoError || !doc.isObject() ||
      !doc.object().value(QStringLiteral("plugins")).isArray()) {
    *error = tr("The runner's plugin list is not the expected JSON (%1)").arg(pe.errorString());
    return false;
  }
  PluginCatalog c;
  const QJsonObject root = doc.object();
  for (const QJsonValue& s : root.value(QStringLiteral("search_path")).toArray())
    c.searchPath_ << s.toString();
  for (const QJsonValue& v : root.value(QStringLiteral("plugins")).toArray()) {
    const QJsonObject o = v.toObject();
    PluginInfo p;
    p.name = o.value(QStringLiteral("name")).toString();
    p.version = o.value(QStringLiteral("version")).toString();
    p.abiVersion = quint32(o.value(QStringLiteral("abi_version")).toInteger());
    p.state = o.value(QStringLiteral("state")).toString();
    p.error = o.value(QStringLiteral("error")).toString();
    p.library = o.value(QStringLiteral("library")).toString();
    p.wraps = o.value(QStringLiteral("wraps")).toString();
    for (const QJsonValue& ov : o.value(QStringLiteral("operators")).toArray()) {
      const QJsonObject oo = ov.toObject();
      p.operators.append(OperatorOffer{oo.value(QStringLiteral("op_type")).toString(),
                                       oo.value(QStringLiteral("domain")).toString(),
                                       oo.value(QStringLiteral("variant")).toString(),
                                       oo.value(QStringLiteral("backward")).toBool(),
                                       oo.value(QStringLiteral("device_type")).toInt(1)});
    }
    const auto components = [&](const char* key, QList<ComponentOffer>* list) {
      for (const QJsonValue& cv : o.value(QLatin1String(key)).toArray()) {
        const QJsonObject co = cv.toObject();
        list->append(ComponentOffer{p.name, co.value(QStringLiteral("name")).toString(),
                                    co.value(QStringLiteral("id")).toString(),
                                    co.value(QStringLiteral("description")).toString(),
                                    co.value(QStringLiteral("device_type")).toInt(1)});
      }
    };
    components("executors", &p.executors);
    components("optimizers", &p.optimizers);
    components("schemes", &p.schemes);
    components("metrics", &p.metrics);
    components("samplers", &p.samplers);
    components("datasets", &p.datasets);
    c.plugins_.append(p);
  }
  *out = std::move(c);
  return true;
}

QList<ComponentOffer> PluginCatalog::offersOf(QList<ComponentOffer> PluginInfo::*kind) const {
  QList<ComponentOffer> out;
  for (const PluginInfo& p : plugins_)
    if (p.loaded()) out += p.*kind;
  return out;
}

QList<ComponentOffer> PluginCatalog::executors() const {
  return offersOf(&PluginInfo::executors);
}

QList<ComponentOffer> PluginCatalog::optimizers() const {
  return offersOf(&PluginInfo::optimizers);
}

QList<ComponentOffer> PluginCatalog::schemes() const {
  return offersOf(&PluginInfo::schemes);
}

QList<ComponentOffer> PluginCatalog::metrics() const {
  return offersOf(&PluginInfo::metrics);
}

QList<ComponentOffer> PluginCatalog::samplers() const {
  return offersOf(&PluginInfo::samplers);
}

QList<ComponentOffer> PluginCatalog::datasets() const {
  return offersOf(&PluginInfo::datasets);
}

QString PluginCatalog::operatorKey(const QString& opType, const QString& domain) {
  return domain.isEmpty() ? opType : domain + QStringLiteral("::") + opType;
}

void PluginCatalog::splitOperatorKey(const QString& key, QString* opType, QString* domain) {
  const qsizetype sep = key.lastIndexOf(QStringLiteral("::"));
  *domain = sep < 0 ? QString() : key.left(sep);
  *opType = sep < 0 ? key : key.mid(sep + 2);
}

QStringList PluginCatalog::operatorKeys() const {
  QSet<QString> keys;
  for (const PluginInfo& p : plugins_)
    if (p.loaded())
      for (const OperatorOffer& o : p.operators) keys.insert(operatorKey(o.opType, o.domain));
  QStringList sorted(keys.begin(), keys.end());
  std::sort(sorted.begin(), sorted.end(), [](const QString& a, const QString& b) {
    return a.compare(b, Qt::CaseInsensitive) < 0;
  });
  return sorted;
}

QStringList PluginCatalog::implementationsFor(const QString& opType, const QString& domain) const {
  return offers(opType, domain, false);
}

QStringList PluginCatalog::runnableImplementationsFor(const QString& opType,
                                                      const QString& domain) const {
  return offers(opType, domain, true);
}

QStringList PluginCatalog::offers(const QString& opType, const QString& domain,
                                  bool runnableOnly) const {
  constexpr int kCuda = 2;  // DLPack's kDLCUDA, as `d500 plugins --json` reports device_type
  QStringList ids;
  for (const PluginInfo& p : plugins_) {
    if (!p.loaded()) continue;
    const bool noGpu = !p.deviceProblem().isEmpty();
    QStringList variants;
    for (const OperatorOffer& o : p.operators)
      if (o.opType == opType && o.domain == domain &&
          !(runnableOnly && noGpu && o.deviceType == kCuda))
        variants << o.variant;
    // The experiment file names a plugin's only or "default" variant by the plugin alone.
    for (const QString& v : variants)
      ids << ((v == QLatin1String("default") || (variants.size() == 1 && v.isEmpty()))
                  ? p.name
                  : p.name + QLatin1Char('/') + v);
  }
  return ids;
}

}  // namespace d500::studio
