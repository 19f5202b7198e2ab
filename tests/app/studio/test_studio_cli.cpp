// Guards issue 13 item 5: `d500-studio --help` and `--version` work without a display, a headless
// export needs none either, and starting the window without one says what is missing (exit 2)
// instead of Qt's abort.
#include <gtest/gtest.h>

#include "../../support/process.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kStudio = D500_TEST_STUDIO;

// The studio with no display of any kind.
d500::test::ProcessResult headless(std::vector<std::string> args, const TempDir& dir) {
  std::vector<std::string> argv = {"/usr/bin/env",    "-u", "DISPLAY",         "-u",
                                   "WAYLAND_DISPLAY", "-u", "QT_QPA_PLATFORM", kStudio};
  argv.insert(argv.end(), args.begin(), args.end());
  return run(argv, dir.path());
}

}  // namespace

TEST(StudioCli, HelpAndVersionNeedNoDisplay) {
  TempDir dir;
  auto help = headless({"--help"}, dir);
  EXPECT_EQ(help.exit_code, 0) << help.err;
  EXPECT_NE(help.out.find("--screenshot"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--project"), std::string::npos) << help.out;
  auto version = headless({"--version"}, dir);
  EXPECT_EQ(version.exit_code, 0) << version.err;
  EXPECT_NE(version.out.find("d500-studio"), std::string::npos) << version.out;
}

TEST(StudioCli, NoDisplayIsAClearErrorAndAScreenshotRunsOffscreen) {
  TempDir dir;
  auto window = headless({}, dir);
  EXPECT_EQ(window.signal, 0);
  EXPECT_EQ(window.exit_code, 2) << window.err;
  EXPECT_NE(window.err.find("no display"), std::string::npos) << window.err;
  auto shot = headless({"--screenshot", dir.file("w.png")}, dir);
  EXPECT_EQ(shot.exit_code, 0) << shot.err;
  EXPECT_TRUE(std::filesystem::exists(dir.file("w.png")));
}
