// Runs an experiment file of any level into a store through the library, as `d500 run` does:
//   run_experiment EXPERIMENT.json [STORE.d500db]
#include <iostream>

#include "d500/run/run.h"

class Printer : public d500::run::Observer {
  void progress(const d500::operators::ProgressEvent& e) override {
    std::cout << e.done << "/" << e.total << " " << e.subject << "\n";
  }
};

int main(int argc, char** argv) {
  if (argc < 2) return std::cerr << "usage: run_experiment EXPERIMENT.json [STORE]\n", 2;
  auto experiment = d500::spec::load_experiment(argv[1]);
  if (!experiment) return std::cerr << experiment.error().to_string() << "\n", 3;
  d500::run::Request req;
  req.experiment = std::move(experiment).value();
  req.spec_path = argv[1];
  req.db = argc > 2 ? argv[2] : "results.d500db";
  Printer printer;
  try {
    const d500::run::Result r = d500::run::run_experiment(req, printer);
    std::cout << "run " << r.run_id << ": " << d500::store::run_status_name(r.status) << "\n";
    return r.code;
  } catch (const d500::run::Failure& f) {
    return std::cerr << f.message << "\n", f.code;
  }
}
