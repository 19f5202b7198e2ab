#include "charts/chart_controls.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QToolButton>
#include <algorithm>

#include "charts/series_chart_model.h"
#include "charts/series_picker.h"

namespace d500::studio {

ChartControls::ChartControls(const Features& f, QWidget* parent) : QToolBar(parent), features_(f) {
  setIconSize(QSize(16, 16));
  if (f.series) {
    seriesButton_ = new SeriesPicker(tr("Series"), this);
    seriesButton_->setToolTip(tr("Which series to draw"));
    addWidget(seriesButton_);
    connect(seriesButton_, &SeriesPicker::checkedChanged, this, [this](const QStringList& on) {
      options_.series = on;
      edited(true, false);
    });
  }
  if (f.series && f.timeAndSmoothing) {
    xAxis_ = new QComboBox(this);
    xAxis_->addItem(tr("against step"));
    xAxis_->addItem(tr("against wall time"));
    addWidget(xAxis_);
    connect(xAxis_, &QComboBox::currentIndexChanged, this, [this](int i) {
      options_.x = i == 1 ? ChartOptions::XAxis::WallTime : ChartOptions::XAxis::Step;
      edited(true, true);
    });
  }
  if (f.logX) {
    logX_ = addAction(tr("Log X"));
    logX_->setCheckable(true);
    connect(logX_, &QAction::toggled, this, [this](bool on) {
      options_.logX = on;
      edited(true, true);
    });
  }
  if (f.logY) {
    logY_ = addAction(tr("Log Y"));
    logY_->setCheckable(true);
    connect(logY_, &QAction::toggled, this, [this](bool on) {
      options_.logY = on;
      edited(true, true);
    });
  }
  if (f.series && f.timeAndSmoothing) {
    addWidget(new QLabel(tr(" Smoothing "), this));
    smoothing_ = new QDoubleSpinBox(this);
    smoothing_->setRange(0, 0.99);
    smoothing_->setSingleStep(0.05);
    smoothing_->setDecimals(2);
    smoothing_->setToolTip(tr("Exponential moving average weight; the raw line stays visible"));
    addWidget(smoothing_);
    connect(smoothing_, &QDoubleSpinBox::valueChanged, this, [this](double w) {
      options_.smoothing = w;
      edited(true, false);
    });
  }
  QAction* reset = addAction(tr("Reset zoom"));
  reset->setToolTip(tr("Show all data (double click, or the 0 key)"));
  connect(reset, &QAction::triggered, this, &ChartControls::resetZoomRequested);

  auto* exportButton = new QToolButton(this);
  exportButton->setText(tr("Export"));
  exportButton->setPopupMode(QToolButton::InstantPopup);
  auto* exportMenu = new QMenu(exportButton);
  for (const char* name : {"PNG", "SVG", "PDF", "CSV"}) {
    const QString format = QString::fromLatin1(name);
    exportMenu->addAction(tr("%1…").arg(format), this,
                          [this, format] { Q_EMIT exportRequested(format); });
  }
  exportButton->setMenu(exportMenu);
  addWidget(exportButton);
}

void ChartControls::setOptions(const ChartOptions& o) {
  options_ = o;
  const QSignalBlocker b1(xAxis_), b2(logX_), b3(logY_), b4(smoothing_);
  if (xAxis_) xAxis_->setCurrentIndex(o.x == ChartOptions::XAxis::WallTime ? 1 : 0);
  if (logX_) logX_->setChecked(o.logX);
  if (logY_) logY_->setChecked(o.logY);
  if (smoothing_) smoothing_->setValue(o.smoothing);
  syncSeriesChecks();
}

bool ChartControls::shownByDefault(const QString& name) const {
  // As SeriesChartModel chooses with nothing chosen: the kind's own series, else all of them.
  const bool anyOfKind = std::any_of(names_.begin(), names_.end(), [&](const QString& n) {
    return SeriesChartModel::isRateName(n) == features_.rates;
  });
  return !anyOfKind || SeriesChartModel::isRateName(name) == features_.rates;
}

void ChartControls::syncSeriesChecks() {
  if (!seriesButton_) return;
  QStringList on;
  for (const QString& n : names_)
    if (options_.series.isEmpty() ? shownByDefault(n) : options_.series.contains(n)) on.append(n);
  seriesButton_->setChecked(on);
}

void ChartControls::setAvailableSeries(const QStringList& names) {
  if (!seriesButton_ || names == names_) return;
  names_ = names;
  seriesButton_->setItems(names);
  syncSeriesChecks();
}

void ChartControls::edited(bool rebuild, bool resetZoom) {
  Q_EMIT optionsEdited(options_, rebuild, resetZoom);
}

}  // namespace d500::studio
