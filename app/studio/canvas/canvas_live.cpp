#include "canvas/canvas_live.h"

#include <QFileInfo>
#include <QTimer>

#include "canvas/canvas_model.h"
#include "d500/store/result_store.h"
#include "dashboards/run_series.h"

namespace d500::studio {

CanvasLive::CanvasLive(CanvasModel* model, QObject* parent)
    : QObject(parent), model_(model), timer_(new QTimer(this)) {
  timer_->setInterval(kPollMs);
  connect(timer_, &QTimer::timeout, this, &CanvasLive::pollNow);
}

CanvasLive::~CanvasLive() = default;

void CanvasLive::follow(const QString& storePath, qint64 runId, bool byRank) {
  storePath_ = storePath;
  runId_ = runId;
  byRank_ = byRank;
  series_ =
      std::make_unique<RunSeries>(byRank ? RunSeries::GroupBy::Rank : RunSeries::GroupBy::Seed);
  timer_->start();
}

void CanvasLive::setProgress(const QString& text) {
  progress_ = text;
  publish();
}

void CanvasLive::stop() {
  if (timer_->isActive()) pollNow();
  timer_->stop();
}

bool CanvasLive::pollNow() {
  if (!series_ || !QFileInfo::exists(storePath_)) return false;
  bool added = false;
  try {
    auto store =
        store::ResultStore::open(storePath_.toStdString(), store::ResultStore::Mode::ReadOnly);
    if (!store) return false;
    added = series_->poll(**store, runId_, 20000);
  } catch (const std::exception&) {
    return false;  // a store being written: the next poll reads it
  }
  publish();
  return added;
}

QString CanvasLive::format(const std::string& series, double value) {
  if (series.find("bytes") != std::string::npos) {
    const char* units[] = {"B", "kB", "MB", "GB"};
    int u = 0;
    while (value >= 1000 && u < 3) value /= 1000, ++u;
    return QStringLiteral("%1 %2").arg(value, 0, 'f', u ? 1 : 0).arg(QLatin1String(units[u]));
  }
  if (series.size() > 2 && series.compare(series.size() - 2, 2, "_s") == 0)
    return value < 1 ? QStringLiteral("%1 ms").arg(value * 1000, 0, 'f', 2)
                     : QStringLiteral("%1 s").arg(value, 0, 'f', 2);
  return QString::number(value, 'g', 4);
}

// A node whose kind gives a Series (a metric) stores its own series, named by its value: its last
// value (per step, else per epoch; the last group's) under the node's key.
void CanvasLive::publishSeriesNodes(QHash<QString, QString>& live) const {
  if (!series_) return;
  for (const auto& n : model_->nodes()) {
    if (n.spare || n.kind->output != "Series" || n.value.isEmpty()) continue;
    const std::string name = n.value.toStdString();
    for (const std::string& s : {name, name + ".epoch"}) {
      double v = 0;
      bool found = false;
      for (int g : series_->groups()) found = series_->lastValue(g, s, &v) || found;
      if (!found) continue;
      live.insert(n.key, (s == name ? tr("%1 per step") : tr("%1 per epoch")).arg(format(s, v)));
      break;
    }
  }
}

void CanvasLive::publish() {
  QHash<QString, QString> live;
  for (const auto& k : d500::spec::component_kinds()) {
    QStringList parts;
    for (const std::string& name : k.live_series) {
      if (!series_) break;
      double sum = 0, last = 0;
      int found = 0;
      for (int g : series_->groups()) {
        double v;
        if (!series_->lastValue(g, name, &v)) continue;
        sum += v;
        last = v;
        ++found;
      }
      if (!found) continue;
      // Bytes add up over the ranks; a rate or a loss is the last group's.
      const bool summed = byRank_ && name.find("bytes") != std::string::npos;
      QString text =
          QString::fromStdString(name) + QLatin1Char(' ') + format(name, summed ? sum : last);
      if (summed && found > 1) text += QLatin1Char(' ') + tr("(%n ranks)", nullptr, found);
      parts << text;
    }
    if (!parts.isEmpty())
      live.insert(QString::fromStdString(k.kind), parts.join(QStringLiteral(" · ")));
  }
  publishSeriesNodes(live);
  if (!progress_.isEmpty())
    for (const auto* k : d500::spec::component_kinds_of(model_->level().toStdString())) {
      if (!k->shows_progress) continue;
      const QString kind = QString::fromStdString(k->kind);
      live.insert(kind, live.contains(kind) ? progress_ + QStringLiteral(" · ") + live.value(kind)
                                            : progress_);
    }
  model_->setLive(live);
}

}  // namespace d500::studio
