// Every string a user (or a run) wrote goes through this before it enters a report: run names,
// subjects, environment values and the experiment file are data, and a run named
// "<script>...</script>" must print as text, not execute in whoever opens the report.
#pragma once

#include <QString>

namespace d500::studio {

// Escapes & < > " ' as character references, so the result is safe in element content and in
// attribute values quoted either way.
QString escapeHtml(const QString& text);

}  // namespace d500::studio
