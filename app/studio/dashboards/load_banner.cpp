#include "dashboards/load_banner.h"

#include <QLocale>

#include "d500/env/machine_load.h"

namespace d500::studio {

LoadBanner::LoadBanner(QWidget* parent) : QLabel(parent) {
  setObjectName(QStringLiteral("loadBanner"));
  setWordWrap(true);
  setTextFormat(Qt::PlainText);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  setStyleSheet(
      QStringLiteral("QLabel { background: #fff3cd; color: #5c4400; border: 1px solid #e0b000;"
                     " padding: 4px 8px; }"));
  setVisible(false);
}

QString LoadBanner::text(const store::ResultStore& s, qint64 runId) {
  try {
    const auto load = env::stored_load(s, runId);
    if (!load || !load->busy) return {};
    const QLocale locale;
    QString what = tr("Measured on a busy machine: other processes used %1 of %2 cores on average "
                      "(at most %3).")
                       .arg(locale.toString(load->mean_others_cpu, 'f', 2))
                       .arg(load->cores)
                       .arg(locale.toString(load->max_others_cpu, 'f', 2));
    if (load->mean_steal >= 0.0005)
      what += QLatin1Char(' ') + tr("The hypervisor took %1% of the CPU time.")
                                     .arg(locale.toString(100 * load->mean_steal, 'f', 1));
    return what + QLatin1Char(' ') +
           tr("Its timings may be inflated: compare them only with runs measured under the same "
              "conditions, or measure again on a quiet machine.");
  } catch (const std::exception&) {
    return {};
  }
}

void LoadBanner::update(const store::ResultStore& s, qint64 runId) {
  const QString t = text(s, runId);
  setText(t);
  setVisible(!t.isEmpty());
}

}  // namespace d500::studio
