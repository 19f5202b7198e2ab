// The ONNX graph view (issue 13 item 2): real network runs by the runner into a store, then the
// "graph" chart kind over them and over .onnx files. Scene counts against the ONNX graph, the
// layout's direction, the time overlay's hottest node, the side panel, search, a malformed file
// and a model of thousands of nodes. Screenshots of lenet5 and resnet_small go to the build
// tree (graph_view_lenet.png, graph_view_resnet.png) for people to look at.
#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>
#include <algorithm>
#include <set>

#include "../../support/onnx_edges.h"
#include "charts/chart_kind.h"
#include "charts/units.h"
#include "d500/onnx/model.h"
#include "d500/store/result_store.h"
#include "graph/graph_items.h"
#include "graph/graph_layout.h"
#include "graph/graph_loader.h"
#include "graph/graph_tab.h"
#include "graph/graph_view.h"
#include "main_window/chart_actions.h"
#include "main_window/main_window.h"
#include "views/workspace_tabs.h"

using namespace d500::studio;

namespace {

const QString kModels = QStringLiteral(D500_TEST_SOURCE_DIR "/resources/models/");
// LayerNormalization expanded into its primitives by ONNX's own test data: Constant nodes (the
// epsilon, axes, shapes) read by the operators, as an exported transformer (a Swin-T) has them.
const QString kConstants = QStringLiteral(
    "/usr/share/libonnx-testdata/data/node/test_layer_normalization_2d_axis0_expanded/model.onnx");

bool waitReady(GraphTab* tab) {
  return tab->isReady() || QSignalSpy(tab, &GraphTab::ready).wait(120000);
}

}  // namespace

class GraphViewTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  QString store_;
  const ChartKind* kind_ = nullptr;

  // Runs the runner on a network experiment of `builder`'s model; returns the run's id.
  qint64 runNetwork(const QString& builder, const QString& executor = QStringLiteral("reference"),
                    bool training = true) {
    const QString spec = dir_.filePath(builder + QStringLiteral(".json"));
    QFile f(spec);
    if (!f.open(QIODevice::WriteOnly)) return 0;
    f.write(QStringLiteral(R"({"d500": 1, "name": "%1-graph", "level": "network", "seed": 5,
      "network": {"model": {"builder": "%1", "seed": 1, "with_loss": true}, "executors": ["%2"],
                  "batch_sizes": [1], "latency": true, "throughput": false, "training": %3,
                  "per_node": true, "latency_min_samples": 5, "loss": "loss"},
      "repetition": {"warmup_calls": 1, "min_samples": 5, "max_samples": 30, "max_seconds": 0.3}})")
                .arg(builder, executor, training ? QStringLiteral("true") : QStringLiteral("false"))
                .toUtf8());
    f.close();
    QProcess p;
    p.start(QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500"),
            {QStringLiteral("--db"), store_, QStringLiteral("run"), spec});
    if (!p.waitForFinished(240000) || p.exitCode() != 0) {
      qWarning() << p.readAllStandardError();
      return 0;
    }
    auto s = d500::store::ResultStore::open(store_.toStdString(),
                                            d500::store::ResultStore::Mode::ReadOnly);
    return s.ok() && !(*s)->runs().empty() ? (*s)->runs().back().id : 0;
  }

  std::unique_ptr<GraphTab> open(const QList<qint64>& runs, const QString& model = {}) {
    auto tab = std::unique_ptr<GraphTab>(static_cast<GraphTab*>(kind_->create(store_, runs)));
    if (!model.isEmpty()) tab->openModel(model);
    tab->resize(1600, 1000);
    tab->show();
    if (!tab->isReady()) QSignalSpy(tab.get(), &GraphTab::ready).wait(120000);
    return tab;
  }

  qint64 lenetRun_ = 0, resnetRun_ = 0;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    store_ = dir_.filePath(QStringLiteral("net.d500db"));
    kind_ = ChartKindRegistry::studio().find(QStringLiteral("graph"));
    QVERIFY(kind_);
    QVERIFY(kind_->appliesTo(QStringLiteral("network")));
    QVERIFY(!kind_->appliesTo(QStringLiteral("operator")));
    lenetRun_ = runNetwork(QStringLiteral("lenet"));
    QVERIFY(lenetRun_ > 0);
    resnetRun_ = runNetwork(QStringLiteral("resnet"));
    QVERIFY(resnetRun_ > 0);
  }

  void sceneHasTheOnnxGraphsNodesAndEdges_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("lenet5") << QStringLiteral("lenet5.onnx");
    QTest::newRow("resnet_small") << QStringLiteral("resnet_small.onnx");
  }
  void sceneHasTheOnnxGraphsNodesAndEdges() {
    QFETCH(QString, file);
    auto model = d500::onnx::Model::load((kModels + file).toStdString());
    QVERIFY(model.ok());
    auto tab = open({}, kModels + file);
    QVERIFY2(tab->errorText().isEmpty(), qPrintable(tab->errorText()));
    int operators = 0;
    for (NodeItem* n : tab->nodeItems()) operators += n->isOperator();
    QCOMPARE(size_t(operators), model->node_count());
    const std::vector<std::string> weights = model->initializer_names();
    size_t fed = 0;
    for (const auto& in : model->inputs())
      fed += std::find(weights.begin(), weights.end(), in.name) == weights.end();
    QCOMPARE(tab->nodeItems().size(), model->node_count() + fed + model->outputs().size());
    QCOMPARE(size_t(tab->edgeItemCount()), d500::test::onnx_edge_count(*model));
    int edgesInScene = 0;
    for (QGraphicsItem* item : tab->view()->scene()->items())
      edgesInScene += dynamic_cast<EdgeItem*>(item) != nullptr;
    QCOMPARE(edgesInScene, tab->edgeItemCount());
  }

  void everyEdgeGoesDownward() {
    for (const QString& file :
         {QStringLiteral("lenet5.onnx"), QStringLiteral("resnet_small.onnx")}) {
      auto tab = open({}, kModels + file);
      const auto& g = tab->loaded().graph;
      QVERIFY(!g.edges.empty());
      for (const auto& e : g.edges) {
        const double from = tab->nodeItems()[e.from]->pos().y(),
                     to = tab->nodeItems()[e.to]->pos().y();
        QVERIFY2(from < to, qPrintable(QStringLiteral("%1: %2 -> %3")
                                           .arg(file, tab->nodeItems()[e.from]->name(),
                                                tab->nodeItems()[e.to]->name())));
      }
    }
  }

  void slowestNodeIsTheHottest() {
    auto tab = open({lenetRun_});
    QVERIFY2(tab->errorText().isEmpty(), qPrintable(tab->errorText()));
    // The slowest node of the forward pass at batch 1, from the store itself.
    auto s = d500::store::ResultStore::open(store_.toStdString(),
                                            d500::store::ResultStore::Mode::ReadOnly);
    QVERIFY(s.ok());
    QString slowest;
    double most = -1;
    for (const auto& m : (*s)->measurements(lenetRun_)) {
      const QString point = QString::fromStdString(m.point_json);
      if (!point.contains(QStringLiteral("\"kind\":\"node\"")) ||
          !point.contains(QStringLiteral("\"group\":\"fwd b=1\"")))
        continue;
      if (m.median > most) {
        most = m.median;
        slowest = QJsonDocument::fromJson(QByteArray::fromStdString(m.point_json))
                      .object()
                      .value(QStringLiteral("node"))
                      .toString();
      }
    }
    QVERIFY(!slowest.isEmpty());
    tab->setOverlayMode(OverlayMode::TimeShare);
    tab->setExecutorAndGroup(QStringLiteral("reference"), QStringLiteral("fwd b=1"));
    QCOMPARE(tab->overlay().mode, OverlayMode::TimeShare);
    NodeItem* hot = tab->nodeItem(slowest);
    QVERIFY(hot);
    QCOMPARE(tab->overlay().heat(slowest), 1.0);
    QCOMPARE(hot->fill(), Overlay::scale(1));
    int coloured = 0;
    for (NodeItem* n : tab->nodeItems()) {
      if (!n->fill().isValid() || n == hot) continue;
      ++coloured;
      QVERIFY2(n->fill().lightnessF() > hot->fill().lightnessF(), qPrintable(n->name()));
    }
    QVERIFY(coloured >= 5);  // the other measured nodes are coloured too
    // No per-node validation in the store: offered as not measured.
    QVERIFY(!tab->loaded().profile.hasValidation());
  }

  void clickingANodeShowsItsMeasurements() {
    auto tab = open({lenetRun_});
    tab->setExecutorAndGroup(QStringLiteral("reference"), QStringLiteral("fwd b=1"));
    NodeItem* conv = tab->nodeItem(QStringLiteral("conv2"));
    QVERIFY(conv);
    tab->view()->centerOn(conv);
    QTest::mouseClick(tab->view()->viewport(), Qt::LeftButton, {},
                      tab->view()->mapFromScene(conv->scenePos()));
    QCOMPARE(tab->selectedNode(), QStringLiteral("conv2"));
    const QString text = tab->panelText();
    const auto& group =
        *tab->loaded().profile.find(QStringLiteral("reference"), QStringLiteral("fwd b=1"));
    const auto& times = group.nodes.at(QStringLiteral("conv2"));
    QVERIFY2(text.contains(QStringLiteral("Conv")), qPrintable(text));
    QVERIFY2(text.contains(formatDuration(times.passes.front().medianNs)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("bwd")), qPrintable(text));  // the fwd+bwd group's passes
    QVERIFY2(text.contains(QStringLiteral("kernel_shape")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("float32[N, 16, 10, 10]")),
             qPrintable(text));  // its output
    QVERIFY2(text.contains(QStringLiteral("conv2.weight")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("not measured")), qPrintable(text));  // validation
    QCOMPARE(tab->grab().save(
                 QStringLiteral(D500_TEST_BINARY_DIR "/tests/app/studio/graph_view_lenet.png")),
             true);
    // The graph exports as an image and its node times as CSV, one row per node pass.
    QString error;
    QVERIFY2(tab->exportImage(dir_.filePath(QStringLiteral("lenet.png")), 96, &error),
             qPrintable(error));
    QVERIFY(QImage(dir_.filePath(QStringLiteral("lenet.png"))).height() > 500);
    QVERIFY2(tab->exportImage(dir_.filePath(QStringLiteral("lenet.svg")), 96, &error),
             qPrintable(error));
    QVERIFY2(tab->exportCsv(dir_.filePath(QStringLiteral("lenet.csv")), &error), qPrintable(error));
    QFile csv(dir_.filePath(QStringLiteral("lenet.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString rows = QString::fromUtf8(csv.readAll());
    QVERIFY(rows.contains(QStringLiteral("reference,fwd b=1,conv2,Conv,fwd,")));
    int passes = 0;
    const NodeProfile& profile = tab->loaded().profile;
    for (const QString& ex : profile.executors())
      for (const QString& g : profile.groups(ex))
        for (const auto& [name, t] : profile.find(ex, g)->nodes) passes += int(t.passes.size());
    // The title comment, the header, then one row per node pass.
    QVERIFY(rows.startsWith(QStringLiteral("# d500 node times\nexecutor,group,node,")));
    QCOMPARE(rows.count(QLatin1Char('\n')), 2 + passes);
    QVERIFY(passes > int(tab->pointCount()));  // fwd+bwd measured two passes of most nodes
  }

  // Two executors in a run: the runner validates every node of the other one against the
  // reference, and the validation overlay colours them by that error, the worst the hottest.
  void validationOverlayColoursEveryNodeOfTheOtherExecutor() {
    const QString exe = QStringLiteral("assembled:Conv=examples/im2col,reference");
    const qint64 run =
        runNetwork(QStringLiteral("lenet"), QStringLiteral("reference\", \"") + exe, false);
    QVERIFY(run > 0);
    auto tab = open({run});
    QVERIFY2(tab->errorText().isEmpty(), qPrintable(tab->errorText()));
    const NodeProfile& profile = tab->loaded().profile;
    QVERIFY(profile.hasValidation());
    const auto* errors = profile.validation(exe);
    QVERIFY(errors);
    QVERIFY(errors->size() >= 10);
    QVERIFY(!profile.validation(QStringLiteral("reference")));  // not against itself
    tab->setOverlayMode(OverlayMode::Validation);
    tab->setExecutorAndGroup(exe, QStringLiteral("fwd b=1"));
    QCOMPARE(tab->overlay().mode, OverlayMode::Validation);
    QString worst;
    double most = -1;
    for (const auto& [node, v] : *errors)
      if (v.value > most) most = v.value, worst = node;
    if (most > 0) QCOMPARE(tab->overlay().heat(worst), 1.0);
    int coloured = 0;
    for (const auto& [node, v] : *errors) coloured += tab->overlay().color(node).isValid() ? 1 : 0;
    QCOMPARE(coloured, int(errors->size()));
  }

  void zoomsWithKeysAndCtrlWheelAndPansByDragging() {
    auto tab = open({}, kModels + QStringLiteral("resnet_small.onnx"));
    GraphView* view = tab->view();
    view->setFocus();
    const double start = view->zoom();
    QTest::keyClick(view, Qt::Key_Plus);
    QVERIFY(view->zoom() > start);
    QTest::keyClick(view, Qt::Key_Minus);
    QTest::keyClick(view, Qt::Key_Minus);
    QVERIFY(view->zoom() < start);
    auto wheel = [view](Qt::KeyboardModifiers modifiers) {
      const QPointF at = view->viewport()->rect().center();
      QWheelEvent e(at, view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                    modifiers, Qt::NoScrollPhase, false);
      QApplication::sendEvent(view->viewport(), &e);
    };
    const double before = view->zoom();
    wheel(Qt::NoModifier);  // scrolls
    QCOMPARE(view->zoom(), before);
    wheel(Qt::ControlModifier);  // zooms
    QVERIFY(view->zoom() > before);
    // Dragging the background moves the view (the graph is taller than the view at this zoom).
    view->zoomBy(2);
    const int scrolled = view->verticalScrollBar()->value();
    const QPoint empty(8, view->viewport()->height() / 2);  // left of the centred graph
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, empty);
    QTest::mouseMove(view->viewport(), empty - QPoint(0, 120));
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, empty - QPoint(0, 120));
    QVERIFY(view->verticalScrollBar()->value() > scrolled);
    QTest::keyClick(view, Qt::Key_F);  // fit: all of it
    QVERIFY(view->mapToScene(view->viewport()->rect())
                .boundingRect()
                .contains(view->scene()->itemsBoundingRect()));
  }

  void searchFindsANodeByName() {
    auto tab = open({resnetRun_});
    QVERIFY2(tab->errorText().isEmpty(), qPrintable(tab->errorText()));
    const QString last = tab->nodeItems()[tab->loaded().graph.operator_count - 1]->name();
    QVERIFY(tab->findNode(last));
    QCOMPARE(tab->selectedNode(), last);
    const QRectF visible = tab->view()->mapToScene(tab->view()->viewport()->rect()).boundingRect();
    QVERIFY(visible.contains(tab->nodeItem(last)->scenePos()));
    QVERIFY(!tab->findNode(QStringLiteral("no-such-node")));
    QCOMPARE(tab->selectedNode(), last);  // a failed search keeps the selection
    tab->setOverlayMode(OverlayMode::TimeShare);
    tab->setExecutorAndGroup(QStringLiteral("reference"), QStringLiteral("fwd b=1"));
    QVERIFY(tab->findNode(tab->loaded()
                              .profile.find(QStringLiteral("reference"), QStringLiteral("fwd b=1"))
                              ->slowest()));
    QCOMPARE(tab->grab().save(
                 QStringLiteral(D500_TEST_BINARY_DIR "/tests/app/studio/graph_view_resnet.png")),
             true);
  }

  void timeOutsideTheGraphsNodesIsNamed() {
    // LibTorch's autograd runs the backward pass as one "(backward)" step, on no node of the graph.
    if (!QFile::exists(qEnvironmentVariable("D500_PLUGIN_PATH") +
                       QStringLiteral("/libd500_torch.so")))
      QSKIP("no torch plugin in this build");
    const qint64 run = runNetwork(QStringLiteral("lenet"), QStringLiteral("torch"));
    QVERIFY(run > 0);
    auto tab = open({run});
    tab->setOverlayMode(OverlayMode::TimeShare);
    tab->setExecutorAndGroup(QStringLiteral("torch"), QStringLiteral("fwd+bwd b=1"));
    QVERIFY2(tab->overlay().note.contains(QStringLiteral("(backward)")),
             qPrintable(tab->overlay().note));
    QVERIFY(!tab->nodeItem(QStringLiteral("(backward)")));
    tab->grab().save(QStringLiteral(D500_TEST_BINARY_DIR "/tests/app/studio/graph_view_torch.png"));
  }

  void theWindowsMenusOpenTheGraph() {
    MainWindow w(false);
    QAction* graph = nullptr;
    QAction* openModel = nullptr;
    for (QAction* a : w.findChildren<QAction*>()) {
      if (a->text() == QStringLiteral("&Graph of the Model")) graph = a;
      if (a->text() == QStringLiteral("Open ONNX &Model...")) openModel = a;
    }
    QVERIFY(graph && openModel);
    QCOMPARE(graph->shortcut(), QKeySequence(QStringLiteral("Ctrl+7")));
    QCOMPARE(openModel->shortcut(), QKeySequence(QStringLiteral("Ctrl+Alt+O")));
    graph->trigger();  // no runs yet: an empty graph tab that says how to fill it
    auto* tab = qobject_cast<GraphTab*>(w.tabs()->currentChart());
    QVERIFY(tab);
    QVERIFY(tab->findChild<QLabel*>(QStringLiteral("graphMessage"))
                ->text()
                .contains(QStringLiteral("ONNX")));
  }

  void malformedFileGivesOneClearError() {
    const QString path = dir_.filePath(QStringLiteral("broken.onnx"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is not a protobuf ModelProto \x01\x02\x03");
    f.close();
    auto tab = open({}, path);
    QVERIFY(tab->isReady());
    QVERIFY(tab->nodeItems().empty());
    QVERIFY2(tab->errorText().contains(path), qPrintable(tab->errorText()));
    QVERIFY(!tab->errorText().contains(QLatin1Char('\n')));
    auto* message = tab->findChild<QLabel*>(QStringLiteral("graphMessage"));
    QVERIFY(message && message->isVisible());
    QCOMPARE(message->text(), tab->errorText());
    QString error;
    QVERIFY(!tab->exportImage(dir_.filePath(QStringLiteral("x.png")), 96, &error));
    QVERIFY(!error.isEmpty());
  }

  // Issue 35 item 20: Constant nodes are folded into the operators reading them (a "+n" badge,
  // the panel) unless "Show constants" is checked.
  void constantNodesAreFoldedIntoTheirReaders() {
    if (!QFile::exists(kConstants)) QSKIP("no libonnx-testdata here");
    auto model = d500::onnx::Model::load(kConstants.toStdString());
    QVERIFY(model.ok());
    int constants = 0;
    for (size_t i = 0; i < model->node_count(); ++i)
      constants += model->node(i).op_type == "Constant";
    QVERIFY(constants >= 2);
    auto tab = open({}, kConstants);
    QVERIFY2(tab->errorText().isEmpty(), qPrintable(tab->errorText()));
    auto countConstants = [&tab] {
      int n = 0;
      for (NodeItem* item : tab->nodeItems()) n += item->opType() == QLatin1String("Constant");
      return n;
    };
    QCOMPARE(countConstants(), 0);
    const size_t folded = tab->nodeItems().size();
    NodeItem* reader = nullptr;
    for (NodeItem* item : tab->nodeItems())
      if (item->constantInputs() > 0) reader = item;
    QVERIFY(reader);
    QVERIFY2(reader->toolTip().contains(QStringLiteral("Constant inputs")),
             qPrintable(reader->toolTip()));
    QVERIFY(tab->findNode(reader->name()));
    QVERIFY2(tab->panelText().contains(QStringLiteral("(constant")), qPrintable(tab->panelText()));
    tab->grab().save(QStringLiteral("/tmp/graph_view_constants_folded.png"));
    auto* show = tab->findChild<QAction*>(QStringLiteral("graphShowConstants"));
    QVERIFY(show && show->isCheckable() && !show->isChecked());
    show->trigger();
    QVERIFY(waitReady(tab.get()));
    QCOMPARE(countConstants(), constants);
    QCOMPARE(tab->nodeItems().size(), folded + size_t(constants));
    QCOMPARE(tab->settings().value(QStringLiteral("constants")).toBool(), true);
    show->trigger();
    QVERIFY(waitReady(tab.get()));
    QCOMPARE(tab->nodeItems().size(), folded);
  }

  // Issue 35 item 20: a node no edge enters (a graph input, a Constant) is laid out in the segment
  // of the node reading it, just above it, not in a row at the top of the first segment.
  void sourcesAreLaidOutBesideTheirReaders() {
    LayoutRequest r;
    const size_t sources = 200, chain = 2400;
    for (size_t i = 0; i < sources + chain; ++i) r.boxes.push_back({100, 40});
    for (size_t i = sources; i + 1 < sources + chain; ++i) r.edges.push_back({i, i + 1});
    for (size_t k = 0; k < sources; ++k) r.edges.push_back({k, sources + 12 * k});
    const LayoutResult out = GraphLayout::layout(r);
    QVERIFY2(out.ok(), out.error.c_str());
    QVERIFY(out.segments >= 2);
    for (size_t k = 0; k < sources; ++k) {
      const double gap = out.centers[sources + 12 * k].y - out.centers[k].y;
      QVERIFY2(gap > 0 && gap < 4 * (40 + r.rankGap),
               qPrintable(QStringLiteral("source %1: %2").arg(k).arg(gap)));
    }
    // No two boxes of one layer overlap.
    std::vector<size_t> byRow(r.boxes.size());
    for (size_t i = 0; i < byRow.size(); ++i) byRow[i] = i;
    std::sort(byRow.begin(), byRow.end(), [&out](size_t a, size_t b) {
      return std::pair(out.centers[a].y, out.centers[a].x) <
             std::pair(out.centers[b].y, out.centers[b].x);
    });
    for (size_t k = 1; k < byRow.size(); ++k) {
      const auto& a = out.centers[byRow[k - 1]];
      const auto& b = out.centers[byRow[k]];
      if (a.y == b.y) QVERIFY(b.x - a.x >= 100);
    }
  }

  // Issue 35 item 20: a model file's tab is called by the model's name, its tooltip says where it
  // is from; opening the same file again (by another path) shows that tab instead of a second.
  void aModelsTabIsTitledByItsNameAndOpenedOnce() {
    MainWindow w(false);
    const QString path = kModels + QStringLiteral("lenet5.onnx");
    auto model = d500::onnx::Model::load(path.toStdString());
    QVERIFY(model.ok());
    auto* first = qobject_cast<GraphTab*>(w.chartActions()->openModelGraph(path));
    QVERIFY(first && waitReady(first));
    const int at = w.tabs()->indexOf(first);
    QCOMPARE(w.tabs()->tabText(at), modelTitle(model->graph_name(), path));
    QVERIFY(!w.tabs()->tabText(at).contains(QStringLiteral(".onnx")));
    QVERIFY2(w.tabs()->tabToolTip(at).contains(QStringLiteral("lenet5.onnx")),
             qPrintable(w.tabs()->tabToolTip(at)));
    QCOMPARE(modelTitle("resnet-tiny", path), QStringLiteral("resnet-tiny"));
    QCOMPARE(modelTitle("main_graph", path), QStringLiteral("lenet5"));
    auto* second = w.chartActions()->openModelGraph(kModels + QStringLiteral("resnet_small.onnx"));
    QVERIFY(second && second != first);
    QCOMPARE(w.tabs()->currentWidget(), second);
    const QString again =
        QStringLiteral(D500_TEST_SOURCE_DIR "/resources/../resources/models/./lenet5.onnx");
    QCOMPARE(w.chartActions()->openModelGraph(again), first);
    QCOMPARE(w.tabs()->currentWidget(), first);
    QCOMPARE(w.tabs()->charts().size(), 2);
  }

  // Issue 35 item 20: after Fit the minimap covers no node: the whole graph is in view, so the
  // overview is hidden until part of the graph leaves the view again.
  void theMinimapCoversNoNodeAfterFit() {
    auto tab = open({}, kModels + QStringLiteral("resnet_small.onnx"));
    tab->resize(900, 600);
    QApplication::processEvents();
    GraphView* view = tab->view();
    auto* minimap = tab->findChild<GraphMinimap*>();
    QVERIFY(minimap);
    view->zoomBy(3);
    QTRY_VERIFY(minimap->isVisible());  // part of the graph is out of view
    view->fitAll();
    QTRY_VERIFY(!minimap->isVisible());
    for (NodeItem* n : tab->nodeItems()) {
      const QRect onViewport = view->mapFromScene(n->sceneBoundingRect()).boundingRect();
      const QRect onView(view->viewport()->mapTo(view, onViewport.topLeft()), onViewport.size());
      QVERIFY2(!minimap->isVisible() || !onView.intersects(minimap->geometry()),
               qPrintable(n->name()));
    }
    QVERIFY(!minimap->isVisible());
    tab->grab().save(QStringLiteral("/tmp/graph_view_fit.png"));
  }

  void cutsAVeryLongGraphIntoStackedSegments() {
    // A ladder of 4000 boxes (a chain, and a skip over every 7): dot in segments, cut where one
    // edge crosses, each segment below the one before.
    LayoutRequest r;
    for (size_t i = 0; i < 4000; ++i) r.boxes.push_back({100, 40});
    for (size_t i = 0; i + 1 < r.boxes.size(); ++i) r.edges.push_back({i, i + 1});
    for (size_t i = 0; i + 7 < r.boxes.size(); i += 7) r.edges.push_back({i, i + 7});
    const LayoutResult out = GraphLayout::layout(r);
    QVERIFY2(out.ok(), out.error.c_str());
    QVERIFY(out.segments >= 3);
    QCOMPARE(out.centers.size(), r.boxes.size());
    QCOMPARE(out.edges.size(), r.edges.size());
    for (size_t e = 0; e < r.edges.size(); ++e) {
      const auto& from = out.centers[r.edges[e].from];
      const auto& to = out.centers[r.edges[e].to];
      QVERIFY(from.y + 20 < to.y - 20);  // below, boxes apart
      QVERIFY(out.edges[e].controls.size() >= 4);
      QVERIFY(out.edges[e].tip.y <= to.y - 20 + 1e-6);  // the arrow ends at the head's top
    }
    for (const auto& c : out.centers) {
      QVERIFY(c.x >= 0 && c.x <= out.width);
      QVERIFY(c.y >= 0 && c.y <= out.height);
    }
  }

  void laysOutAModelOfThousandsOfNodes() {
    // A ResNet of 3 stages x 100 basic blocks: over 2000 nodes, a ladder of residual Adds.
    const QString path = dir_.filePath(QStringLiteral("deep_resnet.onnx"));
    QProcess p;
    p.start(QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500"),
            {QStringLiteral("model"), QStringLiteral("resnet"), QStringLiteral("--blocks"),
             QStringLiteral("100"), QStringLiteral("--channels"), QStringLiteral("2,2,2"),
             QStringLiteral("--input"), QStringLiteral("1x8x8"), QStringLiteral("-o"), path});
    QVERIFY(p.waitForFinished(60000) && p.exitCode() == 0);
    QElapsedTimer clock;
    clock.start();
    auto tab = open({}, path);
    qInfo("%zu nodes, %zu edges laid out and drawn in %.1f s", tab->loaded().graph.nodes.size(),
          tab->loaded().graph.edges.size(), clock.elapsed() / 1000.0);
    QVERIFY2(tab->errorText().isEmpty(), qPrintable(tab->errorText()));
    QVERIFY(tab->loaded().graph.operator_count > 2000);
    QVERIFY(tab->loaded().layout.tuned);
    QVERIFY(tab->loaded().layout.segments >= 2);  // laid out by dot in stacked segments
    for (const auto& e : tab->loaded().graph.edges)
      QVERIFY(tab->nodeItems()[e.from]->pos().y() < tab->nodeItems()[e.to]->pos().y());
    auto* minimap = tab->findChild<GraphMinimap*>();
    QVERIFY(minimap);
    QTRY_VERIFY(minimap->isVisible());
    QVERIFY(tab->view()->zoom() >= 0.7);  // shown first at a readable zoom, from its top
    tab->view()->fitAll();                // F: all of it
    QVERIFY(tab->view()
                ->mapToScene(tab->view()->viewport()->rect())
                .boundingRect()
                .contains(tab->view()->scene()->itemsBoundingRect()));
    QVERIFY(tab->findNode(QStringLiteral("stage3.block13.relu2")));
    QCOMPARE(tab->grab().save(
                 QStringLiteral(D500_TEST_BINARY_DIR "/tests/app/studio/graph_view_big.png")),
             true);
  }
};

QTEST_MAIN(GraphViewTest)
#include "test_studio_graph_view.moc"
