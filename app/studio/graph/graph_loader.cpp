#include "graph/graph_loader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <nlohmann/json.hpp>

#include "d500/network/network_spec.h"
#include "d500/onnx/model.h"
#include "graph/graph_items.h"

namespace d500::studio {

namespace {

void layOut(onnx::Model& model, LoadedGraph& out, bool showConstants) {
  auto graph = onnx::display_graph(model);
  if (!graph.ok()) {
    out.error = QString::fromStdString(graph.error().to_string());
    return;
  }
  out.graph = showConstants ? std::move(graph).value() : onnx::fold_constants(*graph);
  LayoutRequest request;
  for (const onnx::DisplayNode& n : out.graph.nodes) {
    out.sizes.push_back(NodeItem::boxSize(n));
    request.boxes.push_back({out.sizes.back().width(), out.sizes.back().height()});
  }
  for (const onnx::DisplayEdge& e : out.graph.edges) request.edges.push_back({e.from, e.to});
  out.layout = GraphLayout::layout(request);
  if (!out.layout.ok()) out.error = QString::fromStdString(out.layout.error);
}

// The model a network run measured: its experiment's "network.model", a file or a builder.
Result<std::string> runModelBytes(const store::RunInfo& run, QString* source) {
  nlohmann::json spec = nlohmann::json::parse(run.spec_json, nullptr, false);
  if (!spec.is_object() || !spec.contains("network"))
    return Error{"its experiment has no \"network\" section", ""};
  const std::string dir =
      QFileInfo(QString::fromStdString(run.spec_path)).absolutePath().toStdString();
  auto parsed =
      network::parse_network(spec["network"], run.spec_path, dir, measure::Policy{}, run.seed);
  if (!parsed.ok()) return parsed.error();
  *source = parsed->model_path.empty() ? QCoreApplication::translate("d500::studio::GraphLoader",
                                                                     "built by the %1 builder")
                                             .arg(QString::fromStdString(parsed->builder))
                                       : QString::fromStdString(parsed->model_path);
  return network::network_model_bytes(*parsed);
}

}  // namespace

QString modelTitle(const std::string& graphName, const QString& path) {
  static const QStringList generic = {QStringLiteral("main_graph"), QStringLiteral("torch_jit"),
                                      QStringLiteral("torch-jit-export"), QStringLiteral("graph")};
  const QString name = QString::fromStdString(graphName).trimmed();
  return name.isEmpty() || generic.contains(name) ? QFileInfo(path).completeBaseName() : name;
}

LoadedGraph loadFileGraph(const QString& path, bool showConstants) {
  LoadedGraph out;
  out.title = QFileInfo(path).completeBaseName();
  out.source = path;
  auto model = onnx::Model::load(path.toStdString());
  if (!model.ok()) {
    out.error = QCoreApplication::translate("d500::studio::GraphLoader", "Cannot show %1: %2")
                    .arg(path, QString::fromStdString(model.error().message));
    return out;
  }
  out.title = modelTitle(model->graph_name(), path);
  layOut(*model, out, showConstants);
  return out;
}

LoadedGraph loadRunGraph(const QString& storePath, qint64 runId, bool showConstants) {
  LoadedGraph out;
  out.title = QCoreApplication::translate("d500::studio::GraphLoader", "run %1").arg(runId);
  auto opened =
      store::ResultStore::open(storePath.toStdString(), store::ResultStore::Mode::ReadOnly);
  if (!opened.ok()) {
    out.error = QString::fromStdString(opened.error().to_string());
    return out;
  }
  try {
    const std::optional<store::RunInfo> run = (*opened)->run(runId);
    if (!run) {
      out.error =
          QCoreApplication::translate("d500::studio::GraphLoader", "Run %1 is not in the store %2.")
              .arg(runId)
              .arg(storePath);
      return out;
    }
    out.title = QCoreApplication::translate("d500::studio::GraphLoader", "run %1 · %2")
                    .arg(runId)
                    .arg(QString::fromStdString(run->name));
    if (run->level != "network") {
      out.error = QCoreApplication::translate(
                      "d500::studio::GraphLoader",
                      "Run %1 is a %2 run; the graph view shows the model of a network run.")
                      .arg(runId)
                      .arg(QString::fromStdString(run->level));
      return out;
    }
    auto bytes = runModelBytes(*run, &out.source);
    if (!bytes.ok()) {
      out.error = QCoreApplication::translate("d500::studio::GraphLoader",
                                              "Cannot read the model of run %1: %2")
                      .arg(runId)
                      .arg(QString::fromStdString(bytes.error().to_string()));
      return out;
    }
    auto model = onnx::Model::parse(*bytes, out.source.toStdString());
    if (!model.ok()) {
      out.error = QCoreApplication::translate("d500::studio::GraphLoader",
                                              "Cannot show the model of run %1: %2")
                      .arg(runId)
                      .arg(QString::fromStdString(model.error().to_string()));
      return out;
    }
    layOut(*model, out, showConstants);
    out.profile = NodeProfile::fromStore(**opened, runId);
  } catch (const std::exception& e) {  // the store failed while reading
    out.error = QString::fromUtf8(e.what());
  }
  return out;
}

}  // namespace d500::studio
