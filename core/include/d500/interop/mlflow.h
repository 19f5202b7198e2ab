// MLflow (issue 35, item 22): a d500 run as an MLflow run, written as MLflow's file store (the
// `mlruns` folder that `mlflow ui --backend-store-uri DIR` and MlflowClient read) or logged to a
// tracking server through its REST API.
//
// File store, as mlflow/store/tracking/file_store.py reads it:
//   DIR/<experiment_id>/meta.yaml          artifact_location, creation_time, experiment_id,
//                                          last_update_time, lifecycle_stage, name
//   DIR/<experiment_id>/<run_id>/meta.yaml artifact_uri, end_time, entry_point_name,
//                                          experiment_id, lifecycle_stage, run_id, run_name,
//                                          run_uuid, source_name, source_type, source_version,
//                                          start_time, status (RUNNING 1 ... KILLED 5), tags: [],
//                                          user_id
//   .../<run_id>/metrics/<key>             one line per point: "timestamp_ms value step"
//   .../<run_id>/params/<key>, tags/<key>  the value, without a newline
// A new DIR also gets MLflow's Default experiment (0) and its .trash folder, as MLflow makes them.
// The MLflow run id is the d500 run's uuid (32 hex digits, as MLflow's own), so a run is written
// into one folder at most once.
//
// Threading: none of these keep state; call from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "d500/error.h"
#include "d500/store/result_store.h"

namespace d500::interop {

// MLflow's RunStatus as stored in a run's meta.yaml.
enum class MlflowStatus { Running = 1, Scheduled = 2, Finished = 3, Failed = 4, Killed = 5 };
const char* mlflow_status_name(MlflowStatus s);  // "RUNNING", ..., as the REST API spells them
MlflowStatus mlflow_status(store::RunStatus s);

struct MlflowMetric {
  std::string key;
  double value = 0;
  int64_t timestamp_ms = 0;  // milliseconds since the Unix epoch
  int64_t step = 0;
};

// Everything MLflow keeps of a run, in MLflow's terms. Keys are already valid MLflow names.
struct MlflowRun {
  std::string run_id;  // 32 lowercase hex digits
  std::string run_name;
  std::string experiment_name;
  int64_t start_time_ms = 0;
  std::optional<int64_t> end_time_ms;  // none while the run is not over
  MlflowStatus status = MlflowStatus::Running;
  std::string user_id;  // who exported it ($USER): d500 does not record who ran it
  std::vector<std::pair<std::string, std::string>> params, tags;
  std::vector<MlflowMetric> metrics;
};

// A series name as an MLflow key: characters MLflow refuses ("@" of "loss@seed0" among them)
// become "_"; "/" too, so that no key is both a file and a folder under metrics/.
std::string mlflow_key(const std::string& name);

// The run as MLflow sees it. Params: the experiment file's settings, flattened to dotted keys
// ("training.optimizer.lr"); arrays and long values as JSON, cut at MLflow's 6000 characters.
// Tags: mlflow.runName, mlflow.source.name (the experiment file), mlflow.source.type,
// mlflow.note.content (its description), and d500.* (version, environment_hash, status, level,
// run_id, uuid, spec_hash, host, launcher, exit_code, status_reason). Metrics: every series
// point, rank r > 0 as "<key>_rank<r>", timestamped at the run's start plus the point's time.
// `experiment_name` "" takes the experiment file's name.
MlflowRun mlflow_run(const store::ResultStore& s, const store::RunInfo& r,
                     const std::string& experiment_name = "");

struct MlflowExport {
  std::string experiment_id;
  bool experiment_created = false;  // false: the run joined an experiment of that name
  std::string run_id;
  std::string where;  // the run's folder, or the server's address
};

// Adds the run to the file store at `root` (created when missing): into the active experiment of
// the run's experiment name, or a new one. Errors, with nothing written: `root` is a file, or a
// folder with other content than an MLflow file store; the name belongs to a deleted experiment
// or to two; the run is already there; a folder cannot be written.
Result<MlflowExport> write_mlflow_file_store(const MlflowRun& run, const std::string& root);

// Logs the run to the tracking server at `uri` ("http://HOST:PORT[/PREFIX]"; https is refused,
// as this client speaks plain HTTP/1.1): experiments/get-by-name or experiments/create,
// runs/create, runs/log-batch (in batches within MLflow's limits) and runs/update with the final
// status and end time. Errors name the request and the server's answer.
Result<MlflowExport> log_mlflow_rest(const MlflowRun& run, const std::string& uri);

}  // namespace d500::interop
