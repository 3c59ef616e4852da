"""Which BLAS this process's PyTorch multiplies with, as `npm run bench:train` reports it (train/torchPeer.ts).

    /usr/bin/python3 scripts/bench/train/torchBlas.py      → one JSON line (blas_info() below)

torchTrainer.py imports blas_info() too, so the bench also learns the BLAS of the process that actually trained.

Debian's python3-torch is built with BLAS_INFO=generic: libtorch_cpu calls sgemm_ from whatever libblas.so.3 the
dynamic linker finds, which Debian's alternatives point at the reference BLAS (libblas3, netlib: unblocked loops)
or at OpenBLAS (libopenblas0-pthread and friends). So the answer is read from the running process, not guessed
from the packages: dlsym(libtorch_cpu, "sgemm_") is the function libtorch_cpu's own lookup finds (the library, then
its dependencies in load order), and dladdr names the file that defines it. /proc/self/maps lists, for context,
every BLAS-like library mapped.
"""

from __future__ import annotations

import ctypes
import json
import os
import re

import torch

BLAS_LIKE = re.compile(r"blas|lapack|mkl|blis|atlas", re.IGNORECASE)


class _DlInfo(ctypes.Structure):
    _fields_ = [
        ("dli_fname", ctypes.c_char_p),
        ("dli_fbase", ctypes.c_void_p),
        ("dli_sname", ctypes.c_char_p),
        ("dli_saddr", ctypes.c_void_p),
    ]


def _mapped_files() -> list[str]:
    with open("/proc/self/maps", encoding="utf-8") as maps:
        fields = (line.split() for line in maps)
        return sorted({f[-1] for f in fields if len(f) >= 6 and f[-1].startswith("/")})


def _kind(path: str) -> str:
    p = path.lower()
    if "openblas" in p:
        return "openblas"
    if "mkl" in p:
        return "mkl"
    if "blis" in p:
        return "blis"
    if "atlas" in p:
        return "atlas"
    if re.search(r"/blas/libblas\.so", p):
        return "reference"  # Debian's libblas3: the netlib reference implementation
    return "unknown"


def _openblas_details(path: str) -> tuple[str | None, int | None]:
    """openblas_get_config() and the thread count OpenBLAS will use, when `path` (or what it links) is OpenBLAS."""
    try:
        lib = ctypes.CDLL(path)
        lib.openblas_get_config.restype = ctypes.c_char_p
        config = lib.openblas_get_config().decode()
        threads = int(lib.openblas_get_num_threads())
        return config, threads
    except (OSError, AttributeError):
        return None, None


def blas_info() -> dict:
    """{"kind": openblas | reference | mkl | blis | atlas | unknown, "sgemm": file defining sgemm_ for libtorch_cpu
    (as named, and "resolved" with links followed), "openblasConfig", "openblasThreads", "mapped": BLAS-like files,
    "torchBlasInfo": the BLAS_INFO torch was built with, "torchThreads"}."""
    torch.ones(8, 8) @ torch.ones(8, 8)  # one product, so any lazily loaded BLAS is in
    mapped = _mapped_files()
    torch_build = torch.__config__.show()
    match = re.search(r"BLAS_INFO=([^,\s]+)", torch_build)
    info: dict = {
        "kind": "unknown",
        "sgemm": None,
        "resolved": None,
        "openblasConfig": None,
        "openblasThreads": None,
        "mapped": [p for p in mapped if BLAS_LIKE.search(os.path.basename(p)) or BLAS_LIKE.search(p)],
        "torchBlasInfo": match.group(1) if match else None,
        "torchThreads": torch.get_num_threads(),
    }
    torch_cpu = next((p for p in mapped if os.path.basename(p).startswith("libtorch_cpu")), None)
    if torch_cpu is not None:
        try:
            address = ctypes.cast(ctypes.CDLL(torch_cpu).sgemm_, ctypes.c_void_p).value
            dl = _DlInfo()
            if address and ctypes.CDLL(None).dladdr(ctypes.c_void_p(address), ctypes.byref(dl)) and dl.dli_fname:
                info["sgemm"] = dl.dli_fname.decode()
                info["resolved"] = os.path.realpath(info["sgemm"])
        except (OSError, AttributeError):
            pass  # no exported sgemm_ (e.g. a wheel with MKL linked in statically): fall back on BLAS_INFO below
    if info["resolved"] is not None:
        info["kind"] = _kind(info["resolved"])
    elif info["torchBlasInfo"] in ("mkl", "open", "blis"):
        info["kind"] = {"mkl": "mkl", "open": "openblas", "blis": "blis"}[info["torchBlasInfo"]]
    if info["kind"] == "openblas":
        info["openblasConfig"], info["openblasThreads"] = _openblas_details(info["resolved"] or info["sgemm"] or "libopenblas.so.0")
    return info


if __name__ == "__main__":
    print(json.dumps({"torch": torch.__version__, "blas": blas_info()}))
