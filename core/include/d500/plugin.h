/* d500 plugin ABI: the one C header that plugins and the host share.
 *
 * Rules (see shared/design/architecture.md, "The plugin ABI"):
 * - C99-clean; no C++ type, no exception ever crosses it. Errors are returned as a status code
 *   plus a message written into a caller-owned d500_error.
 * - Versioned: a plugin exports d500_plugin_entry(host_abi) returning a d500_plugin_info whose
 *   first two members are abi_version and struct_size. The host refuses a plugin whose major ABI
 *   is newer than its own, and reads a member only when struct_size covers it.
 * - Append-only: new members go at the end of a struct, never in the middle, never removed.
 * - Tensors cross as DLPack DLTensor descriptors with raw data pointers; the caller owns every
 *   buffer it passes (inputs, outputs, gradients). A plugin never frees what it did not allocate.
 *   From ABI 1.3 an operator may also hand back outputs it allocated (forward_owned), each with
 *   a release callback the host calls exactly once (DLPack's managed-tensor idea).
 * - Arrays of structs: appending to a struct changes its stride in an array, so the host hands
 *   every array to a plugin in the layout of the plugin's own ABI minor (d500_attr: the frozen
 *   d500_attr_v1_2 for plugins built before 1.3, without the attribute types they cannot read).
 */
#ifndef D500_PLUGIN_H
#define D500_PLUGIN_H

#include <dlpack/dlpack.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define D500_ABI_MAJOR 1u
#define D500_ABI_MINOR 4u
#define D500_ABI_VERSION ((D500_ABI_MAJOR << 16) | D500_ABI_MINOR)
#define D500_ABI_MAJOR_OF(v) (((uint32_t)(v)) >> 16)
#define D500_ABI_MINOR_OF(v) (((uint32_t)(v)) & 0xffffu)

#define D500_MAX_DIMS 8
/* kDLBool of DLPack >= 0.8 (Debian 12 ships 0.6, which lacks it); bool is stored as 8 bits. */
#define D500_DLPACK_BOOL_CODE 6
#define D500_ERROR_MESSAGE_SIZE 1024

#if defined(_WIN32)
#define D500_EXPORT __declspec(dllexport)
#else
#define D500_EXPORT __attribute__((visibility("default")))
#endif

/* Status codes returned by every fallible ABI function. 0 is success. */
typedef enum d500_status {
  D500_OK = 0,
  D500_ERR_INVALID_ARGUMENT = 1, /* attributes or shapes the implementation cannot accept */
  D500_ERR_UNSUPPORTED = 2,      /* a valid request this implementation does not implement */
  D500_ERR_RUNTIME = 3,          /* failure while computing (allocation, library error) */
  D500_ERR_NO_DEVICE = 4,        /* the device this implementation needs is not usable */
  D500_ERR_INTERNAL = 5          /* a bug in the plugin; an exception caught at the boundary */
} d500_status;

/* Caller-owned error out-parameter. The callee writes a NUL-terminated message on failure. */
typedef struct d500_error {
  int32_t code;
  char message[D500_ERROR_MESSAGE_SIZE];
} d500_error;

/* ONNX-style operator attributes, borrowed for the duration of the call that receives them. */
typedef enum d500_attr_type {
  D500_ATTR_INVALID = 0,
  D500_ATTR_INT = 1,
  D500_ATTR_FLOAT = 2,
  D500_ATTR_STRING = 3,
  D500_ATTR_INTS = 4,
  D500_ATTR_FLOATS = 5,
  /* --- ABI 1.3 --- */
  D500_ATTR_TENSOR = 6,  /* `t`: a CPU tensor (Constant's value, ConstantOfShape's value) */
  D500_ATTR_STRINGS = 7, /* `strings`, `count` elements */
  D500_ATTR_GRAPH = 8    /* `g`: a subgraph (If, Loop, Scan bodies) */
} d500_attr_type;

/* Reserved attribute names start with '_'. The host adds "_opset" (D500_ATTR_INT): the opset
 * version of the operator's domain in the model, for operators whose semantics changed between
 * opsets (Softmax before 13, for example). Absent when unknown: assume the latest. */
#define D500_ATTR_OPSET "_opset"

struct d500_graph;

typedef struct d500_attr {
  const char* name;
  int32_t type;         /* d500_attr_type */
  int64_t i;            /* D500_ATTR_INT */
  double f;             /* D500_ATTR_FLOAT */
  const char* s;        /* D500_ATTR_STRING */
  const int64_t* ints;  /* D500_ATTR_INTS, `count` elements */
  const double* floats; /* D500_ATTR_FLOATS, `count` elements */
  size_t count;
  /* --- ABI 1.3 --- */
  const DLTensor* t;          /* D500_ATTR_TENSOR: contiguous, on the CPU */
  const char* const* strings; /* D500_ATTR_STRINGS, `count` elements */
  const struct d500_graph* g; /* D500_ATTR_GRAPH */
} d500_attr;

/* d500_attr as ABI 1.0-1.2 laid it out, frozen: what the host passes, in arrays, to plugins
 * built against those versions (never with the types of ABI 1.3). */
typedef struct d500_attr_v1_2 {
  const char* name;
  int32_t type;
  int64_t i;
  double f;
  const char* s;
  const int64_t* ints;
  const double* floats;
  size_t count;
} d500_attr_v1_2;

/* An optional ONNX input left out (empty name in the model) has ndim D500_ABSENT_NDIM; trailing
 * absent inputs may simply not be passed. */
#define D500_ABSENT_NDIM (-1)

/* Shape and dtype of a tensor without its data: what shape inference returns. */
typedef struct d500_tensor_info {
  DLDataType dtype;
  int32_t ndim;
  int64_t shape[D500_MAX_DIMS];
} d500_tensor_info;

/* Operator flags. */
#define D500_OP_HAS_BACKWARD 0x1u
#define D500_OP_DETERMINISTIC 0x2u
/* ABI 1.3: output shapes depend on input values and are known only after the call (NonZero,
 * ConstantOfShape of a computed shape): output_info reports -1 for each dimension it cannot tell
 * (the rank is always known), forward_owned is required and forward may be NULL. */
#define D500_OP_RUNTIME_SHAPES 0x4u

/* ABI 1.3: an output the operator allocated and hands over (DLPack's managed tensor). `tensor`
 * describes it: contiguous row-major (strides NULL or compact), on the operator's device; its data
 * and shape arrays stay valid until release. The host calls release(context) exactly once (release
 * may be NULL when there is nothing to free). This struct is never appended to: it is passed in
 * arrays. */
typedef struct d500_owned_tensor {
  DLTensor tensor;
  void* context;
  void (*release)(void* context);
} d500_owned_tensor;

/* One operator implementation. An instance is created per (attributes, input shapes) and can be
 * called many times; instances are used from one thread at a time. */
typedef struct d500_operator {
  uint32_t struct_size; /* sizeof(d500_operator) as the plugin was compiled */
  const char* op_type;  /* ONNX op type, e.g. "Gemm" */
  const char* domain;   /* ONNX domain; "" is ai.onnx */
  const char* variant;  /* implementation name inside the plugin, e.g. "default", "im2col" */
  int32_t device_type;  /* DLDeviceType: kDLCPU, kDLCUDA */
  uint32_t flags;       /* D500_OP_* */
  const char* description;

  /* Creates an instance for these attributes and input descriptors (data pointers may be NULL).
   * On success *instance is owned by the caller and released with destroy(). */
  int32_t (*create)(const d500_attr* attrs, size_t n_attrs, const d500_tensor_info* inputs,
                    size_t n_inputs, void** instance, d500_error* err);
  void (*destroy)(void* instance);
  /* Number of outputs and their shapes for the inputs given at create(). */
  int32_t (*output_info)(void* instance, size_t* n_outputs, d500_tensor_info* outputs,
                         size_t max_outputs, d500_error* err);
  /* Computes outputs from inputs. All buffers are caller-owned, of the shapes above, contiguous. */
  int32_t (*forward)(void* instance, const DLTensor* inputs, size_t n_inputs, DLTensor* outputs,
                     size_t n_outputs, d500_error* err);
  /* Gradients of a scalar loss with respect to each input, given the gradients with respect to the
   * outputs, the inputs and the outputs of the matching forward. grad_inputs[i].data may be NULL
   * when that gradient is not wanted. NULL when the operator has no backward. */
  int32_t (*backward)(void* instance, const DLTensor* grad_outputs, size_t n_grad_outputs,
                      const DLTensor* inputs, size_t n_inputs, const DLTensor* outputs,
                      size_t n_outputs, DLTensor* grad_inputs, size_t n_grad_inputs,
                      d500_error* err);
  /* Work of one forward call: floating-point operations and bytes moved (inputs read plus outputs
   * written, at minimum). NULL when unknown. */
  int32_t (*cost)(void* instance, double* flops, double* bytes, d500_error* err);

  /* --- ABI 1.1 --- */
  /* Like create, with the values of the inputs that are known when the instance is made:
   * constants[i] is NULL or a CPU tensor holding input i's value (ONNX initializers and constant
   * inputs, such as Reshape's `shape` or Dropout's `ratio`). When present, the host calls it
   * instead of create. May be NULL. The tensors are borrowed for the duration of the call. */
  int32_t (*create_with_constants)(const d500_attr* attrs, size_t n_attrs,
                                   const d500_tensor_info* inputs, size_t n_inputs,
                                   const DLTensor* const* constants, void** instance,
                                   d500_error* err);

  /* --- ABI 1.3 --- */
  /* Like forward, but the operator allocates its outputs (no copy into caller-owned buffers, and
   * shapes known only after the call). On D500_OK every outputs[j] is filled and the host
   * releases each exactly once; on failure the operator has freed what it made and the host
   * releases nothing. When present, the host may call it instead of forward. May be NULL. */
  int32_t (*forward_owned)(void* instance, const DLTensor* inputs, size_t n_inputs,
                           d500_owned_tensor* outputs, size_t n_outputs, d500_error* err);
  /* The opsets of op_type this implementation follows: since_opset <= opset <= until_opset of the
   * node's domain. 0 means unbounded on that side (and both 0, or a struct_size that ends before
   * them: every opset the host can adapt to). The host picks, per node, an implementation whose
   * range holds the model's opset. */
  int32_t since_opset;
  int32_t until_opset;
} d500_operator;

/* --- ABI 1.2: network executors and optimizers --- */

/* A network as the host parsed it (core's graph IR): the ONNX bytes for executors that read ONNX
 * themselves, and the checked, topologically sorted nodes with every value's type for those that
 * do not. Everything is borrowed for the duration of create(); an executor copies what it keeps
 * (initializers included). */
typedef enum d500_value_kind {
  D500_VALUE_INPUT = 1,       /* fed by the caller through set_input */
  D500_VALUE_PARAMETER = 2,   /* trainable float initializer */
  D500_VALUE_CONSTANT = 3,    /* other initializers and folded Constant nodes */
  D500_VALUE_INTERMEDIATE = 4 /* produced by a node (graph outputs included) */
} d500_value_kind;

typedef struct d500_graph_value {
  const char* name;
  int32_t kind;          /* d500_value_kind */
  int32_t is_output;     /* non-zero for a graph output */
  d500_tensor_info info; /* ndim -1 when the rank is unknown, -1 for an unknown dimension */
  const DLTensor* data;  /* PARAMETER and CONSTANT: the value (CPU); NULL otherwise */
} d500_graph_value;

typedef struct d500_graph_node {
  const char* name;
  const char* op_type;
  const char* domain;        /* "" is ai.onnx */
  int64_t opset;             /* the model's opset of `domain` */
  const char* const* inputs; /* value names; "" marks an omitted optional input */
  size_t n_inputs;
  const char* const* outputs; /* "" marks an omitted optional output */
  size_t n_outputs;
  const d500_attr* attrs; /* in the executor plugin's layout (d500_attr_v1_2 before 1.3) */
  size_t n_attrs;
} d500_graph_node;

typedef struct d500_graph {
  uint32_t struct_size; /* sizeof(d500_graph) as the host was compiled */
  const void* onnx;     /* the serialized ModelProto; may be NULL for built graphs */
  size_t onnx_size;
  const d500_graph_node* nodes; /* in an order where producers come first */
  size_t n_nodes;
  const d500_graph_value* values; /* every value: inputs in feed order first, then the rest */
  size_t n_values;
  const char* const* outputs; /* graph outputs, in model order */
  size_t n_outputs;
} d500_graph;

/* Which tensor executor->view() returns. */
typedef enum d500_view_kind {
  D500_VIEW_OUTPUT = 1,    /* a graph output of the last forward */
  D500_VIEW_VALUE = 2,     /* any value of the last pass by name; UNSUPPORTED when not kept */
  D500_VIEW_PARAMETER = 3, /* writable: an optimizer updates it in place */
  D500_VIEW_GRADIENT = 4   /* of the last backward; zeros before it */
} d500_view_kind;

/* pass: 0 forward, 1 backward. node: index into d500_graph.nodes, or (size_t)-1 for a whole
 * pass an executor cannot split by node (an autograd backward). Called on the executor's thread;
 * it must not call the executor. */
typedef void (*d500_node_callback)(void* user, size_t node, int32_t pass, int32_t after);

typedef struct d500_executor {
  uint32_t struct_size; /* sizeof(d500_executor) as the plugin was compiled */
  const char* name;     /* inside the plugin: "default", "cuda" */
  int32_t device_type;  /* where its tensors live: kDLCPU, kDLCUDA */
  const char* description;
  /* Builds an executor for `graph` with every fed input's shape fixed (graph->values of kind
   * INPUT carry complete shapes). options: "allocate_gradients" (INT, default 1). */
  int32_t (*create)(const d500_graph* graph, const d500_attr* options, size_t n_options,
                    void** instance, d500_error* err);
  void (*destroy)(void* instance);
  /* Copies a CPU tensor in; dtype and shape are those of the graph input. */
  int32_t (*set_input)(void* instance, const char* name, const DLTensor* value, d500_error* err);
  int32_t (*forward)(void* instance, d500_error* err);
  /* forward, then gradients with respect to every parameter of the loss taken as the sum of all
   * elements of `outputs` (a single scalar output: that scalar). */
  int32_t (*forward_backward)(void* instance, const char* const* outputs, size_t n_outputs,
                              d500_error* err);
  /* A view of executor-owned memory (data, dtype, ndim, shape, device; contiguous). Valid until
   * the next call into the instance other than view(); PARAMETER views stay valid and writable
   * for the instance's lifetime. */
  int32_t (*view)(void* instance, int32_t kind, const char* name, DLTensor* out, d500_error* err);
  /* Copies a CPU tensor into a parameter. */
  int32_t (*set_parameter)(void* instance, const char* name, const DLTensor* value,
                           d500_error* err);
  /* Replaces the callback; NULL removes it. */
  void (*set_node_callback)(void* instance, d500_node_callback callback, void* user);
  /* Bytes held by the instance now and at most since create (or the last reset); may be NULL. */
  int32_t (*memory)(void* instance, int64_t* current, int64_t* peak, int32_t reset,
                    d500_error* err);
} d500_executor;

/* An optimizer: one update rule over a list of parameters with their gradients. The host owns
 * the training loop and the learning-rate schedule; the instance keeps its per-parameter state
 * (moments, step count) by position in the list, which must stay the same from step to step. */
typedef struct d500_optimizer {
  uint32_t struct_size; /* sizeof(d500_optimizer) as the plugin was compiled */
  const char* name;     /* "sgd", "momentum", "nesterov", "adam", "adamw", "adagrad", "rmsprop" */
  const char* variant;  /* "default", "native" */
  int32_t device_type;
  const char* description;
  /* hyper: lr, momentum, beta1, beta2, eps, weight_decay, ... (D500_ATTR_FLOAT); unknown names
   * are an error. */
  int32_t (*create)(const d500_attr* hyper, size_t n_hyper, void** instance, d500_error* err);
  void (*destroy)(void* instance);
  /* Updates params[i] in place from grads[i] with learning rate lr. */
  int32_t (*step)(void* instance, const DLTensor* params, const DLTensor* grads, size_t n,
                  double lr, d500_error* err);
} d500_optimizer;

/* --- ABI 1.4: distributed schemes --- */

/* The reductions of d500_comm's allreduce. */
typedef enum d500_reduce_op {
  D500_REDUCE_SUM = 0,
  D500_REDUCE_AVG = 1,
  D500_REDUCE_MAX = 2,
  D500_REDUCE_MIN = 3
} d500_reduce_op;

/* The communicator a scheme instance gets, valid until its destroy: collective and
 * point-to-point calls on host buffers. The host counts every byte and times every call (the
 * step's comm_bytes and comm_time_s). Every rank must make the same collective calls with the
 * same sizes. A failed call returns non-zero with err set; return it from the hook. */
typedef struct d500_comm {
  uint32_t struct_size; /* sizeof(d500_comm) as the host was compiled */
  int32_t rank;
  int32_t size;
  void* self; /* the first argument of every call */
  /* `count` elements of `dtype` (float32, float64, int32, int64) reduced across ranks in place. */
  int32_t (*allreduce)(void* self, void* data, size_t count, DLDataType dtype, int32_t op,
                       d500_error* err);
  int32_t (*broadcast)(void* self, void* data, size_t bytes, int32_t root, d500_error* err);
  /* `recv` holds size * bytes: rank r's `send` lands at r * bytes. */
  int32_t (*allgather)(void* self, const void* send, size_t bytes, void* recv, d500_error* err);
  int32_t (*sendrecv)(void* self, const void* send, size_t send_bytes, int32_t dest, void* recv,
                      size_t recv_bytes, int32_t source, int32_t tag, d500_error* err);
} d500_comm;

/* d500_scheme.flags */
#define D500_SCHEME_REPLICAS_DIFFER                             \
  1u /* the ranks' models differ after training (averaged then) \
      */

/* A distributed scheme: hooks around every optimizer step that exchange the model's parameters or
 * gradients through the communicator. The host trains, times the steps, agrees on stops and
 * names a failed rank; the scheme only moves data. */
typedef struct d500_scheme {
  uint32_t struct_size;    /* sizeof(d500_scheme) as the plugin was compiled */
  const char* name;        /* unique among all schemes, [a-z0-9_]+ */
  const char* description; /* one line, required */
  uint32_t flags;          /* D500_SCHEME_* */
  /* params[i], grads[i]: the model's parameters and their gradients, contiguous host memory, all
   * float32 or all float64, valid for the instance's life. hyper: the "distributed" section's
   * "params" object (D500_ATTR_FLOAT); unknown names are an error. */
  int32_t (*create)(const d500_comm* comm, const DLTensor* params, const DLTensor* grads, size_t n,
                    const d500_attr* hyper, size_t n_hyper, void** instance, d500_error* err);
  void (*destroy)(void* instance);
  /* Either may be NULL, not both. before_optimizer runs after backward (grads hold this rank's
   * gradients), after_optimizer after the optimizer's step. */
  int32_t (*before_optimizer)(void* instance, int64_t step, d500_error* err);
  int32_t (*after_optimizer)(void* instance, int64_t step, d500_error* err);
} d500_scheme;

/* --- ABI 1.4: metrics --- */

/* d500_metric.better */
typedef enum d500_better {
  D500_BETTER_NEITHER = 0,
  D500_BETTER_LOWER = 1,
  D500_BETTER_HIGHER = 2
} d500_better;

/* d500_metric.flags: when the metric has a value (at least one). */
#define D500_METRIC_PER_STEP 1u  /* update_step returns a value for (some) steps */
#define D500_METRIC_PER_EPOCH 2u /* end_epoch returns the epoch's value */

/* What a metric sees of one training step, after backward and before the optimizer. Every
 * pointer is the host's, valid only during the call. logits: [batch, classes] float32;
 * labels: [batch] int64; params[i], grads[i]: the model's parameters and gradients (host,
 * contiguous, float32 or float64). */
typedef struct d500_metric_step {
  uint32_t struct_size; /* sizeof(d500_metric_step) as the host was compiled */
  int64_t step;         /* optimizer steps before this one, 0-based */
  int64_t epoch;        /* 0-based */
  double loss;          /* the batch's mean loss */
  double compute_s;     /* this step's forward + backward seconds */
  const DLTensor* logits;
  const DLTensor* labels;
  const DLTensor* params;
  const DLTensor* grads;
  size_t n_params;
} d500_metric_step;

/* A metric of training: a value per step and/or per epoch, computed from what each step saw. The
 * host stores it as a series named like the metric and shows it with its unit and direction. */
typedef struct d500_metric {
  uint32_t struct_size;    /* sizeof(d500_metric) as the plugin was compiled */
  const char* name;        /* unique among the plugin's metrics, [a-z0-9_]+ */
  const char* description; /* one line, required */
  const char* unit;        /* required: "s", "B", "1" for a plain number or a fraction */
  int32_t better;          /* d500_better */
  const char* level;       /* where it runs: "training" (levels 2 and 3) or "distributed" (3) */
  uint32_t flags;          /* D500_METRIC_PER_STEP and/or D500_METRIC_PER_EPOCH */
  /* hyper: the experiment's "params" of this metric (D500_ATTR_FLOAT); unknown names are an
   * error. One instance per training (seed, rank). */
  int32_t (*create)(const d500_attr* hyper, size_t n_hyper, void** instance, d500_error* err);
  void (*destroy)(void* instance);
  /* Every step. Sets *has_value to 1 with *value for a per-step point, else 0. */
  int32_t (*update_step)(void* instance, const d500_metric_step* in, double* value,
                         int32_t* has_value, d500_error* err);
  /* After each epoch (may be NULL without D500_METRIC_PER_EPOCH); the same out-parameters. */
  int32_t (*end_epoch)(void* instance, int64_t epoch, double* value, int32_t* has_value,
                       d500_error* err);
} d500_metric;

/* --- ABI 1.4: samplers --- */

/* The order in which a training set's samples are visited, epoch by epoch. An instance is a pure
 * function of (its seed, the epoch): asked twice for one epoch, it gives the same order, so a
 * run can be repeated. */
typedef struct d500_sampler {
  uint32_t struct_size;    /* sizeof(d500_sampler) as the plugin was compiled */
  const char* name;        /* unique among the plugin's samplers, [a-z0-9_]+ */
  const char* description; /* one line, required */
  /* n: the training set's size; labels: its int64 [n] labels (for class-aware orders), valid
   * for the instance's life; hyper: the section's "sampler_params" (D500_ATTR_FLOAT). */
  int32_t (*create)(int64_t n, const DLTensor* labels, uint64_t seed, const d500_attr* hyper,
                    size_t n_hyper, void** instance, d500_error* err);
  void (*destroy)(void* instance);
  /* Writes epoch `epoch`'s sample indices (each in [0, n)) to indices[0 .. *count), at most
   * `capacity` (= n) of them. */
  int32_t (*epoch_indices)(void* instance, int64_t epoch, int64_t* indices, size_t capacity,
                           size_t* count, d500_error* err);
} d500_sampler;

/* --- ABI 1.4: datasets --- */

/* d500_dataset's splits. */
#define D500_SPLIT_TRAIN 0
#define D500_SPLIT_TEST 1

/* A training and a test set of labelled samples, read as the training asks for them: a dataset
 * may stream from files and never hold the whole set. Calls on one instance come from one thread
 * at a time (not always the one that opened it). */
typedef struct d500_dataset {
  uint32_t struct_size;    /* sizeof(d500_dataset) as the plugin was compiled */
  const char* name;        /* unique among the plugin's datasets, [a-z0-9_]+ */
  const char* description; /* one line, required */
  /* path: the section's "dataset_dir" ("" when none); hyper: its "dataset_params"
   * (D500_ATTR_FLOAT). */
  int32_t (*open)(const char* path, const d500_attr* hyper, size_t n_hyper, void** instance,
                  d500_error* err);
  void (*close)(void* instance);
  /* The split's sample count, one sample's shape (ndim 1: [D], or 3: [C, H, W]; shape holds
   * D500_MAX_DIMS) and the class count. */
  int32_t (*describe)(void* instance, int32_t split, int64_t* samples, int64_t* shape,
                      int32_t* ndim, int64_t* classes, d500_error* err);
  /* The split's `samples` labels into out, each in [0, classes). */
  int32_t (*labels)(void* instance, int32_t split, int64_t* out, d500_error* err);
  /* The samples indices[0 .. n) of the split into images: float32 [n, shape...], contiguous,
   * the host's memory. */
  int32_t (*read)(void* instance, int32_t split, const int64_t* indices, size_t n, DLTensor* images,
                  d500_error* err);
} d500_dataset;

/* What a plugin offers. Returned by d500_plugin_entry; static storage owned by the plugin. */
typedef struct d500_plugin_info {
  uint32_t abi_version; /* D500_ABI_VERSION the plugin was built against */
  uint32_t struct_size; /* sizeof(d500_plugin_info) as the plugin was compiled */
  const char* name;     /* unique, [a-z0-9_-]+ */
  const char* version;  /* the plugin's own version */
  const char* description;
  const char* wraps; /* library and version it wraps, e.g. "LibTorch 1.13.1"; "" for none */
  /* Called once after loading, before anything else; may be NULL. A non-zero status marks the
   * plugin broken with err's message. */
  int32_t (*init)(d500_error* err);
  /* Called once before unloading; may be NULL. */
  void (*shutdown)(void);
  size_t n_operators;
  const d500_operator* const* operators;
  /* --- ABI 1.2 --- */
  size_t n_executors;
  const d500_executor* const* executors;
  size_t n_optimizers;
  const d500_optimizer* const* optimizers;
  /* --- ABI 1.4 --- */
  size_t n_schemes;
  const d500_scheme* const* schemes;
  size_t n_metrics;
  const d500_metric* const* metrics;
  size_t n_samplers;
  const d500_sampler* const* samplers;
  size_t n_datasets;
  const d500_dataset* const* datasets;
  /* Appended members of later ABI minor versions go below this line. */
} d500_plugin_info;

/* The one exported symbol. host_abi is the host's D500_ABI_VERSION. Returns NULL when the plugin
 * cannot serve this host. */
typedef const d500_plugin_info* (*d500_plugin_entry_fn)(uint32_t host_abi);
#define D500_PLUGIN_ENTRY_SYMBOL "d500_plugin_entry"

#ifdef __cplusplus
}
#endif

#endif /* D500_PLUGIN_H */
