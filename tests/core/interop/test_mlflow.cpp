// Issue 35, item 22: a d500 run as an MLflow run. The file store is read back here with a reader
// written from MLflow's FileStore (mlflow/store/tracking/file_store.py), field by field; where
// the mlflow package is importable by /usr/bin/python3, MLflow's own client reads it too. The
// REST client talks to a fake tracking server on 127.0.0.1 that records the requests.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "../../support/fake_http_server.h"
#include "../../support/process.h"
#include "d500/interop/mlflow.h"

namespace d500::interop {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::TempDir;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A meta.yaml as YAML reads it, for the subset the file store uses: "key: value" lines whose
// values are plain, "double-quoted" (JSON's escapes), null or [].
std::map<std::string, std::string> yaml(const fs::path& p) {
  std::map<std::string, std::string> out;
  std::istringstream in(slurp(p));
  std::string line;
  while (std::getline(in, line)) {
    const auto colon = line.find(": ");
    EXPECT_NE(colon, std::string::npos) << p << ": " << line;
    if (colon == std::string::npos) continue;
    std::string v = line.substr(colon + 2);
    if (!v.empty() && v[0] == '"') v = json::parse(v).get<std::string>();
    EXPECT_EQ(out.count(line.substr(0, colon)), 0u) << "twice: " << line;
    out[line.substr(0, colon)] = v;
  }
  return out;
}

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.insert(e.path().filename().string());
  return out;
}

struct Fixture {
  TempDir dir;
  std::unique_ptr<store::ResultStore> s =
      store::ResultStore::open(dir.file("s.d500db"), store::ResultStore::Mode::ReadWrite).value();

  // A finished training run: settings, an environment, two ranks' curves.
  store::RunInfo training_run(const std::string& name = "mnist mlp",
                              store::RunStatus status = store::RunStatus::Succeeded) {
    store::RunInfo r;
    r.name = name;
    r.level = "training";
    r.seed = 7;
    r.spec_path = "/home/u/mnist.json";
    r.spec_json = R"({"d500": 1, "name": "Fashion-MNIST MLP", "description": "one seed",
      "level": "training", "seed": 7, "training": {"optimizer": {"name": "adam", "lr": 0.001},
      "epochs": 2, "sizes": [784, 128, 10]}})";
    r.environment_id = s->put_environment(R"({"build": {"d500_version": "0.9.1"}})");
    const int64_t id = s->create_run(r);
    s->start_run(id);
    s->add_series(std::vector<store::SeriesPoint>{{0, id, 0, "loss@seed7", 0, 0.5, 2.25},
                                                  {0, id, 0, "loss@seed7", 10, 1.25, 1.5},
                                                  {0, id, 0, "test_accuracy@seed7", 1, 2.0, 0.875},
                                                  {0, id, 1, "loss@seed7", 10, 1.5, 0.125}});
    s->finish_run(id, status, status == store::RunStatus::Succeeded ? 0 : 1,
                  status == store::RunStatus::Succeeded ? "" : "diverged");
    return *s->run(id);
  }
};

TEST(Mlflow, FileStoreHoldsEveryFieldOfTheRunAsMlflowReadsIt) {
  Fixture f;
  const auto r = f.training_run();
  const auto env = f.s->environment(r.environment_id);
  const MlflowRun m = mlflow_run(*f.s, r);
  const std::string root = f.dir.file("mlruns");
  auto x = write_mlflow_file_store(m, root);
  ASSERT_TRUE(x) << x.error().to_string();
  EXPECT_TRUE(x->experiment_created);

  // The store's first content, as MLflow makes it: .trash and the Default experiment 0.
  EXPECT_EQ(names_in(root), (std::set<std::string>{".trash", "0", x->experiment_id}));
  auto def = yaml(fs::path(root) / "0" / "meta.yaml");
  EXPECT_EQ(def["name"], "Default");
  EXPECT_EQ(def["experiment_id"], "0");

  const fs::path exp = fs::path(root) / x->experiment_id;
  auto e = yaml(exp / "meta.yaml");
  EXPECT_EQ(e.size(), 6u);
  EXPECT_EQ(e["experiment_id"], x->experiment_id);
  EXPECT_EQ(x->experiment_id.find_first_not_of("0123456789"), std::string::npos);
  EXPECT_EQ(e["name"], "Fashion-MNIST MLP");
  EXPECT_EQ(e["lifecycle_stage"], "active");
  EXPECT_EQ(e["artifact_location"], "file://" + exp.string());
  EXPECT_GT(std::stoll(e["creation_time"]), 1600000000000);
  EXPECT_EQ(e["last_update_time"], e["creation_time"]);

  // The run: its id is the d500 run's uuid, 32 hex digits as MLflow's own.
  ASSERT_EQ(m.run_id.size(), 32u);
  EXPECT_EQ(m.run_id.find_first_not_of("0123456789abcdef"), std::string::npos);
  const fs::path run = exp / m.run_id;
  EXPECT_EQ(x->where, run.string());
  EXPECT_EQ(names_in(exp), (std::set<std::string>{"meta.yaml", m.run_id}));
  EXPECT_EQ(names_in(run),
            (std::set<std::string>{"meta.yaml", "metrics", "params", "tags", "artifacts"}));
  auto meta = yaml(run / "meta.yaml");
  const std::map<std::string, std::string> want{
      {"artifact_uri", "file://" + (run / "artifacts").string()},
      {"deleted_time", "null"},
      {"end_time", std::to_string(std::llround(r.finished_at * 1000))},
      {"entry_point_name", ""},
      {"experiment_id", x->experiment_id},
      {"lifecycle_stage", "active"},
      {"run_id", m.run_id},
      {"run_name", "mnist mlp"},
      {"run_uuid", m.run_id},
      {"source_name", ""},
      {"source_type", "4"},
      {"source_version", ""},
      {"start_time", std::to_string(std::llround(r.started_at * 1000))},
      {"status", "3"},
      {"tags", "[]"},
      {"user_id", m.user_id}};
  EXPECT_EQ(meta, want);

  // Metrics: "timestamp value step" per point; "@" is no MLflow character; rank 1 apart.
  const int64_t t0 = std::llround(r.started_at * 1000);
  EXPECT_EQ(names_in(run / "metrics"),
            (std::set<std::string>{"loss_seed7", "loss_seed7_rank1", "test_accuracy_seed7"}));
  EXPECT_EQ(slurp(run / "metrics" / "loss_seed7"),
            std::to_string(t0 + 500) + " 2.25 0\n" + std::to_string(t0 + 1250) + " 1.5 10\n");
  EXPECT_EQ(slurp(run / "metrics" / "test_accuracy_seed7"),
            std::to_string(t0 + 2000) + " 0.875 1\n");
  EXPECT_EQ(slurp(run / "metrics" / "loss_seed7_rank1"), std::to_string(t0 + 1500) + " 0.125 10\n");

  // Params: the experiment file's settings, dotted; arrays as JSON. No newline after a value.
  EXPECT_EQ(names_in(run / "params"),
            (std::set<std::string>{"d500", "level", "seed", "training.optimizer.name",
                                   "training.optimizer.lr", "training.epochs", "training.sizes"}));
  EXPECT_EQ(slurp(run / "params" / "training.optimizer.name"), "adam");
  EXPECT_EQ(slurp(run / "params" / "training.optimizer.lr"), "0.001");
  EXPECT_EQ(slurp(run / "params" / "training.sizes"), "[784,128,10]");
  EXPECT_EQ(slurp(run / "params" / "seed"), "7");

  std::map<std::string, std::string> tags;
  for (const auto& n : names_in(run / "tags")) tags[n] = slurp(run / "tags" / n);
  std::map<std::string, std::string> want_tags{{"mlflow.runName", "mnist mlp"},
                                               {"mlflow.source.name", "/home/u/mnist.json"},
                                               {"mlflow.source.type", "LOCAL"},
                                               {"mlflow.note.content", "one seed"},
                                               {"d500.version", "0.9.1"},
                                               {"d500.environment_hash", env->hash},
                                               {"d500.status", "succeeded"},
                                               {"d500.level", "training"},
                                               {"d500.run_id", std::to_string(r.id)},
                                               {"d500.uuid", m.run_id},
                                               {"d500.spec_hash", r.spec_hash},
                                               {"d500.host", r.host},
                                               {"d500.launcher", r.launcher},
                                               {"d500.exit_code", "0"}};
  if (!m.user_id.empty()) want_tags["mlflow.user"] = m.user_id;
  const std::string exported_by = tags["d500.exported_by"];
  EXPECT_EQ(exported_by.rfind("d500 ", 0), 0u) << exported_by;
  tags.erase("d500.exported_by");
  EXPECT_EQ(tags, want_tags);
}

TEST(Mlflow, StatusesMapToMlflowsAndAFailedRunSaysWhy) {
  EXPECT_EQ(mlflow_status(store::RunStatus::Queued), MlflowStatus::Scheduled);
  EXPECT_EQ(mlflow_status(store::RunStatus::Running), MlflowStatus::Running);
  EXPECT_EQ(mlflow_status(store::RunStatus::Succeeded), MlflowStatus::Finished);
  EXPECT_EQ(mlflow_status(store::RunStatus::Failed), MlflowStatus::Failed);
  EXPECT_EQ(mlflow_status(store::RunStatus::Crashed), MlflowStatus::Failed);
  EXPECT_EQ(mlflow_status(store::RunStatus::Interrupted), MlflowStatus::Killed);
  EXPECT_EQ(mlflow_status(store::RunStatus::Cancelled), MlflowStatus::Killed);
  EXPECT_STREQ(mlflow_status_name(MlflowStatus::Killed), "KILLED");
  Fixture f;
  const auto m = mlflow_run(*f.s, f.training_run("bad", store::RunStatus::Failed));
  auto x = write_mlflow_file_store(m, f.dir.file("mlruns"));
  ASSERT_TRUE(x) << x.error().to_string();
  const fs::path run(x->where);
  EXPECT_EQ(yaml(run / "meta.yaml")["status"], "4");
  EXPECT_EQ(slurp(run / "tags" / "d500.status"), "failed");
  EXPECT_EQ(slurp(run / "tags" / "d500.status_reason"), "diverged");
}

TEST(Mlflow, KeysAreNamesMlflowAccepts) {
  EXPECT_EQ(mlflow_key("loss@seed0"), "loss_seed0");
  EXPECT_EQ(mlflow_key("a/b c.d-e_f"), "a_b c.d-e_f");
  EXPECT_EQ(mlflow_key(".."), "_..");
  EXPECT_EQ(mlflow_key(""), "_");
  EXPECT_EQ(mlflow_key(std::string(300, 'k')).size(), 250u);
}

TEST(Mlflow, ASecondRunJoinsTheExperimentOfItsName) {
  Fixture f;
  const std::string root = f.dir.file("mlruns");
  auto a = write_mlflow_file_store(mlflow_run(*f.s, f.training_run("one")), root);
  auto b = write_mlflow_file_store(mlflow_run(*f.s, f.training_run("two")), root);
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(b->experiment_created);
  EXPECT_EQ(a->experiment_id, b->experiment_id);
  EXPECT_NE(a->run_id, b->run_id);
  EXPECT_EQ(names_in(fs::path(root) / a->experiment_id),
            (std::set<std::string>{"meta.yaml", a->run_id, b->run_id}));
  // Another name, another experiment.
  auto c = write_mlflow_file_store(mlflow_run(*f.s, f.training_run("three"), "sweeps"), root);
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->experiment_created);
  EXPECT_NE(c->experiment_id, a->experiment_id);
  EXPECT_EQ(yaml(fs::path(root) / c->experiment_id / "meta.yaml")["name"], "sweeps");
}

// Each refusal names what and where, and leaves the folder as it was.
TEST(Mlflow, CollisionsAndUnwritablePlacesAreRefusedWithNothingWritten) {
  Fixture f;
  const auto m = mlflow_run(*f.s, f.training_run());
  const std::string root = f.dir.file("mlruns");
  ASSERT_TRUE(write_mlflow_file_store(m, root));
  auto again = write_mlflow_file_store(m, root);
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().to_string().find("is already there"), std::string::npos);

  // Two experiments of one name (a store edited by hand): which one is meant is not known.
  const auto before = names_in(root);
  const std::string exp = *std::find_if(before.begin(), before.end(),
                                        [](const auto& n) { return n != "0" && n != ".trash"; });
  fs::copy(fs::path(root) / exp, fs::path(root) / "42", fs::copy_options::recursive);
  std::string meta = slurp(fs::path(root) / "42" / "meta.yaml");
  meta.replace(meta.find("\"" + exp + "\""), exp.size() + 2, "\"42\"");
  std::ofstream(fs::path(root) / "42" / "meta.yaml") << meta;
  fs::remove_all(fs::path(root) / "42" / m.run_id);
  fs::remove_all(fs::path(root) / exp / m.run_id);
  auto two = write_mlflow_file_store(m, root);
  ASSERT_FALSE(two);
  EXPECT_NE(two.error().to_string().find("two experiments are named \"Fashion-MNIST MLP\""),
            std::string::npos)
      << two.error().to_string();

  // A deleted experiment of that name, as MLflow refuses to create one.
  fs::remove_all(fs::path(root) / "42");
  meta = slurp(fs::path(root) / exp / "meta.yaml");
  meta.replace(meta.find("lifecycle_stage: active"), 23, "lifecycle_stage: deleted");
  std::ofstream(fs::path(root) / exp / "meta.yaml") << meta;
  fs::rename(fs::path(root) / exp, fs::path(root) / ".trash" / exp);
  auto deleted = write_mlflow_file_store(m, root);
  ASSERT_FALSE(deleted);
  EXPECT_NE(deleted.error().to_string().find("is deleted"), std::string::npos);
  EXPECT_EQ(names_in(root), (std::set<std::string>{".trash", "0"}));

  // A file, a folder of something else, a place under a file.
  std::ofstream(f.dir.file("notes.txt")) << "x";
  fs::create_directories(f.dir.file("photos"));
  std::ofstream(f.dir.file("photos/a.jpg")) << "x";
  for (const auto& [where, says] : std::vector<std::pair<std::string, std::string>>{
           {f.dir.file("notes.txt"), "is a file"},
           {f.dir.file("photos"), "not an MLflow file store"},
           {f.dir.file("notes.txt/mlruns"), "cannot create the folder"}}) {
    auto r = write_mlflow_file_store(m, where);
    ASSERT_FALSE(r) << where;
    EXPECT_NE(r.error().to_string().find(says), std::string::npos) << r.error().to_string();
  }
  EXPECT_EQ(names_in(f.dir.file("photos")), std::set<std::string>{"a.jpg"});
  EXPECT_EQ(slurp(f.dir.file("notes.txt")), "x");
}

// MLflow's own client, where it is installed (Debian packages no mlflow).
TEST(Mlflow, MlflowsClientReadsTheFileStore) {
  TempDir probe;
  auto has = test::run({"/usr/bin/python3", "-c", "import mlflow"}, probe.path());
  if (has.exit_code != 0)
    GTEST_SKIP() << "the mlflow package is not importable by /usr/bin/python3 (Debian does not "
                    "package it); the layout is checked field by field above";
  Fixture f;
  const auto m = mlflow_run(*f.s, f.training_run());
  const std::string root = f.dir.file("mlruns");
  ASSERT_TRUE(write_mlflow_file_store(m, root));
  const std::string script = R"(
import sys
from mlflow.tracking import MlflowClient
c = MlflowClient(tracking_uri="file://" + sys.argv[1])
e = c.get_experiment_by_name("Fashion-MNIST MLP")
r = c.get_run(sys.argv[2])
h = c.get_metric_history(r.info.run_id, "loss_seed7")
assert r.info.experiment_id == e.experiment_id
assert r.info.status == "FINISHED", r.info.status
assert r.info.run_name == "mnist mlp"
assert r.data.params["training.optimizer.name"] == "adam"
assert r.data.tags["d500.version"] == "0.9.1"
assert [(p.step, p.value) for p in h] == [(0, 2.25), (10, 1.5)], h
assert len(c.search_runs([e.experiment_id])) == 1
print("ok")
)";
  std::ofstream(f.dir.file("read.py")) << script;
  auto r = test::run({"/usr/bin/python3", f.dir.file("read.py"), root, m.run_id}, f.dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("ok"), std::string::npos) << r.out << r.err;
}

// The REST API: a tracking server that knows no experiment of that name.
TEST(Mlflow, RestLogsTheRunThroughTheTrackingApi) {
  Fixture f;
  auto r = f.training_run();
  std::vector<store::SeriesPoint> many;  // more than one log-batch may carry (1000 entities)
  for (int i = 0; i < 1200; ++i) many.push_back({0, r.id, 0, "lr", i, 0.01 * i, 0.5});
  f.s->add_series(many);
  const auto m = mlflow_run(*f.s, r);
  test::FakeHttpServer server([](const test::HttpExchange& x) -> test::HttpReply {
    if (x.target.find("experiments/get-by-name") != std::string::npos)
      return {404, R"({"error_code": "RESOURCE_DOES_NOT_EXIST", "message": "no"})"};
    if (x.target.find("experiments/create") != std::string::npos)
      return {200, R"({"experiment_id": "17"})"};
    if (x.target.find("runs/search") != std::string::npos) return {200, "{}", true};
    if (x.target.find("runs/create") != std::string::npos)
      return {200, R"({"run": {"info": {"run_id": "abc123"}}})"};
    return {200, "{}"};
  });
  auto x = log_mlflow_rest(m, server.uri() + "/");
  ASSERT_TRUE(x) << x.error().to_string();
  EXPECT_EQ(x->experiment_id, "17");
  EXPECT_TRUE(x->experiment_created);
  EXPECT_EQ(x->run_id, "abc123");

  const auto reqs = server.requests();
  ASSERT_GE(reqs.size(), 6u);
  EXPECT_EQ(reqs[0].method, "GET");
  EXPECT_EQ(reqs[0].target,
            "/api/2.0/mlflow/experiments/get-by-name?experiment_name=Fashion-MNIST%20MLP");
  EXPECT_EQ(reqs[1].target, "/api/2.0/mlflow/experiments/create");
  EXPECT_EQ(json::parse(reqs[1].body), json({{"name", "Fashion-MNIST MLP"}}));
  EXPECT_EQ(reqs[2].target, "/api/2.0/mlflow/runs/search");
  EXPECT_EQ(json::parse(reqs[2].body)["filter"], "tags.`d500.uuid` = '" + m.run_id + "'");
  EXPECT_EQ(reqs[3].target, "/api/2.0/mlflow/runs/create");
  auto create = json::parse(reqs[3].body);
  EXPECT_EQ(create["experiment_id"], "17");
  EXPECT_EQ(create["run_name"], "mnist mlp");
  EXPECT_EQ(create["start_time"], m.start_time_ms);

  // Every param, tag and metric once, in batches within MLflow's limits.
  std::set<std::string> params, tags;
  size_t metrics = 0;
  size_t i = 4;
  for (; i < reqs.size() && reqs[i].target == "/api/2.0/mlflow/runs/log-batch"; ++i) {
    EXPECT_EQ(reqs[i].method, "POST");
    auto b = json::parse(reqs[i].body);
    EXPECT_EQ(b["run_id"], "abc123");
    EXPECT_LE(b["params"].size(), 100u);
    EXPECT_LE(b["tags"].size(), 100u);
    EXPECT_LE(b["params"].size() + b["tags"].size() + b["metrics"].size(), 1000u);
    for (const auto& p : b["params"]) params.insert(p["key"].get<std::string>());
    for (const auto& t : b["tags"]) tags.insert(t["key"].get<std::string>());
    for (const auto& mm : b["metrics"]) {
      if (mm["key"] == "loss_seed7" && mm["step"] == 10) {
        EXPECT_EQ(mm["value"], 1.5);
        EXPECT_EQ(mm["timestamp"], m.start_time_ms + 1250);
      }
      ++metrics;
    }
  }
  EXPECT_EQ(i - 4, 2u);
  EXPECT_EQ(params.size(), m.params.size());
  EXPECT_EQ(tags.size(), m.tags.size());
  EXPECT_TRUE(tags.count("d500.environment_hash") && tags.count("d500.version"));
  EXPECT_EQ(metrics, 1204u);
  ASSERT_EQ(i + 1, reqs.size());
  EXPECT_EQ(reqs[i].target, "/api/2.0/mlflow/runs/update");
  EXPECT_EQ(json::parse(reqs[i].body),
            json({{"run_id", "abc123"}, {"status", "FINISHED"}, {"end_time", *m.end_time_ms}}));
}

TEST(Mlflow, RestJoinsAnExperimentAndRefusesARunItHasAndHttpsAndServerErrors) {
  Fixture f;
  const auto m = mlflow_run(*f.s, f.training_run());
  std::atomic<bool> has_run{false};
  test::FakeHttpServer server([&](const test::HttpExchange& x) -> test::HttpReply {
    if (x.target.find("experiments/get-by-name") != std::string::npos)
      return {200, R"({"experiment": {"experiment_id": "5", "lifecycle_stage": "active"}})"};
    if (x.target.find("runs/search") != std::string::npos)
      return {200, has_run ? R"({"runs": [{"info": {"run_id": "old"}}]})" : "{}"};
    if (x.target.find("runs/create") != std::string::npos)
      return {200, R"({"run": {"info": {"run_id": "r2"}}})"};
    if (x.target.find("runs/log-batch") != std::string::npos)
      return {400, R"({"error_code": "INVALID_PARAMETER_VALUE", "message": "bad key"})"};
    return {200, "{}"};
  });
  auto x = log_mlflow_rest(m, server.uri());
  ASSERT_FALSE(x);
  EXPECT_EQ(x.error().to_string(), "MLflow POST runs/log-batch: the server answered 400: bad key");
  for (const auto& q : server.requests())
    EXPECT_EQ(q.target.find("experiments/create"), std::string::npos) << "joined experiment 5";
  has_run = true;
  x = log_mlflow_rest(m, server.uri());
  ASSERT_FALSE(x);
  EXPECT_NE(x.error().to_string().find("is already logged there"), std::string::npos);

  x = log_mlflow_rest(m, "https://mlflow.example.org");
  ASSERT_FALSE(x);
  EXPECT_NE(x.error().to_string().find("https is not supported"), std::string::npos);
  x = log_mlflow_rest(m, "http://127.0.0.1:notaport");
  ASSERT_FALSE(x);
  EXPECT_NE(x.error().to_string().find("bad port"), std::string::npos);
  // A port nobody listens on: the server just stopped.
  int closed_port = 0;
  {
    test::FakeHttpServer gone([](const test::HttpExchange&) { return test::HttpReply{}; });
    closed_port = gone.port();
  }
  x = log_mlflow_rest(m, "http://127.0.0.1:" + std::to_string(closed_port));
  ASSERT_FALSE(x);
  EXPECT_NE(x.error().to_string().find("cannot connect"), std::string::npos)
      << x.error().to_string();
}

}  // namespace
}  // namespace d500::interop
