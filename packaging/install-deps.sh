#!/usr/bin/env bash
# Installs what d500 needs on Debian 12 (run as root; idempotent: installs only what is missing).
# Usage: packaging/install-deps.sh [--minimal]   (--minimal skips GUI, LibTorch and MPI)
set -euo pipefail

pkgs=(build-essential cmake ninja-build pkg-config ccache git
      libsqlite3-dev sqlite3 zlib1g-dev nlohmann-json3-dev libdlpack-dev libcli11-dev libssl-dev
      libgtest-dev libgmock-dev libbenchmark-dev
      libonnx-dev libprotobuf-dev protobuf-compiler
      dataset-fashion-mnist libonnx-testdata
      clang-14 libclang-rt-14-dev  # the fuzz targets (packaging/robustness.sh)
      clang-format-14  # packaging/format-check.sh
      help2man lintian appstream man-db file)  # man pages from --help; the Debian packages' test
if [ "${1:-}" != "--minimal" ]; then
  pkgs+=(qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools libqt6opengl6-dev
         qt6-translations-l10n libgl-dev xvfb xauth fonts-wqy-microhei
         chromium poppler-utils  # the studio's report tests: HTML in a browser, the PDF's text
         libgraphviz-dev  # the studio's ONNX graph view: Graphviz dot layout (libgvc)
         libtorch-dev libopenblas0-openmp
         python3-torch python3-torchvision  # tests/models/export_models.py: the real-model tests
         libdnnl-dev  # the onednn plugin (oneDNN 2.6); built only when present
         ocl-icd-opencl-dev  # OpenCL, which Debian's dnnl-config.cmake requires (a Recommends)
         libopenmpi-dev openmpi-bin
         slurm-wlm slurmctld slurmd slurm-client munge)  # the one-node Slurm of the job tests
fi

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#pkgs[@]} packages present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: run as root (or: sudo $0) to install them" >&2
  exit 1
fi
echo "install-deps: installing ${#missing[@]} packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Package scripts start no daemons (munge, slurmctld, slurmd): the tests start their own.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
