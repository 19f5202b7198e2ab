// The report's tables of what each run measured and where: statistics, validations, the
// environment and the experiment file. A comparison prints one table over all its runs (with a
// run column) and an environment or experiment file once for the runs that share it.
#include <QMap>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "charts/sweep_axis.h"
#include "charts/units.h"
#include "charts/validation_summary.h"
#include "common/core_text.h"
#include "d500/history/overview.h"
#include "report/comparison_table.h"
#include "report/html_escape.h"
#include "report/report_builder.h"
#include "report/report_table.h"

namespace d500::studio {

namespace {

QString e(const QString& s) {
  return escapeHtml(s);
}

// The environment as key/value rows: "cpu.model" -> "AMD EPYC".
void flatten(const nlohmann::json& j, const std::string& prefix, QList<QStringList>& rows) {
  if (j.is_object() && !j.empty()) {
    for (auto it = j.begin(); it != j.end(); ++it)
      flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), rows);
  } else {
    rows.append({QString::fromStdString(prefix),
                 QString::fromStdString(j.is_string() ? j.get<std::string>() : j.dump())});
  }
}

// JSON indented by two, arrays of numbers and strings on one line: an experiment file as a
// person writes it ("N": [16, 32, 64]), a third of dump(2)'s lines.
void writeJson(const nlohmann::json& j, int depth, std::string& out) {
  const std::string pad(2 * depth + 2, ' ');
  const bool flat = j.is_array() && std::all_of(j.begin(), j.end(), [](const auto& v) {
                      return v.is_primitive() ||
                             (v.is_array() && std::all_of(v.begin(), v.end(), [](const auto& w) {
                                return w.is_primitive();
                              }));
                    });
  if (j.is_primitive() || j.empty() || flat) {
    std::string text = j.dump();
    if (flat && !j.empty()) {  // [1,2] -> [1, 2]
      text = "[";
      for (size_t i = 0; i < j.size(); ++i) {
        std::string item = j[i].dump();
        if (j[i].is_array()) {
          item = "[";
          for (size_t k = 0; k < j[i].size(); ++k) item += (k ? ", " : "") + j[i][k].dump();
          item += "]";
        }
        text += (i ? ", " : "") + item;
      }
      text += "]";
    }
    out += text;
    return;
  }
  const bool object = j.is_object();
  out += object ? "{\n" : "[\n";
  size_t i = 0;
  for (auto it = j.begin(); it != j.end(); ++it, ++i) {
    out += pad;
    if (object) out += nlohmann::json(it.key()).dump() + ": ";
    writeJson(it.value(), depth + 1, out);
    out += i + 1 < j.size() ? ",\n" : "\n";
  }
  out += std::string(2 * depth, ' ') + (object ? "}" : "]");
}

// "runs 1, 2" / "run 1"
QString runsNamed(const QList<qint64>& ids) {
  QStringList s;
  for (qint64 id : ids) s.append(QString::number(id));
  return ids.size() == 1 ? ReportBuilder::tr("run %1").arg(s.front())
                         : ReportBuilder::tr("runs %1").arg(s.join(QStringLiteral(", ")));
}

// A run's measurements in sweep order (a run measures its points shuffled), then by
// implementation, as the comparison lists them.
std::vector<store::MeasurementRow> inSweepOrder(std::vector<store::MeasurementRow> ms) {
  QStringList points, subjects;
  for (const auto& m : ms) {
    points.append(QString::fromStdString(m.point_json));
    subjects.append(QString::fromStdString(m.subject));
  }
  const SweepAxis axis = SweepAxis::fromPoints(points, subjects);
  std::stable_sort(ms.begin(), ms.end(), [&](const auto& a, const auto& b) {
    const double xa = axis.x(QString::fromStdString(a.point_json));
    const double xb = axis.x(QString::fromStdString(b.point_json));
    if (xa != xb) return xa < xb;
    return a.implementation < b.implementation;
  });
  return ms;
}

// Two halves side by side (long key/value lists and experiment files take half the height).
QString sideBySide(const QString& left, const QString& right) {
  return QStringLiteral(
             "<table class=\"halves\" width=\"100%\" cellspacing=\"0\" cellpadding=\"0\"><tr>"
             "<td width=\"50%\" style=\"border: none; padding-right: 8px\">%1</td>"
             "<td width=\"50%\" style=\"border: none\">%2</td></tr></table>\n")
      .arg(left, right);
}

// A long text in two columns, split at a line break.
QString preInHalves(const QString& text) {
  const QStringList lines = text.split(QLatin1Char('\n'));
  const auto half = (lines.size() + 1) / 2;
  return sideBySide(
      QStringLiteral("<pre>%1</pre>").arg(e(lines.mid(0, half).join(QLatin1Char('\n')))),
      QStringLiteral("<pre>%1</pre>").arg(e(lines.mid(half).join(QLatin1Char('\n')))));
}

QString section(const QString& heading, const QString& body) {
  return QStringLiteral("<h2>%1</h2>\n%2").arg(e(heading), body);
}

}  // namespace

void ReportBuilder::addStatistics(const store::ResultStore& s,
                                  const std::vector<store::RunInfo>& runs) {
  const bool many = runs.size() > 1;
  ReportTable t;
  if (many) t.header.append(tr("run"));
  t.header << tr("point") << tr("implementation") << tr("n") << tr("median [95% CI]") << tr("±% CI")
           << tr("stop") << tr("CV") << tr("outliers") << tr("GFLOP/s") << tr("faults/call")
           << tr("validation");
  for (const auto& r : runs) {
    const auto validation = ValidationSummary::byMeasurement(s.validations(r.id));
    for (const auto& m : inSweepOrder(s.measurements(r.id))) {
      const double relCi = m.ci_valid && m.median > 0 ? 50 * (m.ci_hi - m.ci_lo) / m.median : NAN;
      auto v = validation.find(m.id);
      QStringList row;
      if (many) row.append(QString::number(r.id));
      row << QString::fromStdString(m.subject) << QString::fromStdString(m.implementation)
          << QString::number(m.n)
          << (m.error.empty() ? medianWithCi(m.median, m.ci_lo, m.ci_hi, m.ci_valid)
                              : tr("error: %1").arg(QString::fromStdString(m.error)))
          << (std::isfinite(relCi) ? formatPercent(relCi) : QStringLiteral("-"))
          << CoreText::stopReason(m.stop_reason) << formatNumber(m.cv, 2)
          << QString::number(m.n_outliers)
          << (m.flops > 0 && m.median > 0 ? formatNumber(m.flops / m.median) : QStringLiteral("-"))
          << formatNumber(m.minor_faults_per_call, 2)
          << (v == validation.end() ? ValidationSummary().text() : v->second.text());
      t.rows.append(row);
    }
  }
  if (t.rows.isEmpty()) return;
  // An error's message is a sentence.
  t.textColumns = {static_cast<int>(t.header.indexOf(tr("median [95% CI]")))};
  add(section(tr("Statistics"),
              QStringLiteral("<p class=\"meta\">%1</p>\n<div class=\"scroll\">%2</div>\n")
                  .arg(e(tr("outliers: Tukey's fences; faults/call: minor page "
                            "faults per call; ±% CI: half the 95% confidence "
                            "interval of the median, in % of it.")),
                       t.html())));
}

// Failed checks in full; passed ones one line per run and metric, with the largest value
// against its tolerance, so that 64 passed checks of a small sweep take 8 lines, not 64.
void ReportBuilder::addValidations(const store::ResultStore& s,
                                   const std::vector<store::RunInfo>& runs) {
  const bool many = runs.size() > 1;
  ReportTable failed, passed;
  if (many) failed.header.append(tr("run"));
  failed.header << tr("subject") << tr("metric") << tr("value") << tr("tolerance") << tr("verdict")
                << tr("detail");
  if (many) passed.header.append(tr("run"));
  passed.header << tr("metric") << tr("checks passed") << tr("largest value") << tr("tolerance")
                << tr("at");
  for (const auto& r : runs) {
    QMap<QString, int> rowOf;  // metric -> row of `passed`
    QMap<QString, double> largest;
    for (const auto& v : s.validations(r.id)) {
      QStringList row;
      if (many) row.append(QString::number(r.id));
      const QString metric = QString::fromStdString(v.metric);
      if (!v.passed) {
        row << QString::fromStdString(v.subject) << metric << QString::number(v.value, 'g', 4)
            << QString::number(v.tolerance, 'g', 4) << tr("FAILED")
            << QString::fromStdString(v.detail);
        failed.rows.append(row);
        continue;
      }
      const int at = many ? 1 : 0;
      if (!rowOf.contains(metric)) {
        rowOf[metric] = static_cast<int>(passed.rows.size());
        largest[metric] = -INFINITY;
        row << metric << QStringLiteral("0") << QString() << QString() << QString();
        passed.rows.append(row);
      }
      QStringList& p = passed.rows[rowOf[metric]];
      p[at + 1] = QString::number(p[at + 1].toInt() + 1);
      if (v.value > largest[metric]) {
        largest[metric] = v.value;
        p[at + 2] = QString::number(v.value, 'g', 4);
        p[at + 3] = QString::number(v.tolerance, 'g', 4);
        p[at + 4] = QString::fromStdString(v.subject);
      }
    }
  }
  if (failed.rows.isEmpty() && passed.rows.isEmpty()) return;
  QString body;
  if (!failed.rows.isEmpty()) {
    failed.textColumns = {static_cast<int>(failed.header.size()) - 1};
    body += QStringLiteral("<h3 class=\"failed\">%1</h3>\n<div class=\"scroll\">%2</div>\n")
                .arg(e(tr("Failed checks (%1)").arg(failed.rows.size())), failed.html());
  }
  if (!passed.rows.isEmpty())
    body += QStringLiteral("<h3>%1</h3>\n<div class=\"scroll\">%2</div>\n")
                .arg(e(tr("Passed checks")), passed.html());
  add(section(tr("Validation"), body));
}

void ReportBuilder::addChanges(const store::ResultStore& s,
                               const std::vector<store::RunInfo>& runs) {
  // Where each run's benchmark history changed up to it (history::changes_section, as
  // `d500 show` prints it), for operator and network runs.
  QString body;
  for (const auto& r : runs) {
    report::Document doc;
    history::changes_section(doc, s, r.id);
    QString lines;
    bool any = false;  // a run without a change up to it adds nothing here (d500 show says so)
    for (const auto& b : doc.blocks)
      if (b.kind == report::Block::Kind::Line) {
        any = any || b.text.rfind("change between", 0) == 0;
        lines += e(QString::fromStdString(b.text)) + QStringLiteral("<br>\n");
      }
    if (!any) continue;
    if (runs.size() > 1) body += QStringLiteral("<h3>%1</h3>\n").arg(e(tr("Run %1").arg(r.id)));
    body += QStringLiteral("<p>%1</p>\n").arg(lines);
  }
  if (!body.isEmpty()) add(section(tr("Changes"), body));
}

void ReportBuilder::addEnvironments(const store::ResultStore& s,
                                    const std::vector<store::RunInfo>& runs) {
  QMap<int64_t, QList<qint64>> byEnvironment;  // environment id -> its runs
  QList<int64_t> order;
  for (const auto& r : runs) {
    if (r.environment_id == 0) continue;
    if (!byEnvironment.contains(r.environment_id)) order.append(r.environment_id);
    byEnvironment[r.environment_id].append(r.id);
  }
  for (int64_t id : order) {
    auto env = s.environment(id);
    if (!env) continue;
    QList<QStringList> rows;
    flatten(nlohmann::json::parse(env->json, nullptr, false), "", rows);
    const ReportTable whole{{tr("key"), tr("value")}, rows, {1}, {}};
    const auto half = (rows.size() + 1) / 2;
    const ReportTable left{whole.header, rows.mid(0, half), {1}, {}};
    const ReportTable right{whole.header, rows.mid(half), {1}, {}};
    const QString heading = tr("Environment of %1").arg(runsNamed(byEnvironment[id]));
    const QString note = QStringLiteral("<p class=\"meta\">sha256 %1</p>\n")
                             .arg(e(QString::fromStdString(env->hash)));
    add(section(heading, note + whole.html()), false,
        rows.size() > 12 ? section(heading, note + sideBySide(left.html(), right.html()))
                         : QString());
  }
}

void ReportBuilder::addExperiments(const std::vector<store::RunInfo>& runs) {
  QMap<QString, QList<qint64>> bySpec;  // spec hash -> its runs
  QList<const store::RunInfo*> first;
  for (const auto& r : runs) {
    const QString hash = QString::fromStdString(r.spec_hash);
    if (!bySpec.contains(hash)) first.append(&r);
    bySpec[hash].append(r.id);
  }
  for (const store::RunInfo* r : first) {
    auto spec = nlohmann::json::parse(r->spec_json, nullptr, false);
    std::string text;
    if (spec.is_discarded())
      text = r->spec_json;
    else
      writeJson(spec, 0, text);
    const QString heading =
        tr("Experiment file of %1").arg(runsNamed(bySpec[QString::fromStdString(r->spec_hash)]));
    const QString note = QStringLiteral("<p class=\"meta\">%1</p>\n")
                             .arg(e(tr("%1, sha256 %2")
                                        .arg(QString::fromStdString(r->spec_path),
                                             QString::fromStdString(r->spec_hash))));
    const QString json = QString::fromStdString(text);
    // The PDF takes it in two columns where they fit; a browser scrolls one.
    add(section(heading, note + QStringLiteral("<pre>%1</pre>\n").arg(e(json))), false,
        json.count(QLatin1Char('\n')) >= 30 ? section(heading, note + preInHalves(json))
                                            : QString());
  }
}

}  // namespace d500::studio
