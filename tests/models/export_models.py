#!/usr/bin/python3
"""Exports real architectures with random weights into the ONNX backend-test layout.

Usage:
  /usr/bin/python3 tests/models/export_models.py OUT [--only NAME,...] [--opset N] [--seed S]
                                                [--batch B] [--dynamic-batch] [--torchscript]
  /usr/bin/python3 tests/models/export_models.py --list

For every model NAME it writes OUT/NAME/model.onnx and OUT/NAME/test_data_set_0/input_0.pb and
output_0.pb (serialized onnx.TensorProto), the output being PyTorch's own (eval mode, float32),
so that `d500 validate-model OUT/NAME` checks an executor against PyTorch. Weights are random
(torch.manual_seed(seed) before each model is built), inputs small: CNNs at batch 1 and 64x64
or less, tiny encoder layers. `--batch` exports at another batch size; `--dynamic-batch` leaves
the first dimension of the input and the output symbolic, so that `d500 run` can measure one
model at several batch sizes (d500 fixes it when it loads the model). `--torchscript` also writes
OUT/NAME/model.pt, the same module at the same weights traced by torch.jit.trace at the export's
input shape and frozen, for benchmarks that run it in LibTorch (torch::jit::load). Needs
Debian's python3-torch and python3-torchvision (only torch for the encoder and recurrent
models); `--list` needs neither.

Exit codes: 0 every requested model exported; 1 some failed (named on stderr); 77 torch or
torchvision is missing (the reason on stdout; the tests skip on it).
"""
import argparse
import os
import struct
import sys
import time

# name -> (builder, input shape). Builders import torch lazily, so --list works without it.
CNN = (1, 3, 64, 64)


def tv(name, **kw):
    def build():
        import torchvision.models as m
        return getattr(m, name)(weights=None, **kw)
    return build


def vit():
    from torchvision.models.vision_transformer import VisionTransformer
    return VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=2,
                             hidden_dim=32, mlp_dim=64, num_classes=10)


def densenet_small():
    from torchvision.models import DenseNet
    # densenet121's structure (bottleneck layers, transitions) with fewer, narrower layers
    return DenseNet(growth_rate=16, block_config=(2, 3, 4, 3), num_init_features=32,
                    num_classes=10)


def encoder():
    import torch.nn as nn

    class EncoderClassifier(nn.Module):
        def __init__(self):
            super().__init__()
            layer = nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64,
                                               dropout=0.0, batch_first=True)
            self.encoder = nn.TransformerEncoder(layer, num_layers=2,
                                                 enable_nested_tensor=False)
            self.head = nn.Linear(32, 5)

        def forward(self, x):
            return self.head(self.encoder(x).mean(dim=1))

    return EncoderClassifier()


def recurrent(kind):
    def build():
        import torch.nn as nn

        class SequenceClassifier(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = getattr(nn, kind)(input_size=8, hidden_size=16, batch_first=True)
                self.head = nn.Linear(16, 4)

            def forward(self, x):
                y, _ = self.rnn(x)
                return self.head(y[:, -1, :])

        return SequenceClassifier()
    return build


MODELS = {
    "resnet18": (tv("resnet18"), CNN),
    "mobilenet_v2": (tv("mobilenet_v2"), CNN),
    "mobilenet_v3_small": (tv("mobilenet_v3_small"), CNN),
    "densenet_small": (densenet_small, CNN),
    "shufflenet_v2_x0_5": (tv("shufflenet_v2_x0_5"), CNN),
    "efficientnet_b0": (tv("efficientnet_b0"), CNN),
    "convnext_tiny": (tv("convnext_tiny"), (1, 3, 32, 32)),
    "vit_tiny": (vit, (1, 3, 32, 32)),
    "regnet_y_400mf": (tv("regnet_y_400mf"), CNN),
    "mnasnet0_5": (tv("mnasnet0_5"), CNN),
    "squeezenet1_1": (tv("squeezenet1_1"), CNN),
    "googlenet": (tv("googlenet", aux_logits=False, init_weights=True), CNN),
    "transformer_encoder": (encoder, (1, 8, 32)),
    "lstm_classifier": (recurrent("LSTM"), (1, 10, 8)),
    "gru_classifier": (recurrent("GRU"), (1, 10, 8)),
}
TORCH_ONLY = {"transformer_encoder", "lstm_classifier", "gru_classifier"}


def tensor_proto(name, array):
    """A serialized onnx.TensorProto (float32, raw_data), written by hand: no onnx module needed."""
    def varint(v):
        out = bytearray()
        while True:
            b = v & 0x7F
            v >>= 7
            out.append(b | (0x80 if v else 0))
            if not v:
                return bytes(out)

    def field(number, wire, payload):
        return varint(number << 3 | wire) + payload

    msg = b"".join(field(1, 0, varint(d)) for d in array.shape)  # dims
    msg += field(2, 0, varint(1))  # data_type FLOAT
    raw = array.astype("<f4").tobytes()
    msg += field(8, 2, varint(len(name)) + name.encode())
    msg += field(9, 2, varint(len(raw)) + raw)  # raw_data
    return msg


def condition(torch, model, shape):
    """Makes random weights give O(1) outputs, so that the tolerance tests something.

    Default initializations leave BatchNorm at identity statistics, under which activations
    vanish layer by layer (efficientnet_b0's logits were ~1e-14) and some heads start at zero
    (the ViT's). Zero weights get a normal draw; BatchNorm gets a random affine and running
    statistics measured on random batches (cumulative average, train mode, no gradients).
    """
    nn = torch.nn
    with torch.no_grad():
        for m in model.modules():
            w = getattr(m, "weight", None)
            if isinstance(m, (nn.Linear, nn.Conv2d)) and w is not None and not w.any():
                nn.init.normal_(w, std=w[0].numel() ** -0.5)
        norms = [m for m in model.modules() if isinstance(m, nn.modules.batchnorm._BatchNorm)]
        for m in norms:
            m.reset_running_stats()
            m.momentum = None
            m.weight.uniform_(0.5, 1.5)
            m.bias.normal_(0.0, 0.1)
        if norms:
            model.train()
            for _ in range(2):
                model(torch.randn(4, *shape[1:]))
    return model.eval()


def export_one(torch, name, out, opset, seed, batch=1, dynamic=False, torchscript=False):
    build, shape = MODELS[name]
    shape = (batch,) + tuple(shape[1:])
    torch.manual_seed(seed)
    model = condition(torch, build(), shape)
    x = torch.randn(*shape)
    with torch.no_grad():
        y = model(x)
    folder = os.path.join(out, name)
    data = os.path.join(folder, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    if torchscript:
        # Traced before the ONNX export and with gradients enabled, so that an encoder layer
        # records the ATen ops the ONNX graph has, not its fused inference fast path
        # (_transformer_encoder_layer_fwd); frozen, which folds BatchNorm into the convolutions
        # as the ONNX exporter does. check_trace=False: the check compares graphs whose module
        # names differ by mangling only.
        traced = torch.jit.trace(model, (x,), check_trace=False)
        torch.jit.freeze(traced).save(os.path.join(folder, "model.pt"))
    torch.onnx.export(model, (x,), os.path.join(folder, "model.onnx"), opset_version=opset,
                      input_names=["input"], output_names=["output"],
                      do_constant_folding=True,
                      dynamic_axes={"input": {0: "batch"}, "output": {0: "batch"}} if dynamic else None)
    with open(os.path.join(data, "input_0.pb"), "wb") as f:
        f.write(tensor_proto("input", x.numpy()))
    with open(os.path.join(data, "output_0.pb"), "wb") as f:
        f.write(tensor_proto("output", y.numpy()))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("out", nargs="?", help="output folder (one sub-folder per model)")
    p.add_argument("--only", help="comma-separated model names (default: all)")
    p.add_argument("--opset", type=int, default=17)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--batch", type=int, default=1, help="batch size of the input (default 1)")
    p.add_argument("--dynamic-batch", action="store_true",
                   help="leave the batch dimension symbolic (for d500 run at several batch sizes)")
    p.add_argument("--torchscript", action="store_true",
                   help="also write model.pt, the module traced by torch.jit.trace")
    p.add_argument("--list", action="store_true", help="print the model names and exit")
    a = p.parse_args()
    if a.list:
        print("\n".join(MODELS))
        return 0
    if not a.out:
        p.error("the output folder is required (or --list)")
    if a.batch < 1:
        p.error("--batch must be at least 1")
    names = a.only.split(",") if a.only else list(MODELS)
    unknown = [n for n in names if n not in MODELS]
    if unknown:
        p.error("unknown model(s): %s (see --list)" % ", ".join(unknown))
    try:
        import torch
    except ImportError as e:
        print("export_models: python3-torch is not installed (%s); nothing exported" % e)
        return 77
    if any(n not in TORCH_ONLY for n in names):
        try:
            import torchvision  # noqa: F401
        except ImportError as e:
            print("export_models: python3-torchvision is not installed (%s); nothing exported" % e)
            return 77
    torch.set_num_threads(min(2, os.cpu_count() or 1))
    failed = []
    for n in names:
        t = time.monotonic()
        try:
            export_one(torch, n, a.out, a.opset, a.seed, a.batch, a.dynamic_batch,
                       a.torchscript)
            print("exported %-22s %5.1f s" % (n, time.monotonic() - t), flush=True)
        except Exception as e:  # noqa: BLE001  every model is tried; failures are named
            failed.append(n)
            print("export_models: %s failed: %s: %s" % (n, type(e).__name__, e), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
