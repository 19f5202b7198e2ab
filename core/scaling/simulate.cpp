// Schedules of the schemes and their replay on a modelled network.
#include "d500/scaling/simulate.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "d500/error.h"

namespace d500::scaling {

Schedule ring_allreduce(int p, double n) {
  if (p < 2) return {};
  // Reduce-scatter, then allgather: in each of 2(p-1) steps every rank sends one n/p chunk on.
  Step st;
  st.reserve(static_cast<size_t>(p));
  for (int r = 0; r < p; ++r) st.push_back({r, (r + 1) % p, n / p});
  return {{std::move(st), 2 * (p - 1)}};
}

Schedule parameter_server(int p, double n) {
  Schedule s(2);
  for (int w = 1; w < p; ++w) {
    s[0].step.push_back({w, 0, n});  // gradients in
    s[1].step.push_back({0, w, n});  // parameters out
  }
  return s;
}

Topology parse_topology(const std::string& text) {
  Topology t;
  const auto colon = text.find(':');
  t.kind = text.substr(0, colon);
  if (t.kind != "ideal" && t.kind != "fat-tree")
    throw D500Error("unknown topology \"" + t.kind + "\" (ideal, fat-tree)", "--topology");
  if (colon == std::string::npos) return t;
  std::stringstream rest(text.substr(colon + 1));
  std::string kv;
  while (std::getline(rest, kv, ',')) {
    const auto eq = kv.find('=');
    const std::string key = kv.substr(0, eq);
    double v = 0;
    try {
      v = std::stod(eq == std::string::npos ? "" : kv.substr(eq + 1));
    } catch (const std::exception&) {
      throw D500Error("\"" + kv + "\" is not KEY=NUMBER", "--topology");
    }
    if (key == "oversubscription") {
      if (!(v >= 1 && v <= 1024))
        throw D500Error("oversubscription " + kv.substr(eq + 1) +
                            ": a leaf's down- over uplink capacity is at least 1 (non-blocking)",
                        "--topology");
      t.oversubscription = v;
    } else if (key == "ranks_per_leaf") {
      if (!(v >= 1 && v <= 1 << 20) || v != static_cast<int>(v))
        throw D500Error("ranks_per_leaf " + kv.substr(eq + 1) + ": a whole number from 1",
                        "--topology");
      t.ranks_per_leaf = static_cast<int>(v);
    } else {
      throw D500Error("unknown key \"" + key + "\" (oversubscription, ranks_per_leaf)",
                      "--topology");
    }
  }
  return t;
}

namespace {

struct Load {
  double bytes = 0;
  int messages = 0;
};

// What limits one step: a rank's link (sending or receiving its messages in sequence), or, in a
// fat tree, a leaf's uplinks (the bytes leaving or entering the leaf share ranks / oversubscription
// links' worth of capacity).
struct StepCost {
  double time_ns = 0, latency_ns = 0, bandwidth_ns = 0;
  std::string limit;  // "link", "incast", "uplink"
};

StepCost step_cost(const Step& st, int p, const Network& net, std::vector<Load>& sent,
                   std::vector<Load>& received, std::vector<Load>& leaf_out,
                   std::vector<Load>& leaf_in) {
  const Topology& t = net.topology;
  std::fill(sent.begin(), sent.end(), Load{});
  std::fill(received.begin(), received.end(), Load{});
  std::fill(leaf_out.begin(), leaf_out.end(), Load{});
  std::fill(leaf_in.begin(), leaf_in.end(), Load{});
  const bool tree = t.kind == "fat-tree" && p > t.ranks_per_leaf;
  for (const auto& m : st) {
    auto add = [&](Load& l) { l.bytes += m.bytes, l.messages += 1; };
    add(sent[static_cast<size_t>(m.src)]);
    add(received[static_cast<size_t>(m.dst)]);
    const int a = m.src / t.ranks_per_leaf, b = m.dst / t.ranks_per_leaf;
    if (tree && a != b) add(leaf_out[static_cast<size_t>(a)]), add(leaf_in[static_cast<size_t>(b)]);
  }
  StepCost c;
  auto consider = [&](const Load& l, double capacity, const char* limit) {
    if (l.messages == 0) return;
    const double lat = net.alpha_ns;
    const double bw = l.bytes * net.ns_per_byte / capacity;
    if (lat + bw > c.time_ns) c = {lat + bw, lat, bw, limit};
  };
  // One rank's link carrying many ranks' messages (a parameter server, either way) is the incast.
  for (const auto* side : {&sent, &received})
    for (const auto& l : *side) consider(l, 1, l.messages > 1 ? "incast" : "link");
  const double uplinks = t.ranks_per_leaf / t.oversubscription;
  for (const auto* side : {&leaf_out, &leaf_in})
    for (const auto& l : *side) consider(l, uplinks, "uplink");
  return c;
}

}  // namespace

SimResult simulate(const Schedule& s, int p, const Network& net) {
  if (p < 1) throw D500Error("a simulation needs at least 1 rank, got " + std::to_string(p));
  const size_t leaves =
      static_cast<size_t>((p + net.topology.ranks_per_leaf - 1) / net.topology.ranks_per_leaf);
  std::vector<Load> sent(static_cast<size_t>(p)), received(static_cast<size_t>(p));
  std::vector<Load> leaf_out(leaves), leaf_in(leaves);
  std::map<std::string, double> limited;  // time per limit
  SimResult r;
  for (const auto& phase : s) {
    const StepCost c = step_cost(phase.step, p, net, sent, received, leaf_out, leaf_in);
    r.time_ns += phase.repeat * c.time_ns;
    r.latency_ns += phase.repeat * c.latency_ns;
    r.bandwidth_ns += phase.repeat * c.bandwidth_ns;
    limited[c.limit] += phase.repeat * c.time_ns;
  }
  const double incast = limited["incast"], uplink = limited["uplink"];
  r.bottleneck = incast > r.time_ns / 2          ? "incast-bound"
                 : uplink > r.time_ns / 2        ? "uplink-bound"
                 : r.latency_ns > r.bandwidth_ns ? "latency-bound"
                                                 : "bandwidth-bound";
  return r;
}

}  // namespace d500::scaling
