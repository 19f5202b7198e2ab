// Projection by simulation (issue 36, item 3, first part): a distributed scheme's communication
// as a schedule (steps of messages between ranks), replayed on N simulated ranks with a network's
// per-message latency and per-byte cost. A rank sends its messages of one step through its link
// one after another and receives likewise, so an incast (a parameter server hearing every worker)
// costs what it costs; a fat tree's oversubscribed uplinks limit the traffic that leaves or
// enters a leaf switch. The replay of ring allreduce reproduces the published cost 2(p-1) alpha +
// 2(p-1)/p n beta (Patarasuk & Yuan, "Bandwidth optimal all-reduce algorithms for clusters of
// workstations", JPDC 2009; the nccl-tests' busbw factor 2(n-1)/n, PERFORMANCE.md).
#pragma once

#include <string>
#include <vector>

namespace d500::scaling {

struct Message {
  int src = 0, dst = 0;
  double bytes = 0;
};
using Step = std::vector<Message>;
// Steps that repeat are kept once with their count (a ring's 2(p-1) identical steps), so a
// 4,096-rank schedule is simulated in one pass over its distinct steps.
struct Phase {
  Step step;
  int repeat = 1;
};
using Schedule = std::vector<Phase>;

// The schemes' schedules for `n` bytes of gradients on `p` ranks.
Schedule ring_allreduce(int p, double n);    // reduce-scatter then allgather, 2(p-1) steps
Schedule parameter_server(int p, double n);  // every worker to rank 0, then rank 0 to every worker

struct Topology {
  std::string kind = "ideal";   // "ideal" (every pair at full speed) or "fat-tree"
  int ranks_per_leaf = 32;      // fat tree: ranks under one leaf switch
  double oversubscription = 1;  // fat tree: leaf down- over uplink capacity (1 = non-blocking)
};

// "ideal", "fat-tree", "fat-tree:oversubscription=4,ranks_per_leaf=16". Throws D500Error naming
// the parameter for what no network can be (oversubscription < 1, a leaf without ranks, an
// unknown kind or key).
Topology parse_topology(const std::string& text);

struct Network {
  double alpha_ns = 0;     // per message
  double ns_per_byte = 0;  // per byte on one link (1 / bandwidth)
  Topology topology;
};

struct SimResult {
  double time_ns = 0;
  double latency_ns = 0;    // of it, the messages' alpha along the critical steps
  double bandwidth_ns = 0;  // the bytes' share
  // "latency-bound", "bandwidth-bound", "incast-bound" (one rank's link carries many ranks'
  // messages) or "uplink-bound" (a fat tree's oversubscribed uplinks carry the steps)
  std::string bottleneck;
};

// Replays `s` on `p` ranks: each step lasts as long as its tightest limit: a rank's link (alpha
// once, the latency of its messages, which pipeline, then their bytes in sequence at beta each) or
// a fat-tree leaf's uplinks (the bytes crossing them over ranks_per_leaf / oversubscription links);
// steps follow one another.
SimResult simulate(const Schedule& s, int p, const Network& net);

}  // namespace d500::scaling
