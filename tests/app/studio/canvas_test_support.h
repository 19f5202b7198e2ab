// Shared by the experiment canvas tests (issue 17): a canvas over a fresh document, shown
// offscreen, and the mouse and drop gestures a person makes on it.
#pragma once

#include <QFile>
#include <QMimeData>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

#include "canvas/canvas_model.h"
#include "canvas/canvas_view.h"
#include "canvas/experiment_canvas.h"
#include "editor/experiment_document.h"
#include "studio_test_support.h"

namespace d500::test {

using namespace d500::studio;

inline const QString kRunner = QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500");

struct Canvas {
  ExperimentDocument doc;
  ExperimentCanvas canvas{&doc};
  Canvas() {
    doc.setRunner(kRunner);
    canvas.resize(1400, 900);
    canvas.show();
  }
  CanvasModel* model() { return canvas.model(); }
  CanvasView* view() { return canvas.view(); }
  int id(const QString& key) { return model()->nodeId(key); }
  void fit() {
    view()->resetTransform();
    view()->fitAll();
    QCoreApplication::processEvents();
  }
  // A palette item dropped at a viewport point, as QDrag would deliver it.
  void drop(const QString& kind, const QString& value, const QPoint& at) {
    QMimeData mime;
    mime.setData(CanvasView::mimeType(), (kind + QLatin1Char('\n') + value).toUtf8());
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view()->viewport(), &enter);
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view()->viewport(), &drop);
  }
  // A left-button drag on the viewport from one point to another.
  void drag(const QPoint& from, const QPoint& to) {
    QWidget* vp = view()->viewport();
    QTest::mousePress(vp, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(vp, (from + to) / 2);
    QTest::mouseMove(vp, to);
    QTest::mouseRelease(vp, Qt::LeftButton, Qt::NoModifier, to);
  }
  // A file dragged in from a file manager (or the network editor) and dropped at a point.
  void dropFile(const QString& path, const QPoint& at) {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view()->viewport(), &enter);
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view()->viewport(), &drop);
  }
  QPoint empty() {
    return view()->mapFromScene(view()->scene()->itemsBoundingRect().bottomRight() +
                                QPointF(60, 40));
  }
};

inline Json readJson(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return Json();
  return Json::parse(f.readAll().toStdString(), nullptr, false);
}

// The expected file, compared as JSON values (key order aside: the file is written by hand).
inline bool sameAsExpected(const Json& actual, const QString& name, QString* diff) {
  const nlohmann::json a = nlohmann::json::parse(actual.dump());
  const nlohmann::json e = nlohmann::json::parse(
      readJson(QStringLiteral(D500_TEST_SOURCE_DIR "/tests/app/studio/canvas_expected/") + name)
          .dump());
  *diff = QString::fromStdString(nlohmann::json::diff(e, a).dump());
  return a == e;
}

}  // namespace d500::test
