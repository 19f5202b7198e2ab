#include "common/core_text.h"

#include <QRegularExpression>

#include "common/locale_format.h"
#include "d500/training/time_to_accuracy.h"

namespace d500::studio {

namespace {

// A core text's template: a pattern over the English text and the translatable sentence that
// takes its captures as %1, %2, ... (each capture itself shown through CoreText::word).
struct Template {
  const char* pattern;
  const char* text;
};

// The runner's problem messages (spec::Checker, check_experiment and its level checks).
const Template kProblems[] = {
    {R"x(missing \(required\))x", QT_TRANSLATE_NOOP("CoreText", "missing (required)")},
    {R"x(unknown key \(expected one of: (.*)\))x",
     QT_TRANSLATE_NOOP("CoreText", "unknown key (expected one of: %1)")},
    {R"x(expected a string, got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected a string, got %1 %2")},
    {R"x(expected true or false, got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected true or false, got %1 %2")},
    {R"x(expected an integer >= 0, got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected an integer >= 0, got %1 %2")},
    {R"x(expected an integer, got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected an integer, got %1 %2")},
    {R"x(expected a number, got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected a number, got %1 %2")},
    {R"x(expected an object, got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected an object, got %1 %2")},
    {R"x(expected a value in \[(.*), (.*)\], got (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected a value in [%1, %2], got %3")},
    {R"x(expected a JSON object at the top level)x",
     QT_TRANSLATE_NOOP("CoreText", "expected a JSON object at the top level")},
    {R"x(expected format 1, got (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected format 1, got %1")},
    {R"x(expected the format version \(an integer\), got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected the format version (an integer), got %1 %2")},
    {R"x(expected a non-empty array of values, got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected a non-empty array of values, got %1 %2")},
    {R"x(expected an array of shapes, got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected an array of shapes, got %1 %2")},
    {R"x(expected a shape \(array of dimensions\), got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "expected a shape (array of dimensions), got %1 %2")},
    {R"x(expected a dimension >= 0 or the name of a sweep variable, got (\w+) (.*))x",
     QT_TRANSLATE_NOOP("CoreText",
                       "expected a dimension >= 0 or the name of a sweep variable, got %1 %2")},
    {R"x(level "(.*)" is not part of this build)x",
     QT_TRANSLATE_NOOP("CoreText", "level \"%1\" is not part of this build")},
    {R"x(unknown plugin "(.*)" \(plugins found: (.*); search path: see `d500 plugins`\))x",
     QT_TRANSLATE_NOOP(
         "CoreText", "unknown plugin \"%1\" (plugins found: %2; search path: see `d500 plugins`)")},
    {R"x(plugin "(.*)" cannot be used: (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "plugin \"%1\" cannot be used: %2")},
    {R"x(plugin "(.*)" cannot be loaded: (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "plugin \"%1\" cannot be loaded: %2")},
    {R"x(no plugin "(.*)" to validate against \(see `d500 plugins`\))x",
     QT_TRANSLATE_NOOP("CoreText", "no plugin \"%1\" to validate against (see `d500 plugins`)")},
    {R"x(the store's folder "(.*)" does not exist \(the run would write its results to "(.*)"\))x",
     QT_TRANSLATE_NOOP(
         "CoreText",
         "the store's folder \"%1\" does not exist (the run would write its results to \"%2\")")},
    {R"x(the store's folder "(.*)" is not writable \(the run would write its results to "(.*)"\))x",
     QT_TRANSLATE_NOOP(
         "CoreText",
         "the store's folder \"%1\" is not writable (the run would write its results to \"%2\")")},
    {R"x((.*) takes (.*) \((.*)\), the experiment gives (\d+))x",
     QT_TRANSLATE_NOOP("CoreText", "%1 takes %2 (%3), the experiment gives %4")},
};

// The verdict sentences of validations (level_training, level_distributed, training_setup).
const Template kSentences[] = {
    {R"x(stopped: ([^;(]+) \((.*)\); (\d+) steps in ([\d.]+) s)x",
     QT_TRANSLATE_NOOP("CoreText", "stopped: %1 (%2); %3 steps in %4 s")},
    {R"x(stopped: ([^;(]+); (\d+) steps in ([\d.]+) s)x",
     QT_TRANSLATE_NOOP("CoreText", "stopped: %1; %2 steps in %3 s")},
    {R"x(ranks do not differ \(Kruskal-Wallis H = ([\d.]+), df ([\d.]+), p = ([\d.]+), alpha 0\.05\))x",
     QT_TRANSLATE_NOOP("CoreText",
                       "ranks do not differ (Kruskal-Wallis H = %1, df %2, p = %3, alpha 0.05)")},
    {R"x(ranks differ \(Kruskal-Wallis H = ([\d.]+), df ([\d.]+), p = ([\d.]+), alpha 0\.05\))x",
     QT_TRANSLATE_NOOP("CoreText",
                       "ranks differ (Kruskal-Wallis H = %1, df %2, p = %3, alpha 0.05)")},
    {R"x(one rank: nothing to compare)x",
     QT_TRANSLATE_NOOP("CoreText", "one rank: nothing to compare")},
    {R"x((\S+) is fixed by recipe "(.*)" to (.*), this run uses (.*))x",
     QT_TRANSLATE_NOOP("CoreText", "%1 is fixed by recipe \"%2\" to %3, this run uses %4")},
    {R"x((\d+) of (\d+) seeds never reached ([\d.]+)% test accuracy)x",
     QT_TRANSLATE_NOOP("CoreText", "%1 of %2 seeds never reached %3% test accuracy")},
    {R"x(rank 0 never reached ([\d.]+)% test accuracy)x",
     QT_TRANSLATE_NOOP("CoreText", "rank 0 never reached %1% test accuracy")},
    {R"x(wall time limit ([\d.]+) s)x", QT_TRANSLATE_NOOP("CoreText", "wall time limit %1 s")},
    {R"x(loss (\S+) at step (\d+))x", QT_TRANSLATE_NOOP("CoreText", "loss %1 at step %2")},
    // The built-in distributed schemes' summaries (core/distributed/schemes/).
    {R"x(synchronous SGD: gradients averaged over all ranks before every step)x",
     QT_TRANSLATE_NOOP("CoreText",
                       "synchronous SGD: gradients averaged over all ranks before every step")},
    {R"x(synchronous parameter server: gradients summed to the root, its model broadcast)x",
     QT_TRANSLATE_NOOP(
         "CoreText",
         "synchronous parameter server: gradients summed to the root, its model broadcast")},
    {R"x(asynchronous parameter server: workers push gradients, the root applies them as they come)x",
     QT_TRANSLATE_NOOP("CoreText",
                       "asynchronous parameter server: workers push gradients, the root applies "
                       "them as they come")},
    {R"x(local SGD: each rank steps alone, the models averaged every average_every steps)x",
     QT_TRANSLATE_NOOP(
         "CoreText",
         "local SGD: each rank steps alone, the models averaged every average_every steps")},
    {R"x(decentralized SGD on a ring: each rank averages its model with its neighbours')x",
     QT_TRANSLATE_NOOP(
         "CoreText",
         "decentralized SGD on a ring: each rank averages its model with its neighbours'")},
    // The built-in metrics' summaries (core/training/metrics/).
    {R"x(expected calibration error of the epoch's training predictions \(0: calibrated\))x",
     QT_TRANSLATE_NOOP(
         "CoreText",
         "expected calibration error of the epoch's training predictions (0: calibrated)")},
    {R"x(unknown metric "(.*)"; known: (.*) \(a plugin's is "plugin/name", from a plugin on the search path\))x",
     QT_TRANSLATE_NOOP("CoreText",
                       "unknown metric \"%1\"; known: %2 (a plugin's is \"plugin/name\", from a "
                       "plugin on the search path)")},
};

// Single words core writes: stop reasons, verdicts, JSON type names.
const char* const kWords[] = {
    QT_TRANSLATE_NOOP("CoreText", "converged"),  QT_TRANSLATE_NOOP("CoreText", "max_samples"),
    QT_TRANSLATE_NOOP("CoreText", "max_time"),   QT_TRANSLATE_NOOP("CoreText", "error"),
    QT_TRANSLATE_NOOP("CoreText", "cancelled"),  QT_TRANSLATE_NOOP("CoreText", "unsupported"),
    QT_TRANSLATE_NOOP("CoreText", "once"),       QT_TRANSLATE_NOOP("CoreText", "with the operator"),
    QT_TRANSLATE_NOOP("CoreText", "epochs"),     QT_TRANSLATE_NOOP("CoreText", "target reached"),
    QT_TRANSLATE_NOOP("CoreText", "time limit"), QT_TRANSLATE_NOOP("CoreText", "diverged"),
    QT_TRANSLATE_NOOP("CoreText", "faster"),     QT_TRANSLATE_NOOP("CoreText", "slower"),
    QT_TRANSLATE_NOOP("CoreText", "same"),       QT_TRANSLATE_NOOP("CoreText", "none"),
    QT_TRANSLATE_NOOP("CoreText", "null"),       QT_TRANSLATE_NOOP("CoreText", "object"),
    QT_TRANSLATE_NOOP("CoreText", "array"),      QT_TRANSLATE_NOOP("CoreText", "string"),
    QT_TRANSLATE_NOOP("CoreText", "boolean"),    QT_TRANSLATE_NOOP("CoreText", "number"),
};

template <size_t N>
bool applyTemplate(const Template (&table)[N], const QString& text, QString* out) {
  for (const Template& t : table) {
    const QRegularExpression re(QRegularExpression::anchoredPattern(QString::fromUtf8(t.pattern)));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) continue;
    QString s = CoreText::tr(t.text);
    for (int i = 1; i <= m.lastCapturedIndex(); ++i) s = s.arg(CoreText::stopReason(m.captured(i)));
    *out = s;
    return true;
  }
  return false;
}

}  // namespace

QString CoreText::word(const QString& w) {
  for (const char* k : kWords)
    if (w == QLatin1String(k)) return tr(k);
  // A plain number ("3.52") in the locale's digits, with as many decimals as core wrote.
  static const QRegularExpression number(QStringLiteral(R"x(^-?\d+(\.(\d+))?$)x"));
  const QRegularExpressionMatch m = number.match(w);
  if (m.hasMatch())
    return LocaleFormat::fixed(w.toDouble(), static_cast<int>(m.capturedLength(2)), false);
  return w;
}

QString CoreText::stopReason(const QString& stored) {
  if (stored.startsWith(QLatin1String("error: "))) return tr("error: %1").arg(stored.mid(7));
  return word(stored);
}

QString CoreText::verdict(const QString& stored) {
  return word(stored);
}

QString CoreText::problem(const QString& message) {
  QString out;
  return applyTemplate(kProblems, message, &out) ? out : message;
}

QString CoreText::sentence(const QString& text) {
  QString out;
  if (applyTemplate(kSentences, text, &out)) return out;
  // A list of reasons ("a; b"), each translated on its own.
  const QStringList parts = text.split(QStringLiteral("; "));
  if (parts.size() < 2) return text;
  QStringList shown;
  for (const QString& p : parts) shown << (applyTemplate(kSentences, p, &out) ? out : p);
  return shown.join(QStringLiteral("; "));
}

QString CoreText::ttaSummary(const training::TtaSummary& s) {
  const auto g = [](double v) { return LocaleFormat::general(v, 3); };
  if (s.reached == 0) return tr("target never reached (%n seed(s))", "", int(s.not_reached));
  QString out = tr("median %1 s").arg(g(s.median));
  if (s.ci_valid) out += tr(" [%1, %2]").arg(g(s.ci_lo), g(s.ci_hi));
  out += tr(" over %1 of %2 seeds").arg(s.reached).arg(s.reached + s.not_reached);
  if (s.olympic_valid) out += tr("; olympic mean %1 s").arg(g(s.olympic_mean));
  return out;
}

}  // namespace d500::studio
