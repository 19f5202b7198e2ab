// Talking to Slurm (issue 20): submitting a batch script, asking a job's state, cancelling it,
// and the job id a run records. Every command is an argument vector (run_command), never a
// shell line, so a script path or job id is passed as it is. Shared by `d500 job --submit`,
// `d500 jobs` and the studio's Slurm launcher.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace d500::env::slurm {

// The id of the Slurm job this process runs in (SLURM_JOB_ID), "" outside a job.
std::string job_id_from_environment();

// A run's launcher with the job it ran in: "mpi:2" -> "mpi:2 slurm:1234", "local" or "slurm" ->
// "slurm:1234"; unchanged when `job_id` is "".
std::string launcher_with_job(const std::string& launcher, const std::string& job_id);
// The job id a launcher records ("mpi:2 slurm:1234" -> "1234"), "" when it names none.
std::string job_id_of_launcher(const std::string& launcher);

struct Submitted {
  std::string job_id;   // "" when it failed
  std::string message;  // why it failed, naming the command, or sbatch's own words
};
// `sbatch --parsable SCRIPT` (from the current folder; the script's #SBATCH --chdir decides
// where the job runs). A missing sbatch is said as such.
Submitted submit(const std::string& script);

struct JobState {
  std::string state;   // lowercase Slurm state: "pending", "running", "completed", "timeout", ...
  std::string source;  // "squeue" or "sacct"
};
// The states Slurm still knows of these jobs: squeue (pending, running and jobs that ended
// recently), then sacct for the rest where accounting is enabled. Jobs neither knows are absent.
std::map<std::string, JobState> job_states(const std::vector<std::string>& job_ids);
// Whether a state is final (the job no longer runs): anything but pending, running,
// configuring, completing, suspended, requeued, resizing, signaling, stage_out.
bool state_is_final(const std::string& state);

// `scancel ID`; "" when done, else why not.
std::string cancel(const std::string& job_id);

// Whether the Slurm commands this needs are on PATH ("sbatch", "squeue", ...).
bool have(const std::string& command);

}  // namespace d500::env::slurm
