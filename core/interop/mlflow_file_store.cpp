// MLflow's file store (mlflow.h): experiments found by the name in their meta.yaml, a run written
// into a hidden folder and renamed into place, so that MLflow never sees half a run.
#include <unistd.h>

#include <cctype>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "d500/interop/mlflow.h"
#include "http_client.h"

namespace d500::interop {

namespace fs = std::filesystem;

namespace {

using nlohmann::json;

// A YAML double-quoted scalar: JSON's string escapes are YAML's too.
std::string quoted(const std::string& s) {
  return json(s).dump(-1, ' ', false, json::error_handler_t::replace);
}

// A scalar of a meta.yaml that MLflow (PyYAML) wrote: plain, 'single' or "double" quoted.
std::string scalar(std::string v) {
  while (!v.empty() && (v.back() == ' ' || v.back() == '\r')) v.pop_back();
  if (v.size() >= 2 && v.front() == '\'' && v.back() == '\'') {
    std::string out;
    for (size_t i = 1; i + 1 < v.size(); ++i) {
      out += v[i];
      if (v[i] == '\'' && v[i + 1] == '\'') ++i;
    }
    return out;
  }
  if (v.size() >= 2 && v.front() == '"') {
    auto j = json::parse(v, nullptr, false);
    if (j.is_string()) return j.get<std::string>();
  }
  return v;
}

// The top-level "key: value" pairs of a meta.yaml; a folded value's lines joined by spaces.
std::map<std::string, std::string> read_meta(const fs::path& file) {
  std::ifstream in(file);
  std::map<std::string, std::string> out;
  std::string line, key;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == ' ' && !key.empty()) {
      out[key] += " " + line.substr(line.find_first_not_of(' '));
      continue;
    }
    const auto colon = line.find(": ");
    if (colon == std::string::npos) continue;
    key = line.substr(0, colon);
    out[key] = line.substr(colon + 2);
  }
  for (auto& [k, v] : out) v = scalar(v);
  return out;
}

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// file:///path, percent-encoded as Python's pathlib.Path.as_uri() does.
std::string file_uri(const fs::path& p) {
  return "file://" + url_encode(p.string(), "/");
}

std::string number(double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest form that reads back the same
  return std::string(buf, r.ptr);
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw D500Error("cannot write", path.string());
}

void make_dir(const fs::path& p) {
  std::error_code ec;
  fs::create_directories(p, ec);
  if (ec) throw D500Error("cannot create the folder: " + ec.message(), p.string());
}

struct Experiment {
  std::string id, name, stage;
  fs::path dir;
};

// The experiments of a file store, active and deleted (.trash).
std::vector<Experiment> experiments_in(const fs::path& root) {
  std::vector<Experiment> out;
  for (const fs::path& parent : {root, root / ".trash"}) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(parent, ec)) {
      const fs::path meta = e.path() / "meta.yaml";
      if (!e.is_directory() || e.path().filename() == ".trash" || !fs::exists(meta)) continue;
      auto m = read_meta(meta);
      if (!m.count("experiment_id")) continue;
      out.push_back({m["experiment_id"], m["name"], m["lifecycle_stage"], e.path()});
    }
  }
  return out;
}

// Whether `root` may be written as a file store: missing, empty, or one already.
void check_root(const fs::path& root) {
  std::error_code ec;
  if (!fs::exists(root, ec)) return;
  if (!fs::is_directory(root, ec))
    throw D500Error("is a file, not a folder for MLflow's file store (mlruns)", root.string());
  if (fs::is_empty(root, ec) || fs::is_directory(root / ".trash", ec) ||
      !experiments_in(root).empty())
    return;
  throw D500Error(
      "holds other files: not an MLflow file store (mlruns); name a new or empty "
      "folder, or an mlruns folder",
      root.string());
}

std::string experiment_meta(const std::string& id, const std::string& name, const fs::path& dir) {
  const std::string t = std::to_string(now_ms());
  return "artifact_location: " + quoted(file_uri(dir)) + "\ncreation_time: " + t +
         "\nexperiment_id: " + quoted(id) + "\nlast_update_time: " + t +
         "\nlifecycle_stage: active\nname: " + quoted(name) + "\n";
}

// A new experiment, with an id as MLflow makes them (a random positive 63-bit integer).
Experiment create_experiment(const fs::path& root, const std::string& name) {
  std::random_device rd;
  std::string id;
  do {
    const uint64_t v = (static_cast<uint64_t>(rd()) << 32 | rd()) >> 1;
    id = std::to_string(v);
  } while (fs::exists(root / id) || fs::exists(root / ".trash" / id));
  Experiment e{id, name, "active", root / id};
  make_dir(e.dir);
  write_file(e.dir / "meta.yaml", experiment_meta(id, name, e.dir));
  return e;
}

// The file store's first content, as MLflow's FileStore makes it: the Default experiment, 0.
void create_store(const fs::path& root) {
  make_dir(root / ".trash");
  make_dir(root / "0");
  write_file(root / "0" / "meta.yaml", experiment_meta("0", "Default", root / "0"));
}

// The active experiment of that name, or none; a deleted or doubled one is an error.
std::optional<Experiment> find_experiment(const fs::path& root, const MlflowRun& run) {
  std::vector<Experiment> active;
  bool deleted = false;
  for (auto& e : experiments_in(root)) {
    if (fs::exists(e.dir / run.run_id))
      throw D500Error("run " + run.run_id + " (" + run.run_name + ") is already there",
                      (e.dir / run.run_id).string());
    if (e.name != run.experiment_name) continue;
    if (e.stage == "deleted")
      deleted = true;
    else
      active.push_back(e);
  }
  if (active.size() > 1)
    throw D500Error("two experiments are named \"" + run.experiment_name + "\" (" + active[0].id +
                        ", " + active[1].id + "); choose another name",
                    root.string());
  if (active.empty() && deleted)
    throw D500Error("experiment \"" + run.experiment_name +
                        "\" is deleted (in .trash); restore it, or choose another name",
                    root.string());
  if (active.empty()) return std::nullopt;
  return active[0];
}

std::string run_meta(const MlflowRun& run, const Experiment& e) {
  std::ostringstream y;
  y << "artifact_uri: " << quoted(file_uri(e.dir / run.run_id / "artifacts")) << "\n"
    << "deleted_time: null\n"
    << "end_time: " << (run.end_time_ms ? std::to_string(*run.end_time_ms) : "null") << "\n"
    << "entry_point_name: \"\"\n"
    << "experiment_id: " << quoted(e.id) << "\n"
    << "lifecycle_stage: active\n"
    << "run_id: " << quoted(run.run_id) << "\n"
    << "run_name: " << quoted(run.run_name) << "\n"
    << "run_uuid: " << quoted(run.run_id) << "\n"
    << "source_name: \"\"\n"
    << "source_type: 4\n"  // SourceType.LOCAL
    << "source_version: \"\"\n"
    << "start_time: " << run.start_time_ms << "\n"
    << "status: " << static_cast<int>(run.status) << "\n"
    << "tags: []\n"
    << "user_id: " << quoted(run.user_id) << "\n";
  return y.str();
}

void write_run(const MlflowRun& run, const fs::path& dir, const Experiment& e) {
  for (const char* sub : {"metrics", "params", "tags", "artifacts"}) make_dir(dir / sub);
  write_file(dir / "meta.yaml", run_meta(run, e));
  for (const auto& [k, v] : run.params) write_file(dir / "params" / k, v);
  for (const auto& [k, v] : run.tags) write_file(dir / "tags" / k, v);
  std::map<std::string, std::string> lines;
  for (const auto& m : run.metrics)
    lines[m.key] += std::to_string(m.timestamp_ms) + " " + number(m.value) + " " +
                    std::to_string(m.step) + "\n";
  for (const auto& [k, text] : lines) write_file(dir / "metrics" / k, text);
}

}  // namespace

Result<MlflowExport> write_mlflow_file_store(const MlflowRun& run, const std::string& root_arg) {
  std::error_code ec;
  const fs::path root = fs::absolute(root_arg, ec).lexically_normal();
  std::vector<fs::path> made;  // removed again when the export fails
  try {
    check_root(root);
    if (!fs::exists(root)) {
      made.push_back(root);
      create_store(root);
    } else if (fs::is_empty(root)) {
      made.insert(made.end(), {root / ".trash", root / "0"});
      create_store(root);
    }
    MlflowExport out;
    auto e = find_experiment(root, run);
    if (!e) {
      e = create_experiment(root, run.experiment_name);
      made.push_back(e->dir);
      out.experiment_created = true;
    }
    const fs::path dir = e->dir / run.run_id, part = e->dir / ("." + run.run_id + ".part");
    fs::remove_all(part, ec);
    made.push_back(part);
    write_run(run, part, *e);
    fs::rename(part, dir, ec);
    if (ec) throw D500Error("cannot write: " + ec.message(), dir.string());
    out.experiment_id = e->id;
    out.run_id = run.run_id;
    out.where = dir.string();
    return out;
  } catch (const D500Error& err) {
    for (auto it = made.rbegin(); it != made.rend(); ++it) fs::remove_all(*it, ec);
    return err.error();
  } catch (const fs::filesystem_error& err) {
    for (auto it = made.rbegin(); it != made.rend(); ++it) fs::remove_all(*it, ec);
    return Error{err.code().message(), err.path1().string()};
  }
}

}  // namespace d500::interop
