// Issue 20, item 1: job scripts that run unchanged. `d500 job --slurm` writes the srun --mpi this
// build's MPI needs (pmix for Open MPI) unless told otherwise, checks --srun-mpi against what
// `srun --mpi=list` offers where srun is installed, asks Slurm for a SIGTERM before the time
// limit (--signal=TERM@grace), keeps the output and the store in one stated job folder, and
// warns when a job of several nodes keeps them on a local disk. The runner takes repeated
// SIGTERMs within the grace as one request, so a time limit ends the run cancelled, not killed.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>

#include "../support/process.h"
#include "d500/distributed/communicator.h"
#include "d500/env/filesystem.h"
#include "d500/store/result_store.h"

using d500::test::read_file;
using d500::test::run;
using d500::test::TempDir;

namespace {

namespace fs = std::filesystem;

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kCrashy = std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-crashy";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

std::string experiment(const TempDir& dir, const std::string& impl = "reference") {
  const std::string path = dir.file("relu.json");
  std::ofstream(path) << R"({"d500": 1, "name": "relu", "level": "operator", "seed": 3,
    "operator": {"op": "Relu", "inputs": [["N"]]}, "implementations": [")" +
                             impl + R"("],
    "sweep": {"N": [256]}, "repetition": {"min_samples": 10, "max_samples": 20, "max_seconds": 0.1}})";
  return path;
}

// A stub srun that answers --mpi=list with `types` (one per indented line).
std::string stub_srun(const TempDir& dir, const std::string& types, const std::string& versions) {
  fs::create_directories(dir.file("bin"));
  std::ofstream(dir.file("bin/srun"))
      << "#!/bin/sh\n[ \"$1\" = --mpi=list ] || exit 1\n"
      << "printf 'MPI plugin types are...\\n"
      << types << "specific pmix plugin versions available: " << versions << "\\n'\n";
  fs::permissions(dir.file("bin/srun"), fs::perms::owner_all);
  return "PATH=" + dir.file("bin") + ":/usr/bin:/bin";
}

}  // namespace

TEST(JobCli, TheScriptNamesItsMpiItsGraceAndItsFolder) {
  TempDir dir;
  const std::string spec = experiment(dir);
  fs::create_directories(dir.file("jobs"));
  const std::string out = dir.file("jobs/job.sh");
  auto r = run({kD500, "job", "--slurm", out, spec, "--grace", "120"}, dir.path(),
               {"PATH=/usr/bin:/bin"});  // no srun: Slurm's fixed list
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string script = read_file(out);
  const std::string pmi = d500::distributed::Communicator::srun_pmi();
  if (!pmi.empty()) EXPECT_TRUE(contains(script, " --mpi=" + pmi + " ")) << script;
  EXPECT_TRUE(contains(script, "#SBATCH --signal=TERM@120\n")) << script;
  EXPECT_TRUE(contains(script, "export D500_TERM_GRACE_SECONDS=120\n")) << script;
  const std::string folder = fs::weakly_canonical(dir.file("jobs")).string();
  EXPECT_TRUE(contains(script, "#SBATCH --chdir=" + folder + "\n")) << script;
  EXPECT_TRUE(contains(script, "#SBATCH --output=" + folder + "/d500-relu-%j.out\n")) << script;
  EXPECT_TRUE(contains(script, "DB='" + folder + "/d500.d500db'")) << script;  // in the job folder
  EXPECT_TRUE(contains(r.err, "job folder " + folder)) << r.err;

  // --db keeps the store where the user said; "default" leaves --mpi to the cluster.
  auto own = run({kD500, "--db", dir.file("mine.d500db"), "job", "--slurm", out, spec, "--srun-mpi",
                  "default"},
                 dir.path(), {"PATH=/usr/bin:/bin"});
  ASSERT_EQ(own.exit_code, 0) << own.err;
  const std::string again = read_file(out);
  EXPECT_TRUE(
      contains(again, "DB='" + fs::weakly_canonical(dir.file("mine.d500db")).string() + "'"))
      << again;
  EXPECT_FALSE(contains(again, "--mpi=")) << again;

  auto spaced = run({kD500, "job", "--slurm", out, spec, "--job-dir", dir.file("a b")}, dir.path());
  EXPECT_EQ(spaced.exit_code, 2) << spaced.err;
  EXPECT_TRUE(contains(spaced.err, "--job-dir")) << spaced.err;
}

TEST(JobCli, SrunMpiIsCheckedAgainstWhatSrunOffers) {
  TempDir dir;
  const std::string spec = experiment(dir), out = dir.file("job.sh");
  const std::string path = stub_srun(dir, "\\tnone\\n\\tpmi2\\n\\tpmix\\n", "pmix_v4");
  auto bad = run({kD500, "job", "--slurm", out, spec, "--srun-mpi", "pmix_v5"}, dir.path(), {path});
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_TRUE(contains(bad.err, "none, pmi2, pmix, pmix_v4 (what srun --mpi=list offers here)"))
      << bad.err;
  auto good =
      run({kD500, "job", "--slurm", out, spec, "--srun-mpi", "pmix_v4"}, dir.path(), {path});
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_TRUE(contains(read_file(out), " --mpi=pmix_v4 "));

  // A cluster whose srun lacks what this d500's MPI needs is named before anything is submitted.
  const std::string pmi = d500::distributed::Communicator::srun_pmi();
  if (pmi.empty()) GTEST_SKIP() << "built without MPI";
  TempDir other;
  const std::string poor = stub_srun(other, "\\tnone\\n\\tcray_shasta\\n", "none");
  auto warned = run({kD500, "job", "--slurm", out, spec}, dir.path(), {poor});
  EXPECT_EQ(warned.exit_code, 0) << warned.err;
  EXPECT_TRUE(contains(warned.err, "needs srun --mpi=" + pmi + ", which srun here does not offer"))
      << warned.err;
}

TEST(JobCli, SeveralNodesOnALocalDiskAreWarned) {
  TempDir dir;
  const std::string spec = experiment(dir), out = dir.file("job.sh");
  auto r =
      run({kD500, "job", "--slurm", out, spec, "--nodes", "2"}, dir.path(), {"PATH=/usr/bin:/bin"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const bool local =
      d500::env::filesystem_kind(dir.path()).reach == d500::env::FileSystemKind::Reach::Local;
  EXPECT_EQ(contains(r.err, "are on local file systems"), local) << r.err;
  auto one =
      run({kD500, "job", "--slurm", out, spec, "--nodes", "1"}, dir.path(), {"PATH=/usr/bin:/bin"});
  EXPECT_FALSE(contains(one.err, "local file systems")) << one.err;
}

TEST(FileSystemKind, NamesTheFileSystemOfTheNearestExistingFolder) {
  TempDir dir;
  const auto k = d500::env::filesystem_kind(dir.file("not/yet/there.d500db"));
  EXPECT_FALSE(k.name.empty());
  EXPECT_EQ(k.name, d500::env::filesystem_kind(dir.path()).name);
  EXPECT_EQ(d500::env::filesystem_kind("/proc").reach, d500::env::FileSystemKind::Reach::Unknown);
  EXPECT_EQ(d500::env::shared_filesystem_warning("the store", dir.path(), 1), "");
}

// Slurm and srun both forward the time limit's SIGTERM: within the grace the second is the same
// request, and the run ends cancelled with exit 130; without a grace it ends the runner at once.
// The isolated forward that ignores SIGTERM keeps the runner busy stopping for its 2 s grace.
TEST(JobCli, RepeatedSigtermsWithinTheGraceAreOneRequest) {
  for (const bool grace : {true, false}) {
    TempDir dir;
    const std::string db = dir.file("s.d500db");
    const std::string spec = experiment(dir, "fixture_crashy/hang_forward");
    d500::test::Process p(
        {kD500, "run", spec, "--db", db, "--progress=json", "--plugin-path", kCrashy}, dir.path(),
        {grace ? "D500_TERM_GRACE_SECONDS=60" : "D500_TERM_GRACE_SECONDS=0"});
    ASSERT_TRUE(d500::test::eventually([&] { return contains(p.stdout_so_far(), "run_started"); }));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // into the hanging forward
    p.kill(SIGTERM);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    p.kill(SIGTERM);
    auto r = p.wait();
    if (grace) {
      EXPECT_EQ(r.signal, 0) << r.err;
      EXPECT_EQ(r.exit_code, 130) << r.err;
      auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
      EXPECT_EQ(s->run(1)->status, d500::store::RunStatus::Cancelled);
    } else {
      EXPECT_EQ(r.signal, SIGTERM) << r.err;
    }
  }
}
