// Guards issue #15 "Hardening" at the command line: text from experiments, plugins and stores
// cannot run commands through `d500 job --slurm` (comments escaped, shell values single-quoted,
// srun's --mpi taken from a fixed list) and cannot drive the terminal through `d500 run`, `runs`
// and `show` (control characters printed as visible escapes; --json left to JSON's own escaping).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "../support/process.h"
#include "d500/report/printable.h"
#include "d500/store/result_store.h"

using d500::report::printable;
using d500::test::read_file;
using d500::test::run;
using d500::test::TempDir;
namespace store = d500::store;
namespace fs = std::filesystem;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out{""};
  for (char c : s) {
    if (c == sep)
      out.emplace_back();
    else
      out.back().push_back(c);
  }
  return out;
}

// The first byte that a terminal would take as a control (anything below 0x20 but the line
// structure's own \n, and DEL), as "offset N: 0xNN", or "" when there is none.
std::string first_raw_control(const std::string& text) {
  for (size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
      return "offset " + std::to_string(i) + ": byte " + std::to_string(c);
  }
  return "";
}

std::string experiment(const std::string& path, const std::string& name) {
  nlohmann::json j = {
      {"d500", 1},
      {"name", name},
      {"level", "operator"},
      {"seed", 1},
      {"operator", {{"op", "Gemm"}, {"inputs", {{4, 4}, {4, 4}}}}},
      {"implementations", {"reference"}},
      {"repetition", {{"min_samples", 10}, {"max_samples", 20}, {"max_seconds", 0.1}}}};
  std::ofstream(path) << j.dump();
  return path;
}

// A stub srun first on PATH: writes its arguments, NUL-separated, to `argv_file`.
std::string stub_srun(const TempDir& dir, const std::string& argv_file) {
  fs::create_directory(dir.file("bin"));
  std::ofstream(dir.file("bin/srun"))
      << "#!/bin/sh\nprintf '%s\\0' \"$@\" > '" << argv_file << "'\n";
  fs::permissions(dir.file("bin/srun"), fs::perms::owner_all);
  return dir.file("bin");
}

}  // namespace

TEST(Printable, EscapesControlCharactersAndKeepsUtf8) {
  EXPECT_EQ(printable("plain ±5% µs"), "plain ±5% µs");
  EXPECT_EQ(printable("a\nb\tc\rd"), "a\\nb\\tc\\rd");
  EXPECT_EQ(printable("\x1b]0;pwned\x07"), "\\x1b]0;pwned\\x07");
  EXPECT_EQ(printable(std::string("nul\0del\x7f", 8)), "nul\\x00del\\x7f");
  EXPECT_EQ(printable("\xc2\x9b"
                      "2J"),
            "\\u009b2J");                                                        // C1 CSI, as UTF-8
  EXPECT_EQ(printable("bad \x9b \xff \xc0\xaf"), "bad \\x9b \\xff \\xc0\\xaf");  // not UTF-8
  EXPECT_EQ(printable("cut \xe2\x82"), "cut \\xe2\\x82");  // a truncated sequence
  EXPECT_EQ(printable("line\nbreak\x1b", true), "line\nbreak\\x1b");
  const std::string once = printable("\x1b[2J\n");
  EXPECT_EQ(printable(once), once);  // escaping twice changes nothing
}

// A name and a path that would each start a command line of their own in a raw comment: the
// script is written, runs without running them, srun gets the path as it is, and sbatch (which
// reads #SBATCH lines only before the first command line) sees exactly the lines d500 meant.
TEST(OutputSafetyCli, SlurmScriptKeepsNamesAndPathsFromRunningOrAddingDirectives) {
  TempDir dir;
  const std::string folder = dir.file("exp\ntouch pwned-by-path #'q");
  fs::create_directory(folder);
  const std::string name =
      "tiny\ntouch " + dir.file("pwned-by-name") + "\n#SBATCH --wrap=evil\r\n#";
  const std::string spec = experiment(folder + "/e.json", name);
  const std::string db = dir.file("db\n'x\".d500db");
  const std::string out = dir.file("job.sh");
  auto r = run({kD500, "--db", db, "job", "--slurm", out, spec, "--srun-mpi", "pmix"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string script = read_file(out);

  auto lines = split(script, '\n');
  size_t first_command = lines.size();
  for (size_t i = 0; i < lines.size() && first_command == lines.size(); ++i)
    if (!lines[i].empty() && lines[i][0] != '#') first_command = i;
  std::vector<std::string> directives;
  const std::regex kDirective(R"(^#SBATCH --[a-z-]+=[A-Za-z0-9_.:%@/-]+$)");
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("#SBATCH", 0) != 0) continue;
    EXPECT_LT(i, first_command) << "sbatch would ignore: " << lines[i] << "\n" << script;
    EXPECT_TRUE(std::regex_match(lines[i], kDirective)) << lines[i];
    directives.push_back(lines[i]);
  }
  // job-name, nodes, ntasks-per-node, time, signal, chdir, output
  EXPECT_EQ(directives.size(), 7u) << script;
  for (size_t i = 0; i < first_command; ++i)
    EXPECT_EQ(first_raw_control(lines[i]), "") << "line " << i << ": " << lines[i];
  EXPECT_TRUE(contains(script, "tiny\\ntouch ")) << script;  // the name shown, escaped

  const std::string argv_file = dir.file("srun.argv");
  const std::string path = stub_srun(dir, argv_file) + ":/usr/bin:/bin";
  auto bash = run({"/bin/sh", "-c", "cd \"$1\" && exec env -i PATH=\"$2\" /bin/bash \"$3\"", "sh",
                   dir.path(), path, out},
                  dir.path());
  EXPECT_EQ(bash.exit_code, 0) << bash.err;
  EXPECT_FALSE(fs::exists(dir.file("pwned-by-name")));
  EXPECT_FALSE(fs::exists(dir.file("pwned-by-path")));
  auto argv = split(read_file(argv_file), '\0');
  ASSERT_EQ(argv.size(), 10u) << read_file(argv_file);  // 9 arguments, each ended by NUL
  EXPECT_EQ(argv[0], "--kill-on-bad-exit=1");
  EXPECT_EQ(argv[1], "--mpi=pmix");
  EXPECT_EQ(fs::weakly_canonical(argv[2]), fs::weakly_canonical(kD500));
  EXPECT_EQ(argv[3], "run");
  EXPECT_EQ(argv[4], spec);
  EXPECT_EQ(argv[5], "--db");
  EXPECT_EQ(argv[6], db);
}

TEST(OutputSafetyCli, SrunMpiOutsideSlurmsListIsAUsageError) {
  TempDir dir;
  const std::string spec = experiment(dir.file("e.json"), "tiny");
  const std::string out = dir.file("job.sh");
  auto r = run({kD500, "job", "--slurm", out, spec, "--srun-mpi", "pmix; touch x #"}, dir.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "--srun-mpi \"pmix; touch x #\"")) << r.err;
  EXPECT_TRUE(contains(r.err, "pmix_v4")) << r.err;  // says what is allowed
  EXPECT_FALSE(fs::exists(out));
  auto nl = run({kD500, "job", "--slurm", out, spec, "--srun-mpi", "pmix\n\x1b[2J"}, dir.path());
  EXPECT_EQ(nl.exit_code, 2);
  EXPECT_TRUE(contains(nl.err, "\"pmix\\n\\x1b[2J\"")) << nl.err;  // the value, escaped
  EXPECT_EQ(first_raw_control(nl.err), "");
}

// A store written by anyone (another user's, a plugin's error text) read by `runs` and `show`.
TEST(OutputSafetyCli, RunsAndShowEscapeControlCharactersFromTheStore) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  const std::string name = "evil\x1b]0;pwned\x07name\r\nnext";
  {
    auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadWrite).value();
    store::RunInfo info;
    info.name = name;
    info.level = "operator";
    info.spec_path = "/tmp/p\x1b[8m.json";
    info.environment_id = s->put_environment(
        R"({"cpu": {"model": "CPU\u001b[5m", "logical_cpus": 2, "governor": "x\u0007"}})");
    info.id = s->create_run(info);
    s->start_run(info.id);
    store::MeasurementRow m;
    m.run_id = info.id;
    m.subject = "Gemm\x1b[1A";
    m.implementation = "reference/default";
    m.stop_reason = "error";
    m.error = "plugin says \x1b[31mred\x07";
    s->add_measurement(m, {});
    s->finish_run(info.id, store::RunStatus::Failed, 1, "reason \x1b[2J");
  }
  auto runs = run({kD500, "runs", "--db", db}, dir.path());
  ASSERT_EQ(runs.exit_code, 0) << runs.err;
  EXPECT_EQ(first_raw_control(runs.out), "") << runs.out;
  EXPECT_TRUE(contains(runs.out, "evil\\x1b]0;pwned\\x07name\\r\\nnext")) << runs.out;
  EXPECT_EQ(split(runs.out, '\n').size(), 3u) << runs.out;  // header, one row, the final ""

  auto show = run({kD500, "show", "1", "--db", db}, dir.path());
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_EQ(first_raw_control(show.out), "") << show.out;
  for (const std::string& want :
       {"run 1: evil\\x1b]0;pwned\\x07name\\r\\nnext (operator)", "reason \\x1b[2J",
        "/tmp/p\\x1b[8m.json", "Gemm\\x1b[1A", "plugin says \\x1b[31mred\\x07",
        "CPU\\x1b[5m, 2 CPUs, governor x\\x07"})
    EXPECT_TRUE(contains(show.out, want)) << want << "\n" << show.out;

  // JSON output is escaped by JSON itself: the name comes back exactly.
  auto json = run({kD500, "runs", "--json", "--db", db}, dir.path());
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out).at(0).at("name"), name);
}

TEST(OutputSafetyCli, RunEscapesTheRunNameItPrints) {
  TempDir dir;
  const std::string spec = experiment(dir.file("e.json"), "tiny");
  auto r = run({kD500, "run", spec, "--db", dir.file("s.d500db"), "--progress", "none", "--name",
                "t\x1b]0;pwned\x07"},
               dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(first_raw_control(r.err), "") << r.err;
  EXPECT_EQ(first_raw_control(r.out), "") << r.out;
  EXPECT_TRUE(contains(r.err, "(t\\x1b]0;pwned\\x07)")) << r.err;
}
