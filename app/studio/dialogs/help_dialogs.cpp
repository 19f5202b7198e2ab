#include "dialogs/help_dialogs.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <tuple>

namespace d500::studio {

namespace {

QString plainText(QString text) {
  text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
  text.remove(QStringLiteral("..."));
  return text.trimmed();
}

// The top-level menu of each action reachable from the menu bar.
void collectMenus(const QMenu* menu, const QString& top, QHash<const QAction*, QString>* out) {
  for (const QAction* a : menu->actions()) {
    if (a->menu())
      collectMenus(a->menu(), top, out);
    else if (!out->contains(a))
      out->insert(a, top);
  }
}

QDialogButtonBox* closeButton(QDialog* d) {
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  QObject::connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::reject);
  return buttons;
}

}  // namespace

QList<ShortcutRow> shortcutRows(const QWidget* window) {
  QHash<const QAction*, QString> menus;
  for (const QMenuBar* bar : window->findChildren<QMenuBar*>())
    for (const QAction* a : bar->actions())
      if (a->menu()) collectMenus(a->menu(), plainText(a->text()), &menus);
  QList<ShortcutRow> rows;
  QSet<const QAction*> seen;
  auto add = [&](const QAction* a) {
    if (seen.contains(a) || a->shortcuts().isEmpty() || a->text().isEmpty()) return;
    seen.insert(a);
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts())
      if (const QString key = k.toString(QKeySequence::NativeText); !keys.contains(key))
        keys << key;
    rows.append({plainText(a->text()), keys.join(QStringLiteral(", ")), menus.value(a)});
  };
  for (auto it = menus.cbegin(); it != menus.cend(); ++it) add(it.key());
  for (const QAction* a : window->findChildren<QAction*>()) add(a);
  std::sort(rows.begin(), rows.end(), [](const ShortcutRow& x, const ShortcutRow& y) {
    return std::tie(x.menu, x.action) < std::tie(y.menu, y.action);
  });
  return rows;
}

QString UserGuideDialog::guideHtml() {
  QStringList s;
  s << tr(
      "<h2>d500 Studio in five minutes</h2>"
      "<p>d500 measures deep-learning code fairly: every number comes with its confidence "
      "interval, its validation verdict and the state of the machine it was measured on. The "
      "studio builds experiments, starts the runner <code>d500</code> on them and draws what "
      "the runner stores.</p>");
  s << tr(
      "<h3>1. A project</h3><p>A project (<code>*.d500proj</code>) lists experiments and names "
      "a result store (a SQLite file, <code>*.d500db</code>). While no tab is open, the start "
      "page offers the first steps: the example project (a copy of your own, so your runs stay "
      "with it), an operator comparison, the Fashion-MNIST recipe, an ONNX model or a store. "
      "File &gt; Open Result Store shows the runs of a store without a project, as do "
      "<code>d500-studio --store FILE</code> and opening a <code>.d500db</code> file from the "
      "file manager. Given with a project, <code>--store</code> reads another store for this "
      "session only; the project file keeps its own.</p>");
  s << tr(
      "<h3>2. An experiment</h3><p>File &gt; New Experiment opens the editor: choose the level "
      "(operator, network, training, distributed, collective), then fill the forms. The "
      "Problems pane below the editor is the runner's own verdict: when it says the runner "
      "will accept the experiment, <code>d500 run</code> does. Every edit can be undone "
      "(Ctrl+Z). Each new experiment gets a name of its own (new-experiment, new-experiment-2, "
      "...), as runs find their experiment by its name.</p>");
  s << tr(
      "<h3>The experiment canvas</h3><p>The editor's Canvas tab shows the same experiment as "
      "components wired together: the operator and its implementations, a model and its "
      "executors, a dataset, an optimizer, a sweep. Drag a component from the palette on the "
      "left (a double-click adds it where it belongs) and connect an output to an input. A "
      "second component of a kind beside a wired one is a spare: the run compares the two as "
      "variants. The Problems list under the canvas names every input still missing. "
      "Auto-layout (Ctrl+L) and Fit (F) tidy the view; Run (Ctrl+R) runs every variant and "
      "shows the first one's progress on the nodes. Canvas edits are steps of the experiment's "
      "undo stack, like the form's.</p>");
  s << tr(
      "<h3>Templates</h3><p>The canvas's Templates menu starts from a whole experiment: "
      "compare implementations of an operator, compare executors on a model, the "
      "time-to-accuracy of an optimizer over seeds, or the scaling of a distributed scheme. A "
      "template replaces the experiment in one undo step; adjust it and run. The start page's "
      "\"Compare implementations of an operator\" opens the first one as a new experiment.</p>");
  s << tr(
      "<h3>3. A run</h3><p>Run (F5) saves the experiment and starts the runner; the Run "
      "Queue shows its state and progress, and the run's dashboard opens as soon as the "
      "runner has created the run. Cancel (Shift+F5) stops it and keeps what was measured.</p>");
  s << tr(
      "<h3>4. Reading the results</h3><p>Each run opens in its level's dashboard: a panel "
      "per quantity with its own axis and unit. Double-click a run in the Project dock to "
      "open it again; the Charts menu has the single charts (sweep, timings, roofline, "
      "convergence). Select two runs and Compare (Ctrl+M) to see ratios with a significance "
      "verdict, and whether the two machines were equally quiet.</p>");
  s << tr(
      "<h3>The graph view</h3><p>File &gt; Open ONNX Model shows an <code>.onnx</code> file as "
      "a graph of its operators, and Charts &gt; Graph of the Model (Ctrl+7) shows the model "
      "of a network run, each node coloured by its share of the time. Click a node for its "
      "attributes, shapes and timings; search by name, zoom, Fit, and use the minimap to find "
      "your way in a large model.</p>");
  s << tr(
      "<h3>History</h3><p>Charts &gt; History (Ctrl+8) shows every benchmark of the store over "
      "time, the series with the largest recent change first. Select a series to see each "
      "run's median with its CI and its change points, marked with their size; click a run to "
      "open it, click a change point for the environment that changed across it and both "
      "sides' samples. Rerun to Confirm queues both runs again, interleaved in randomized "
      "blocks, and stores whether the change is real.</p>");
  s << tr(
      "<h3>The network editor</h3><p>File &gt; Network Editor (Ctrl+Alt+N) opens a model in a "
      "window of its own: an <code>.onnx</code> file or a network from a builder (MLP, "
      "LeNet-5, ResNet). Add operators from its palette, connect tensors, change attributes in "
      "the form, delete or replace a node; shape inference labels the edges after every edit "
      "and draws a node it refuses in red, with the reason. Every edit can be undone, and the "
      "model is saved only when the ONNX checker passes. Use in Network Experiment saves it "
      "and adds a network benchmark of it to the project.</p>");
  s << tr(
      "<h3>Your own components</h3><p>Plugins add components beside the built-in ones: "
      "operators, network executors and optimizers, distributed schemes, datasets (read as "
      "the training asks for them, so a set need not fit in memory), samplers and metrics. "
      "The palette lists each kind with the plugin that offers it; experiments name a "
      "plugin's component <code>plugin/name</code>. A metric's values appear in the training "
      "and distributed dashboards' side panel with their unit. <code>d500 plugins</code> "
      "lists everything the plugins offer, and the README explains for each kind what to "
      "implement and how d500 checks it.</p>");
  s << tr(
      "<h3>5. Sharing</h3><p>File &gt; Export writes a chart as PNG, SVG or PDF, its data "
      "as CSV, and a report of the selected runs as HTML or PDF. The same exports run "
      "without a display: <code>d500-studio --help</code> lists them.</p>");
  s << tr(
      "<p>The mouse wheel changes a field only once you have clicked into it, so "
      "scrolling a form never edits it. Help &gt; Keyboard Shortcuts lists every shortcut.</p>");
  return s.join(QString());
}

UserGuideDialog::UserGuideDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("d500 Studio User Guide"));
  auto* text = new QTextBrowser;
  text->setObjectName(QStringLiteral("userGuide"));
  text->setHtml(guideHtml());
  auto* column = new QVBoxLayout(this);
  column->addWidget(text);
  column->addWidget(closeButton(this));
  resize(640, 560);
}

ShortcutsDialog::ShortcutsDialog(const QWidget* window, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Keyboard Shortcuts"));
  const QList<ShortcutRow> rows = shortcutRows(window);
  auto* table = new QTableWidget(int(rows.size()), 3);
  table->setObjectName(QStringLiteral("shortcutsTable"));
  table->setHorizontalHeaderLabels({tr("Menu"), tr("Command"), tr("Shortcut")});
  for (int i = 0; i < rows.size(); ++i) {
    table->setItem(i, 0, new QTableWidgetItem(rows[i].menu));
    table->setItem(i, 1, new QTableWidgetItem(rows[i].action));
    table->setItem(i, 2, new QTableWidgetItem(rows[i].shortcut));
  }
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->verticalHeader()->hide();
  table->horizontalHeader()->setStretchLastSection(true);
  table->resizeColumnsToContents();
  auto* column = new QVBoxLayout(this);
  column->addWidget(table);
  column->addWidget(closeButton(this));
  resize(560, 600);
}

}  // namespace d500::studio
