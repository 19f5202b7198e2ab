// Issue 20, item 3, without a cluster: `d500 job --submit` hands the script to sbatch as one
// argument (no shell) and prints the job id sbatch gives, says plainly when sbatch is missing or
// refuses; a run inside a Slurm job records the job (SLURM_JOB_ID), and `d500 jobs` lists such
// runs with the state squeue reports, or the store's status alone when Slurm has no answer.
// Stub sbatch/squeue scripts stand in for Slurm; tests/e2e/test_slurm_jobs.cpp uses a real one.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/mpi_cli.h"
#include "d500/store/result_store.h"

using d500::test::contains;
using d500::test::kD500;
using d500::test::read_file;
using d500::test::run;
using d500::test::TempDir;

namespace {

namespace fs = std::filesystem;

std::string experiment(const TempDir& dir) {
  const std::string path = dir.file("relu.json");
  std::ofstream(path) << R"({"d500": 1, "name": "relu", "level": "operator", "seed": 3,
    "operator": {"op": "Relu", "inputs": [["N"]]}, "implementations": ["reference"],
    "sweep": {"N": [256]}, "repetition": {"min_samples": 10, "max_samples": 20, "max_seconds": 0.1}})";
  return path;
}

// A program `name` in DIR/bin running `body` (sh); returns PATH=DIR/bin (nothing else on it).
std::string stub(const TempDir& dir, const std::string& name, const std::string& body) {
  fs::create_directories(dir.file("bin"));
  std::ofstream(dir.file("bin/" + name)) << "#!/bin/sh\n" << body << "\n";
  fs::permissions(dir.file("bin/" + name), fs::perms::owner_all);
  return "PATH=" + dir.file("bin");
}

}  // namespace

TEST(JobsCli, SubmitHandsTheScriptToSbatchAsOneArgumentAndPrintsTheJobId) {
  TempDir dir;
  const std::string spec = experiment(dir);
  fs::create_directories(dir.file("jobs"));
  const std::string script = dir.file("my job; rm -rf x.sh");  // one argument, never a shell line
  const std::string path =
      stub(dir, "sbatch",
           "[ \"$1\" = --parsable ] || exit 9\nprintf '%s' \"$2\" > " + dir.file("got") +
               "\necho 'sbatch: warning: a word first'\necho '4242;cluster'");
  auto r = run({kD500, "job", "--submit", "--slurm", script, spec, "--job-dir", dir.file("jobs")},
               dir.path(), {path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "4242\n");
  EXPECT_EQ(read_file(dir.file("got")), script);
  EXPECT_TRUE(contains(read_file(script), "srun "))
      << "the script is written before it is submitted";
  EXPECT_TRUE(contains(r.err, "submitted Slurm job 4242")) << r.err;
  EXPECT_TRUE(
      contains(r.err, fs::weakly_canonical(dir.file("jobs")).string() + "/d500-relu-4242.out"))
      << r.err;

  // Without --slurm the script is NAME.sh in the job folder; --json says where everything is.
  auto j = run({kD500, "--json", "job", "--submit", spec, "--job-dir", dir.file("jobs")},
               dir.path(), {path});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto out = nlohmann::json::parse(j.out);
  EXPECT_EQ(out["job_id"], "4242");
  EXPECT_EQ(out["script"], fs::weakly_canonical(dir.file("jobs")).string() + "/d500-relu.sh");
  EXPECT_TRUE(fs::exists(dir.file("jobs/d500-relu.sh")));
}

TEST(JobsCli, AMissingOrRefusingSbatchIsSaidAndTheScriptKept) {
  TempDir dir;
  const std::string spec = experiment(dir), script = dir.file("job.sh");
  fs::create_directories(dir.file("empty"));
  auto none = run({kD500, "job", "--submit", "--slurm", script, spec}, dir.path(),
                  {"PATH=" + dir.file("empty")});
  EXPECT_EQ(none.exit_code, 3) << none.err;
  EXPECT_TRUE(contains(none.err,
                       "sbatch is not installed here (not on PATH): submit the script on "
                       "a machine of the cluster with: sbatch " +
                           script))
      << none.err;
  EXPECT_TRUE(fs::exists(script));

  const std::string path = stub(dir, "sbatch",
                                "echo 'sbatch: error: Batch job submission failed: Invalid "
                                "partition name specified' >&2\nexit 1");
  auto refused = run({kD500, "job", "--submit", "--slurm", script, spec}, dir.path(), {path});
  EXPECT_EQ(refused.exit_code, 3) << refused.err;
  EXPECT_TRUE(contains(refused.err, "sbatch refused " + script +
                                        " (exit 1): sbatch: error: Batch job "
                                        "submission failed: Invalid partition name specified"))
      << refused.err;

  auto usage = run({kD500, "job", spec}, dir.path());
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_TRUE(contains(usage.err, "--slurm FILE")) << usage.err;
}

TEST(JobsCli, ARunInsideAJobRecordsItAndJobsListsItWithItsState) {
  TempDir dir;
  const std::string spec = experiment(dir), db = dir.file("s.d500db");
  ASSERT_EQ(
      run({kD500, "run", spec, "--db", db, "--progress", "none"}, dir.path(), {"SLURM_JOB_ID=77"})
          .exit_code,
      0);
  ASSERT_EQ(run({kD500, "run", spec, "--db", db, "--progress", "none"}, dir.path()).exit_code, 0);
  auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
  EXPECT_EQ(s->runs()[0].launcher, "slurm:77");
  EXPECT_EQ(s->runs()[1].launcher, "local");

  const std::string path = stub(dir, "squeue", "echo '77|RUNNING'");
  auto r = run({kD500, "--db", db, "jobs"}, dir.path(), {path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "running (squeue)")) << r.out;
  EXPECT_TRUE(contains(r.out, "succeeded")) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2) << "the header and run 1 only:\n"
                                                             << r.out;

  fs::create_directories(dir.file("empty"));
  auto alone =
      run({kD500, "--db", db, "--json", "jobs"}, dir.path(), {"PATH=" + dir.file("empty")});
  ASSERT_EQ(alone.exit_code, 0) << alone.err;
  const auto j = nlohmann::json::parse(alone.out);
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["job_id"], "77");
  EXPECT_TRUE(j[0]["job_state"].is_null());
  EXPECT_EQ(j[0]["status"], "succeeded");
  auto text = run({kD500, "--db", db, "jobs"}, dir.path(), {"PATH=" + dir.file("empty")});
  EXPECT_TRUE(contains(text.err, "neither squeue nor sacct is installed here")) << text.err;
}

// The cluster's modules and extra #SBATCH options (the studio's Settings pass them on): written
// as `module load` and #SBATCH lines; anything else than a plain name or one option is refused.
TEST(JobsCli, ModulesAndExtraSbatchOptionsReachTheScriptCheckedFirst) {
  TempDir dir;
  const std::string spec = experiment(dir), script = dir.file("job.sh");
  auto r = run({kD500, "job", "--slurm", script, spec, "--module", "gcc/12", "--module",
                "openmpi/4.1", "--sbatch=--qos=short", "--sbatch", "--constraint=avx2"},
               dir.path(), {"PATH=/usr/bin:/bin"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string s = read_file(script);
  EXPECT_TRUE(contains(s, "#SBATCH --qos=short\n#SBATCH --constraint=avx2\n")) << s;
  EXPECT_TRUE(contains(s, "set -euo pipefail\nmodule load gcc/12\nmodule load openmpi/4.1\n")) << s;
  EXPECT_LT(s.find("module load"), s.find("srun ")) << s;
  auto module = run({kD500, "job", "--slurm", script, spec, "--module", "x; rm -rf ~"}, dir.path());
  EXPECT_EQ(module.exit_code, 2);
  EXPECT_TRUE(contains(module.err, "--module \"x; rm -rf ~\" is not a module name")) << module.err;
  auto line =
      run({kD500, "job", "--slurm", script, spec, "--sbatch=--qos=a\n#SBATCH --x"}, dir.path());
  EXPECT_EQ(line.exit_code, 2);
  EXPECT_TRUE(contains(line.err, "is not one sbatch option")) << line.err;
}
