// Issue 17, item 1: the experiment canvas. Each level's experiment built on the canvas through the
// model and through mouse gestures on the viewport, compared with hand-written expected files;
// every canvas action undone and redone restores the document byte for byte; an incompatible
// connection refused with its reason; the layout saved in the project reopens identical.
#include <QJsonDocument>
#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>

#include "canvas/canvas_items.h"
#include "canvas/canvas_templates.h"
#include "canvas_test_support.h"
#include "project/project.h"

using namespace d500::studio;
using namespace d500::test;

class CanvasTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void operatorLevelThroughTheModel();
  void networkLevelThroughTheModel();
  void trainingLevelThroughMouseGestures();
  void distributedLevelThroughDropsAndTheForm();
  void incompatibleConnectionIsRefusedWithItsReason();
  void unconnectedRequiredPortMarksTheNode();
  void everyCanvasActionUndoesByteForByte();
  void layoutSavedInTheProjectReopensIdentical();
  void templatesOpenReadyCanvases();
  void aNewComponentLandsBesideWhatItFeeds();
  void fitOnASmallCanvasKeepsTextReadable();
};

void CanvasTest::operatorLevelThroughTheModel() {
  Canvas c;
  QCOMPARE(c.model()->addComponent(QStringLiteral("operator"), QStringLiteral("Relu"), {0, 0}),
           QString());
  QCOMPARE(c.model()->addComponent(QStringLiteral("implementation"), QStringLiteral("reference"),
                                   {300, 0}),
           QString());
  QCOMPARE(c.model()->addComponent(QStringLiteral("sweep"), QString(), {-300, 0}), QString());
  // A second drop of the same implementation is refused: a fan-out lists each once.
  QVERIFY(
      !c.model()
           ->addComponent(QStringLiteral("implementation"), QStringLiteral("reference"), {300, 200})
           .isEmpty());
  // The form edits the same document.
  c.doc.setValue(JsonPath{QStringLiteral("name")}, Json("canvas-operator"));
  c.doc.setValue(JsonPath{QStringLiteral("repetition"), QStringLiteral("max_seconds")}, Json(0.2));
  QString diff;
  QVERIFY2(sameAsExpected(c.doc.json(), QStringLiteral("operator.json"), &diff), qPrintable(diff));
  // The sweep and the repetition feed the operator, the operator the implementation.
  QCOMPARE(c.model()->edges().size(), 3);
  QVERIFY(c.doc.problems().isEmpty());
  QVERIFY(c.model()->problemList().isEmpty());
}

void CanvasTest::networkLevelThroughTheModel() {
  Canvas c;
  c.doc.setLevel(QStringLiteral("network"));
  const int model = c.id(QStringLiteral("model"));
  QVERIFY(model > 0);
  // Dropping LeNet on the MLP swaps it; its seed and loss output stay.
  QCOMPARE(c.model()->addComponent(QStringLiteral("model"), QStringLiteral("lenet"), {0, 0}, model),
           QString());
  QCOMPARE(c.model()->addComponent(QStringLiteral("executor"), QStringLiteral("torch"), {400, 200}),
           QString());
  c.doc.setValue(JsonPath{QStringLiteral("name")}, Json("canvas-network"));
  QString diff;
  QVERIFY2(sameAsExpected(c.doc.json(), QStringLiteral("network.json"), &diff), qPrintable(diff));
  QCOMPARE(c.id(QStringLiteral("model")), model);  // the same node, swapped
  // Two executors of one slot: a fan-out, each fed by the model.
  int fed = 0;
  for (const auto& e : c.model()->edges()) fed += e.from == model;
  QCOMPARE(fed, 2);
}

void CanvasTest::trainingLevelThroughMouseGestures() {
  Canvas c;
  c.doc.setLevel(QStringLiteral("training"));
  c.doc.setValue(JsonPath{QStringLiteral("name")}, Json("fashion-mnist-mlp-adam"));
  c.fit();
  // torch Adam dropped on reference Adam swaps it, keeping the learning rate.
  c.drop(QStringLiteral("optimizer"), QStringLiteral("torch/adam"),
         c.view()->nodePoint(c.id(QStringLiteral("optimizer"))));
  JCOMPARE(JsonPath({QStringLiteral("training"), QStringLiteral("optimizer")}).get(c.doc.json()),
           Json({{"plugin", "torch"}, {"name", "adam"}, {"lr", 0.001}}));
  // reference Adam on the background: the slot is taken, so it waits beside it as a spare.
  c.drop(QStringLiteral("optimizer"), QStringLiteral("reference/adam"), c.empty());
  const int spare = c.id(QStringLiteral("spare/1"));
  QVERIFY(spare > 0);
  // It fans into the trainer's optimizer input beside torch Adam (a dashed variant wire), and the
  // dataset feeds the loader.
  int fanIn = 0;
  bool datasetFeedsLoader = false;
  for (const auto& e : c.model()->edges()) {
    if (e.to == c.id(QStringLiteral("trainer")) && e.port == QStringLiteral("optimizer"))
      fanIn += e.variant ? (e.from == spare ? 10 : 100) : 1;
    datasetFeedsLoader =
        datasetFeedsLoader || (e.from == c.id(QStringLiteral("dataset")) &&
                               e.to == c.id(QStringLiteral("loader")) && !e.variant);
  }
  QCOMPARE(fanIn, 11);  // one wired optimizer, one variant wire from the spare
  QVERIFY(datasetFeedsLoader);
  c.fit();
  // A sampler dropped on the loader's input port, transforms on the sampler's.
  c.drop(QStringLiteral("sampler"), QStringLiteral("balanced"),
         c.view()->inputPortPoint(c.id(QStringLiteral("loader")), QStringLiteral("indices")));
  c.fit();
  c.drop(QStringLiteral("transforms"), QString(),
         c.view()->inputPortPoint(c.id(QStringLiteral("sampler")), QStringLiteral("data")));
  QString diff;
  QVERIFY2(sameAsExpected(c.doc.json(), QStringLiteral("training.json"), &diff), qPrintable(diff));
  // Run as variants: the experiment, and the spare in the optimizer's slot.
  const QList<Json> variants = c.model()->variants();
  QCOMPARE(variants.size(), 2);
  JCOMPARE(variants[1]["training"]["optimizer"],
           Json({{"plugin", "reference"}, {"name", "adam"}, {"lr", 0.001}}));
  // Wiring the spare into the trainer by mouse swaps the two; undo swaps them back.
  c.fit();
  const std::string before = c.doc.jsonText().toStdString();
  c.drag(c.view()->outputPortPoint(spare),
         c.view()->inputPortPoint(c.id(QStringLiteral("trainer")), QStringLiteral("optimizer")));
  JCOMPARE(
      JsonPath({QStringLiteral("training"), QStringLiteral("optimizer"), QStringLiteral("plugin")})
          .get(c.doc.json()),
      Json("reference"));
  QVERIFY(c.id(QStringLiteral("spare/1")) > 0);  // torch Adam is the spare now
  c.doc.undoStack()->undo();
  QCOMPARE(c.doc.jsonText().toStdString(), before);
  // Pulling the loss wire off the trainer leaves the loss on the canvas, out of the file.
  c.fit();
  c.drag(c.view()->inputPortPoint(c.id(QStringLiteral("trainer")), QStringLiteral("loss")),
         c.empty());
  QVERIFY(!JsonPath({QStringLiteral("training"), QStringLiteral("loss")}).exists(c.doc.json()));
  c.doc.undoStack()->undo();
  QCOMPARE(c.doc.jsonText().toStdString(), before);
}

void CanvasTest::distributedLevelThroughDropsAndTheForm() {
  Canvas c;
  c.doc.setLevel(QStringLiteral("distributed"));
  c.doc.setValue(JsonPath{QStringLiteral("name")}, Json("allreduce-sgd-2-ranks"));
  c.fit();
  c.drop(QStringLiteral("optimizer"), QStringLiteral("reference/sgd"),
         c.view()->nodePoint(c.id(QStringLiteral("optimizer"))));
  c.doc.setValue(
      JsonPath{QStringLiteral("training"), QStringLiteral("optimizer"), QStringLiteral("lr")},
      Json(0.05));
  QString diff;
  QVERIFY2(sameAsExpected(c.doc.json(), QStringLiteral("distributed.json"), &diff),
           qPrintable(diff));
  // Level 3's components: launcher -> communicator -> scheme -> trainer, the per-rank sampler.
  for (const char* key : {"launcher", "communicator", "scheme", "rank_sampler", "trainer"})
    QVERIFY2(c.id(QString::fromLatin1(key)) > 0, key);
  bool schemeFeedsTrainer = false;
  for (const auto& e : c.model()->edges())
    schemeFeedsTrainer = schemeFeedsTrainer || (e.from == c.id(QStringLiteral("scheme")) &&
                                                e.to == c.id(QStringLiteral("trainer")));
  QVERIFY(schemeFeedsTrainer);
}

void CanvasTest::incompatibleConnectionIsRefusedWithItsReason() {
  Canvas c;
  c.doc.setLevel(QStringLiteral("training"));
  c.fit();
  const std::string before = c.doc.jsonText().toStdString();
  const int steps = c.doc.undoStack()->count();
  QSignalSpy refused(c.model(), &CanvasModel::refused);
  // The optimizer's output dragged onto the loader's input (which takes indices).
  c.drag(c.view()->outputPortPoint(c.id(QStringLiteral("optimizer"))),
         c.view()->inputPortPoint(c.id(QStringLiteral("loader")), QStringLiteral("indices")));
  QCOMPARE(refused.count(), 1);
  QCOMPARE(c.model()->lastRefusal(),
           QStringLiteral("Loader's indices takes Indices, Optimizer gives Optimizer"));
  QCOMPARE(c.model()->refusedPort(), QStringLiteral("indices"));
  QCOMPARE(c.doc.jsonText().toStdString(), before);
  QCOMPARE(c.doc.undoStack()->count(), steps);
  // The reason is drawn at the port (the item carries it) and shown under the canvas.
  QVERIFY(c.view()->itemFor(c.id(QStringLiteral("loader")))->boundingRect().height() >
          CanvasModel::nodeSize(*c.model()->node(c.id(QStringLiteral("loader")))).height() + 40);
  // Dropped on a port of another type, a component is refused too.
  QVERIFY(!c.model()
               ->addComponent(QStringLiteral("dataset"), QStringLiteral("cifar10"), {},
                              c.id(QStringLiteral("trainer")), QStringLiteral("optimizer"))
               .isEmpty());
  QCOMPARE(c.doc.jsonText().toStdString(), before);
}

void CanvasTest::unconnectedRequiredPortMarksTheNode() {
  Canvas c;
  c.doc.setLevel(QStringLiteral("training"));
  c.model()->removeNodes({c.id(QStringLiteral("optimizer"))});
  const auto* trainer = c.model()->node(c.id(QStringLiteral("trainer")));
  QVERIFY(trainer);
  QCOMPARE(trainer->problems.size(), 1);
  QVERIFY(trainer->problems.first().contains(QStringLiteral("optimizer")));
  QVERIFY(c.model()->problemList().first().startsWith(QStringLiteral("Trainer: ")));
  // An invalid parameter (the form's edit) marks its component with the runner's message.
  c.doc.setValue(JsonPath{QStringLiteral("training"), QStringLiteral("batch")}, Json(0));
  QVERIFY(!c.model()->node(c.id(QStringLiteral("loader")))->problems.isEmpty());
  QVERIFY(c.canvas.problemList()->count() >= 2);
}

void CanvasTest::everyCanvasActionUndoesByteForByte() {
  Canvas c;
  c.doc.setLevel(QStringLiteral("training"));
  c.fit();
  const int base = c.doc.undoStack()->count();
  QList<std::string> states{c.doc.jsonText().toStdString()};
  QList<Json> layouts{c.model()->layoutJson()};
  auto step = [&](auto action) {
    action();
    states << c.doc.jsonText().toStdString();
    layouts << c.model()->layoutJson();
  };
  CanvasModel* m = c.model();
  step([&] {
    m->addComponent(QStringLiteral("optimizer"), QStringLiteral("torch/adam"), {},
                    c.id(QStringLiteral("optimizer")));
  });
  step([&] {
    m->addComponent(QStringLiteral("optimizer"), QStringLiteral("reference/sgd"), {900, 600});
  });
  step([&] {
    m->connectPorts(c.id(QStringLiteral("spare/1")), c.id(QStringLiteral("trainer")),
                    QStringLiteral("optimizer"));
  });
  step([&] { m->disconnect(c.id(QStringLiteral("trainer")), QStringLiteral("loss")); });
  step([&] { m->addComponent(QStringLiteral("schedule"), QStringLiteral("cosine"), {0, 700}); });
  step([&] { m->moveNodes({{c.id(QStringLiteral("dataset")), QPointF(-50, -80)}}); });
  step([&] {
    m->align({c.id(QStringLiteral("dataset")), c.id(QStringLiteral("network"))},
             CanvasModel::Align::Left);
  });
  step([&] { m->autoLayout(); });
  step([&] {
    m->paste(m->copy({c.id(QStringLiteral("schedule")), c.id(QStringLiteral("stop"))}), {100, 900});
  });
  step([&] {
    m->removeNodes({c.id(QStringLiteral("schedule")), c.id(QStringLiteral("dataset"))});
  });
  step([&] {
    m->replaceAll(CanvasTemplates::experiment(QStringLiteral("distributed-scaling")),
                  Json::object());
  });
  for (int i = 1; i < states.size(); ++i)
    QVERIFY2(states[i] != states[i - 1] || layouts[i] != layouts[i - 1],
             qPrintable(QStringLiteral("step %1 did nothing").arg(i)));
  QCOMPARE(c.doc.undoStack()->count() - base, int(states.size()) - 1);  // one step each
  for (int i = int(states.size()) - 2; i >= 0; --i) {
    c.doc.undoStack()->undo();
    QCOMPARE(c.doc.jsonText().toStdString(), states[i]);
    QVERIFY2(c.model()->layoutJson() == layouts[i],
             qPrintable(QStringLiteral("layout after undo to %1").arg(i)));
  }
  for (int i = 1; i < states.size(); ++i) {
    c.doc.undoStack()->redo();
    QCOMPARE(c.doc.jsonText().toStdString(), states[i]);
    QVERIFY(c.model()->layoutJson() == layouts[i]);
  }
}

void CanvasTest::layoutSavedInTheProjectReopensIdentical() {
  QTemporaryDir dir;
  const QString file = dir.filePath(QStringLiteral("p.d500proj"));
  QImage shown;
  Json layout;
  {
    Canvas c;
    c.doc.setLevel(QStringLiteral("training"));
    c.model()->addComponent(QStringLiteral("optimizer"), QStringLiteral("torch/sgd"), {1000, 40});
    c.model()->moveNodes({{c.id(QStringLiteral("loss")), QPointF(333.5, -120.25)}});
    layout = c.model()->layoutJson();
    Project p;
    p.name = QStringLiteral("p");
    p.storePath = dir.filePath(QStringLiteral("r.d500db"));
    ProjectExperiment e;
    e.embedded = QJsonDocument::fromJson(QByteArray::fromStdString(c.doc.json().dump())).object();
    e.canvas = QJsonDocument::fromJson(QByteArray::fromStdString(layout.dump())).object();
    p.experiments << e;
    QString error;
    QVERIFY2(p.save(file, &error), qPrintable(error));
    c.fit();
    shown = c.view()->grab().toImage();
  }
  Project back;
  QString error;
  QVERIFY2(Project::load(file, &back, &error), qPrintable(error));
  Canvas c;
  c.doc.setEmbedded(
      Json::parse(QJsonDocument(back.experiments[0].embedded).toJson().toStdString()));
  c.model()->setLayoutJson(
      Json::parse(QJsonDocument(back.experiments[0].canvas).toJson().toStdString()));
  QVERIFY(nlohmann::json::parse(c.model()->layoutJson().dump()) ==
          nlohmann::json::parse(layout.dump()));
  QCOMPARE(c.model()->position(c.id(QStringLiteral("loss"))), QPointF(333.5, -120.25));
  c.fit();
  QCOMPARE(c.view()->grab().toImage(), shown);  // drawn the same, pixel for pixel
}

void CanvasTest::templatesOpenReadyCanvases() {
  for (const QString& id : CanvasTemplates::ids()) {
    Canvas c;
    c.canvas.openTemplate(id);
    QCOMPARE(c.doc.undoStack()->count(), 1);
    QCOMPARE(QString::fromStdString(c.doc.json().value("name", "")), id);
    QVERIFY2(c.model()->problemList().isEmpty(),
             qPrintable(c.model()->problemList().join(QLatin1Char('\n'))));
    QVERIFY(c.model()->nodes().size() >= 4);
  }
}

// Issue 35 item 8: a Sweep added through the document (the form, the JSON pane) lands beside the
// operator it feeds, overlapping nothing, not in a column right of everything.
void CanvasTest::aNewComponentLandsBesideWhatItFeeds() {
  Canvas c;
  QCOMPARE(c.model()->addComponent(QStringLiteral("operator"), QStringLiteral("Relu"), {0, 0}),
           QString());
  QCOMPARE(c.model()->addComponent(QStringLiteral("implementation"), QStringLiteral("reference"),
                                   {400, 0}),
           QString());
  QVERIFY(c.id(QStringLiteral("sweep")) < 0);
  c.doc.setValue(JsonPath{QStringLiteral("sweep")}, Json{{"N", {64, 128}}});
  const int sweep = c.id(QStringLiteral("sweep")), op = c.id(QStringLiteral("operator"));
  QVERIFY(sweep > 0 && op > 0);
  auto rect = [&](int id) {
    return QRectF(c.model()->position(id), CanvasModel::nodeSize(*c.model()->node(id)));
  };
  const QRectF s = rect(sweep), o = rect(op);
  QVERIFY2(s.right() <= o.left() && o.left() - s.right() < 200,
           qPrintable(QStringLiteral("sweep at x %1..%2, operator at %3")
                          .arg(s.left())
                          .arg(s.right())
                          .arg(o.left())));
  for (const auto& n : c.model()->nodes())
    if (n.id != sweep) QVERIFY2(!rect(n.id).intersects(s), qPrintable(n.key));
}

// Issue 35 item 8: Fit on a small canvas does not shrink the template to unreadable text; the
// first component and its input ports stay in view (the rest scrolls).
void CanvasTest::fitOnASmallCanvasKeepsTextReadable() {
  Canvas c;
  c.canvas.resize(560, 380);
  c.canvas.openTemplate(QStringLiteral("compare-implementations"));
  QCoreApplication::processEvents();
  c.fit();
  QVERIFY2(c.view()->transform().m11() >= CanvasView::kMinFitScale - 1e-9,
           qPrintable(QString::number(c.view()->transform().m11())));
  int first = -1;
  for (const auto& n : c.model()->nodes())
    if (first < 0 || c.model()->position(n.id).x() < c.model()->position(first).x()) first = n.id;
  const QRect seen = c.view()->viewport()->rect();
  if (const QString dir = qEnvironmentVariable("D500_SCREENSHOT_DIR"); !dir.isEmpty())
    c.canvas.grab().save(dir + QStringLiteral("/canvas_small_fit.png"));
  QVERIFY(seen.contains(c.view()->nodePoint(first)));
  for (const auto& port : c.model()->node(first)->ports)
    QVERIFY2(seen.contains(c.view()->inputPortPoint(first, port.name)), qPrintable(port.name));
  // A roomy canvas still shows the whole template at once, not blown up.
  c.canvas.resize(1600, 1000);
  QCoreApplication::processEvents();
  c.fit();
  QVERIFY(c.view()->transform().m11() <= CanvasView::kMaxFitScale + 1e-9);
  for (const auto& n : c.model()->nodes())
    QVERIFY2(c.view()->viewport()->rect().contains(c.view()->nodePoint(n.id)), qPrintable(n.key));
}

QTEST_MAIN(CanvasTest)
#include "test_studio_canvas.moc"
