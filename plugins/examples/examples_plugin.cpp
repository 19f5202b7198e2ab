// The example plugin's table: two Conv variants a user might try against the reference, a
// distributed scheme (top-k gradient sparsification with error feedback) and a training metric
// (the gradients' L2 norm), a sampler (a random subset of the training set per epoch) and a
// dataset (a folder of images read as needed).
#include <d500/sdk/plugin.h>

#include "conv_direct.h"
#include "conv_im2col.h"
#include "grad_norm_metric.h"
#include "image_folder_dataset.h"
#include "subset_sampler.h"
#include "topk_scheme.h"

namespace {

const d500_scheme kTopK = examples::TopK::define(
    {"topk_sgd", "top-k gradient sparsification with error feedback (params.ratio, 0.01)"});
const d500_scheme* const kSchemes[] = {&kTopK};

const d500_metric kGradNorm = examples::GradNorm::define(
    {"grad_norm", "L2 norm of all gradients, per step (params.every, 1) and the epoch's mean", "1",
     D500_BETTER_NEITHER, "training", D500_METRIC_PER_STEP | D500_METRIC_PER_EPOCH});
const d500_metric* const kMetrics[] = {&kGradNorm};

const d500_sampler kSubset = examples::Subset::define(
    {"subset", "a fresh random part of the training set every epoch (params.fraction, 0.5)"});
const d500_sampler* const kSamplers[] = {&kSubset};

const d500_dataset kImageFolder = examples::ImageFolder::define(
    {"image_folder", "8-bit PGM images in class folders (train/, test/), read as needed"});
const d500_dataset* const kDatasets[] = {&kImageFolder};

}  // namespace

D500_PLUGIN(d500::sdk::PluginMeta("examples", "1.0.0")
                .describe("Example user kernels: Conv as a direct loop and as im2col + GEMM, top-k "
                          "gradient sparsification as a distributed scheme, the gradients' norm as "
                          "a metric, a random subset per epoch as a sampler, a streamed image "
                          "folder as a dataset")
                .schemes(kSchemes, 1)
                .metrics(kMetrics, 1)
                .samplers(kSamplers, 1)
                .datasets(kDatasets, 1),
            examples::ConvDirect::define({"Conv", "", "direct", "2-D float32 Conv, seven loops"}),
            examples::ConvIm2col::define({"Conv", "", "im2col", "2-D float32 Conv, im2col + GEMM"}))
