// The d500 subcommands on the command line (command_line.cpp): each registered once, with its
// options and the function that runs it.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

#include "cli.h"

namespace d500::cli {

// The four levels d500 benchmarks, named alike wherever the help lists them (architecture.md).
#define D500_LEVELS "operators, networks, training, distributed training"

struct Command {
  CLI::App* subcommand;      // parsed when the user named it
  std::function<int()> run;  // an exit code (cli.h), or throws CliError
};
using Commands = std::vector<Command>;

// Adds every subcommand to `app`; the handlers read `g` when they run, after parsing.
Commands add_commands(CLI::App& app, const GlobalOptions& g);

}  // namespace d500::cli
