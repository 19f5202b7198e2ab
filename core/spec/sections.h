// Private to core/spec: parsers of the sections of an experiment file.
#pragma once

#include "d500/spec/checker.h"
#include "d500/spec/experiment.h"

namespace d500::spec {

void parse_repetition(Checker& c, const json& j, Experiment& e);
void parse_sweep(Checker& c, const json& j, Experiment& e);
void parse_points(Checker& c, const json& j, const std::string& path, Experiment& e);
void load_problems(Checker& c, const json& j, const std::string& base_dir, Experiment& e);
void parse_validation(Checker& c, const json& j, Experiment& e);
bool has_var(const Experiment& e, const std::string& name);
void parse_operator(Checker& c, const json& j, Experiment& e);
void parse_implementations(Checker& c, const json& j, Experiment& e);
void parse_launcher(Checker& c, const json& j, Experiment& e);

}  // namespace d500::spec
