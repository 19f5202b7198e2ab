#include "dashboards/model_panel.h"

#include <QLabel>
#include <QLayout>
#include <QMetaObject>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <cmath>

#include "charts/chart_kind.h"
#include "charts/chart_model.h"
#include "charts/chart_view.h"
#include "charts/legend_list.h"
#include "d500/error.h"

namespace d500::studio {

ModelPanel::ModelPanel(const QString& kindName, const std::function<void(ChartOptions&)>& adjust,
                       QWidget* parent)
    : MeasurementPanel(kindName, parent),
      kind_(dynamic_cast<const ModelChartKind*>(ChartKindRegistry::studio().find(kindName))) {
  D500_ASSERT(kind_);
  options_ = kind_->defaultOptions();
  if (adjust) adjust(options_);
  const PanelChart pc = makePanelChart(this, kind_->title());
  chart_ = pc.chart;
  view_ = pc.view;
  legend_ = pc.legend;
  view_->setNavigation(kind_->horizontalNavigation(), true);
  note_ = new QLabel(this);
  note_->setWordWrap(true);
  note_->setStyleSheet(QStringLiteral("color: #555; margin-left: 8px"));
  note_->hide();
  layout()->addWidget(note_);
  // A new width wraps the category labels anew and decimates for it: drawn after the layout.
  QObject::connect(chart_, &QChart::plotAreaChanged, this, [this](const QRectF& area) {
    if (redrawQueued_ || std::abs(static_cast<int>(area.width()) - drawnWidth_) <= 1) return;
    redrawQueued_ = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
          redrawQueued_ = false;
          redraw(false);
        },
        Qt::QueuedConnection);
  });
}

QString ModelPanel::note() const {
  return note_->text();
}

ModelPanel::~ModelPanel() {
  chart_->removeAllSeries();
}

bool ModelPanel::hasData() const {
  return model_ && model_->pointCount() > 0;
}

QStringList ModelPanel::legendTexts() const {
  return legend_->texts();
}

void ModelPanel::update(const DashboardData& data) {
  if (!model_) model_ = kind_->makeModel(data.catalog);
  const bool added = model_->poll(data.store, {data.runId}, 0);
  redraw(added);
}

void ModelPanel::clear() {
  if (model_) model_->clear();
  redraw(true);
}

void ModelPanel::redraw(bool rebuild) {
  if (!model_) return;
  int width = static_cast<int>(chart_->plotArea().width());
  if (width < 50) width = 800;  // not laid out yet
  drawnWidth_ = static_cast<int>(chart_->plotArea().width());
  // The model hides QChart's legend when it has nothing to say; the LegendList names the rest.
  chart_->legend()->setVisible(true);
  model_->draw(chart_, options_, width, rebuild);
  ChartModel::finishAxes(chart_);
  chart_->setTitle(kind_->title());
  const auto entries = LegendList::entriesOf(chart_);
  chart_->legend()->setVisible(false);
  legend_->setEntries(entries);
  legend_->setVisible(!entries.isEmpty());
  note_->setText(model_->note());
  note_->setVisible(!note_->text().isEmpty());
}

}  // namespace d500::studio
