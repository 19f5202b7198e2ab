#include "dashboards/measurement_panel.h"

#include <QHeaderView>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>

#include "charts/axis_titles.h"
#include "charts/chart_view.h"
#include "charts/legend_list.h"
#include "common/locale_format.h"

namespace d500::studio {

PanelChart makePanelChart(QWidget* owner, const QString& title) {
  auto* layout = new QVBoxLayout(owner);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->setSpacing(0);
  auto* chart = new QChart;
  chart->setTitle(title);
  QFont tf = chart->titleFont();
  tf.setBold(true);
  tf.setPointSizeF(tf.pointSizeF() * 1.1);
  chart->setTitleFont(tf);
  chart->legend()->hide();  // the LegendList below names every line in full
  chart->setMargins(QMargins(2, 2, 6, 2));
  chart->setAnimationOptions(QChart::NoAnimation);
  // Tick labels in the UI language's digits (1.234,5 in German), like the tables beside them.
  chart->setLocale(LocaleFormat::locale());
  chart->setLocalizeNumbers(true);
  AxisTitles::keepWhole(chart);
  auto* view = new ChartView(chart, owner);
  view->setMinimumHeight(160);
  layout->addWidget(view, 1);
  auto* legend = new LegendList(false, owner);
  legend->setContentsMargins(8, 0, 4, 2);
  layout->addWidget(legend);
  return {chart, view, legend};
}

QTableWidget* makePanelTable(QWidget* owner, const QStringList& headers) {
  auto* table = new QTableWidget(0, static_cast<int>(headers.size()), owner);
  table->setHorizontalHeaderLabels(headers);
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setAlternatingRowColors(true);
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table->horizontalHeader()->setStretchLastSection(true);
  return table;
}

MeasurementPanel::MeasurementPanel(const QString& id, QWidget* parent) : QWidget(parent) {
  setObjectName(id);
}

MeasurementPanel::~MeasurementPanel() = default;

}  // namespace d500::studio
