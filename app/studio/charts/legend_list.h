// A legend that never elides: every entry (a swatch in the line's colour and style, and the full
// text) is laid out as wrapping rich text under or beside a chart, so a long series name wraps
// onto the next line instead of becoming "test_accuracy...". Replaces QChart's own legend on
// screen.
// Threading: GUI thread.
#pragma once

#include <QColor>
#include <QLabel>
#include <QList>
#include <QString>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace d500::studio {

class LegendList : public QLabel {
  Q_OBJECT
 public:
  struct Entry {
    QString text;
    QColor color;
    Qt::PenStyle style = Qt::SolidLine;
    bool markers = false;  // points drawn (per-epoch series)
  };
  // Ownership: parent. `vertical`: one entry per line (a list beside a panel).
  explicit LegendList(bool vertical = false, QWidget* parent = nullptr);

  void setEntries(const QList<Entry>& entries);
  const QList<Entry>& entries() const { return entries_; }
  QStringList texts() const;  // every entry's full text, in order
  // The height the entries need laid out `width` wide, margins included (QLabel::heightForWidth
  // of a never shown label answers for a much narrower one).
  int heightAt(int width) const;
  // The entries of `chart`'s own legend (its visible markers with a label); none when that
  // legend is hidden.
  static QList<Entry> entriesOf(const QChart* chart);

 private:
  QList<Entry> entries_;
  bool vertical_;
};

}  // namespace d500::studio
