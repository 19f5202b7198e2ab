// Guards issue 6, item 7: "Every user string in HTML escaped."
#include <gtest/gtest.h>

#include "report/html_escape.h"

using d500::studio::escapeHtml;

TEST(ReportEscape, ScriptAmpersandAndQuotes) {
  EXPECT_EQ(escapeHtml(QStringLiteral("<script>alert(\"x\")</script>")),
            QStringLiteral("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"));
  EXPECT_EQ(escapeHtml(QStringLiteral("a & b")), QStringLiteral("a &amp; b"));
  EXPECT_EQ(escapeHtml(QStringLiteral("it's")), QStringLiteral("it&#39;s"));
  // Already-escaped text is escaped again: it is data, not markup.
  EXPECT_EQ(escapeHtml(QStringLiteral("&lt;")), QStringLiteral("&amp;lt;"));
  // Nothing else changes, including non-ASCII text.
  EXPECT_EQ(escapeHtml(QStringLiteral("Gemm N=64 µs 卷积")), QStringLiteral("Gemm N=64 µs 卷积"));
  EXPECT_EQ(escapeHtml(QString()), QString());
}
