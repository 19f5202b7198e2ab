// Helpers for the control-flow tests: a GraphDesc built as a subgraph (a body).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "network_test_util.h"

namespace d500::test {

// `desc` as a subgraph: what it reads from outside becomes its captures.
inline std::shared_ptr<const network::Graph> body(network::GraphDesc desc) {
  desc.subgraph = true;
  return std::make_shared<const network::Graph>(make_graph(std::move(desc)));
}

// What `f` throws; "(nothing thrown)" when it returns.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const D500Error& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

}  // namespace d500::test
