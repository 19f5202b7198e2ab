#include "network_editor/attribute_text.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>
#include <type_traits>

namespace d500::studio {

namespace {

// Its own translation context, which lupdate sees too (a plain tr() here would land in
// "d500::studio").
struct AttributeText {
  Q_DECLARE_TR_FUNCTIONS(AttributeText)
};

QString number(double v) {
  return QString::number(v, 'g', 7);
}

template <class T, class F>
QString joined(const std::vector<T>& values, F format) {
  QStringList parts;
  for (const T& v : values) parts << format(v);
  return parts.join(QStringLiteral(", "));
}

// "1, 2", "[1, 2]" or "1 2" as items; an empty text is no items.
QStringList items(QString text) {
  text = text.trimmed();
  if (text.startsWith(QLatin1Char('[')) && text.endsWith(QLatin1Char(']')))
    text = text.mid(1, text.size() - 2);
  QStringList out;
  for (const QString& part :
       text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
    out << part;
  return out;
}

}  // namespace

QString attributeText(const plugin::Attribute& a) {
  return std::visit(
      [](const auto& v) -> QString {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, int64_t>)
          return QString::number(v);
        else if constexpr (std::is_same_v<V, double>)
          return number(v);
        else if constexpr (std::is_same_v<V, std::string>)
          return QString::fromStdString(v);
        else if constexpr (std::is_same_v<V, std::vector<int64_t>>)
          return joined(v, [](int64_t x) { return QString::number(x); });
        else if constexpr (std::is_same_v<V, std::vector<double>>)
          return joined(v, number);
        else if constexpr (std::is_same_v<V, std::vector<std::string>>)
          return joined(v, [](const std::string& x) { return QString::fromStdString(x); });
        else
          return AttributeText::tr("(a tensor)");
      },
      a.value);
}

bool parseAttribute(const QString& name, const QString& type, const QString& text,
                    plugin::Attribute* out, QString* error) {
  out->name = name.toStdString();
  const QString t = text.trimmed();
  bool ok = true;
  if (type == QLatin1String("int")) {
    out->value = int64_t(t.toLongLong(&ok));
  } else if (type == QLatin1String("float")) {
    out->value = t.toDouble(&ok);
  } else if (type == QLatin1String("string")) {
    out->value = t.toStdString();
  } else if (type == QLatin1String("ints")) {
    std::vector<int64_t> v;
    for (const QString& s : items(t)) v.push_back(ok ? s.toLongLong(&ok) : 0);
    out->value = v;
  } else if (type == QLatin1String("floats")) {
    std::vector<double> v;
    for (const QString& s : items(t)) v.push_back(ok ? s.toDouble(&ok) : 0);
    out->value = v;
  } else if (type == QLatin1String("strings")) {
    std::vector<std::string> v;
    for (const QString& s : items(t)) v.push_back(s.toStdString());
    out->value = v;
  } else {
    *error = AttributeText::tr("%1 is a %2 attribute, which the editor cannot set").arg(name, type);
    return false;
  }
  if (!ok) {
    const QString expected =
        type == QLatin1String("int")     ? AttributeText::tr("a whole number, e.g. 1")
        : type == QLatin1String("float") ? AttributeText::tr("a number, e.g. 0.5")
        : type == QLatin1String("ints")
            ? AttributeText::tr("whole numbers separated by commas, e.g. 1, 1")
            : AttributeText::tr("numbers separated by commas, e.g. 0.5, 1");
    *error = AttributeText::tr("“%1” is not a value for %2: expected %3").arg(text, name, expected);
  }
  return ok;
}

}  // namespace d500::studio
