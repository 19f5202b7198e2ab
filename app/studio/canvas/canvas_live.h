// While a run goes, what each component of the canvas is doing: the run's stored series read live
// (RunSeries, as the dashboards read them) and, per component kind, the latest value of the series
// the core's table names for it (the loader's data wait, the trainer's loss, the optimizer's lr,
// the communicator's bytes), summed over ranks or shown for the last seed; the run's progress on
// the operator or model. Threading: GUI thread (a timer polls the store read-only).
#pragma once

#include <QHash>
#include <QObject>
#include <QString>
#include <memory>

class QTimer;

namespace d500::studio {

class CanvasModel;
class RunSeries;

class CanvasLive : public QObject {
  Q_OBJECT
 public:
  // Ownership: parent; `model` must outlive it.
  CanvasLive(CanvasModel* model, QObject* parent = nullptr);
  ~CanvasLive() override;

  // Starts following run `runId` of the store (distributed: per rank). `progress` is the
  // runner's own line ("seed 0 epoch 2 ..."), shown on the hub component.
  void follow(const QString& storePath, qint64 runId, bool byRank);
  void setProgress(const QString& text);
  void stop();  // the last values stay shown
  // Reads the store now (the timer does it every kPollMs); true when it had rows.
  bool pollNow();
  static constexpr int kPollMs = 500;
  // "1.2 ms", "3.4 MB", "0.001": how a series' value reads on a node.
  static QString format(const std::string& series, double value);

 private:
  void publish();
  void publishSeriesNodes(QHash<QString, QString>& live) const;
  CanvasModel* model_;
  QTimer* timer_;
  QString storePath_, progress_;
  qint64 runId_ = 0;
  bool byRank_ = false;
  std::unique_ptr<RunSeries> series_;
};

}  // namespace d500::studio
