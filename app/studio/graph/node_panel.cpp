#include "graph/node_panel.h"

#include "charts/units.h"

namespace d500::studio {

namespace {

QString esc(const std::string& s) {
  return QString::fromStdString(s).toHtmlEscaped();
}

QString tensorRows(const std::vector<onnx::DisplayTensor>& tensors) {
  QString html;
  for (const auto& t : tensors)
    html +=
        QStringLiteral("<tr><td>%1%2</td><td>%3</td></tr>")
            .arg(esc(t.name),
                 t.initializer        ? QObject::tr(" <i>(weight)</i>")
                 : t.constant.empty() ? QString()
                                      : QObject::tr(" <i>(constant %1)</i>").arg(esc(t.constant)),
                 esc(t.type()));
  return html.isEmpty()
             ? QStringLiteral("<tr><td colspan=2><i>%1</i></td></tr>").arg(QObject::tr("none"))
             : html;
}

QString ciText(const NodePass& p) {
  return p.ciValid
             ? QStringLiteral("[%1, %2]").arg(formatDuration(p.ciLoNs), formatDuration(p.ciHiNs))
             : QObject::tr("n/a");
}

QString measurementRows(const QString& node, const NodeProfile& profile, const QString& executor,
                        const QString& group) {
  QString html;
  for (const QString& ex : profile.executors())
    for (const QString& gr : profile.groups(ex)) {
      const NodeGroup* g = profile.find(ex, gr);
      auto it = g->nodes.find(node);
      if (it == g->nodes.end()) continue;
      const bool chosen = ex == executor && gr == group;
      for (const NodePass& p : it->second.passes)
        html +=
            QStringLiteral(
                "<tr%1><td>%2</td><td>%3</td><td>%4</td><td align=right>%5</td><td>%6</td>"
                "<td align=right>%7%</td></tr>")
                .arg(chosen ? QStringLiteral(" style='background:#fff2cc'") : QString(),
                     ex.toHtmlEscaped(), gr.toHtmlEscaped(), p.pass, formatDuration(p.medianNs),
                     ciText(p), formatPercent(g->totalNs > 0 ? 100 * p.medianNs / g->totalNs : 0));
    }
  return html;
}

QString validationHtml(const QString& node, const NodeProfile& profile, const QString& executor) {
  QString html = QStringLiteral("<h4>%1</h4>").arg(QObject::tr("Validation against the reference"));
  const auto* v = profile.validation(executor);
  const auto it = v ? v->find(node) : std::map<QString, NodeValidation>::const_iterator{};
  if (!v || it == v->end())
    return html + QStringLiteral("<p><i>%1</i></p>").arg(QObject::tr("not measured"));
  return html + QStringLiteral("<p>%1 = %2 (tolerance %3): %4</p>")
                    .arg(it->second.metric, formatNumber(it->second.value),
                         formatNumber(it->second.tolerance),
                         it->second.passed ? QObject::tr("passed") : QObject::tr("failed"));
}

}  // namespace

QString nodeHtml(const onnx::DisplayNode& n, const NodeProfile& profile, const QString& executor,
                 const QString& group) {
  const QString name = QString::fromStdString(n.name);
  const bool op = n.kind == onnx::DisplayNode::Kind::Operator;
  QString html = QStringLiteral("<h3>%1</h3><p>%2</p>")
                     .arg(name.toHtmlEscaped(),
                          op ? QObject::tr("operator <b>%1</b>%2")
                                   .arg(esc(n.op_type), n.domain.empty()
                                                            ? QString()
                                                            : QStringLiteral(" (") + esc(n.domain) +
                                                                  QLatin1Char(')'))
                          : n.kind == onnx::DisplayNode::Kind::Input ? QObject::tr("graph input")
                                                                     : QObject::tr("graph output"));
  if (op) {
    html += QStringLiteral("<h4>%1</h4>").arg(QObject::tr("Measurements"));
    const QString rows = measurementRows(name, profile, executor, group);
    if (rows.isEmpty())
      html += QStringLiteral("<p><i>%1</i></p>")
                  .arg(profile.empty()
                           ? QObject::tr(
                                 "No run: open the graph from a network run to see per-node times.")
                           : QObject::tr("not measured (no per-node time stored for this node)"));
    else
      html += QStringLiteral(
                  "<table cellspacing=0 cellpadding=3 border=1 style='border-collapse:collapse'>"
                  "<tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th><th>%6</th></tr>%7</"
                  "table>")
                  .arg(QObject::tr("executor"), QObject::tr("group"), QObject::tr("pass"),
                       QObject::tr("median"), QObject::tr("95% CI"), QObject::tr("share"), rows);
    if (!profile.empty()) html += validationHtml(name, profile, executor);
    html += QStringLiteral("<h4>%1</h4><table cellpadding=2>").arg(QObject::tr("Attributes"));
    for (const auto& [key, value] : n.attributes)
      html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(key), esc(value));
    if (n.attributes.empty())
      html += QStringLiteral("<tr><td><i>%1</i></td></tr>").arg(QObject::tr("none"));
    html += QStringLiteral("</table>");
  }
  if (!n.inputs.empty())
    html += QStringLiteral("<h4>%1</h4><table cellpadding=2>%2</table>")
                .arg(QObject::tr("Inputs"), tensorRows(n.inputs));
  if (!n.outputs.empty())
    html += QStringLiteral("<h4>%1</h4><table cellpadding=2>%2</table>")
                .arg(QObject::tr("Outputs"), tensorRows(n.outputs));
  return html;
}

NodePanel::NodePanel(QWidget* parent) : QTextBrowser(parent) {
  setObjectName(QStringLiteral("graphNodePanel"));
  setOpenLinks(false);
}

void NodePanel::showNode(const onnx::DisplayNode& node, const NodeProfile& profile,
                         const QString& executor, const QString& group) {
  node_ = QString::fromStdString(node.name);
  setHtml(nodeHtml(node, profile, executor, group));
}

void NodePanel::showNothing(const QString& hint) {
  node_.clear();
  setHtml(QStringLiteral("<p><i>%1</i></p>").arg(hint.toHtmlEscaped()));
}

}  // namespace d500::studio
