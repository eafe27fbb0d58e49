"""Hardware facts a roofline needs: a GPU table, measured ceilings, and per-problem floors.

- ``gpus``: datasheet figures (``GpuSpec``), ``lookup`` by reported name, ``estimate`` for unknown GPUs,
  ``ceilings_for`` (measured ceilings from ``calibrate`` win over the table).
- ``calibrate``: measures copy bandwidth and matmul rates on the current GPU and caches them.
- ``calibration``: the measured record, its cache and the device fingerprint that keys it (both above read it).
- ``roofline``: FLOPs and minimum bytes of a problem, the floor time they imply, plausibility.

Importing this package is cheap: torch is imported inside the functions that need it.
"""

from autokernel.hardware.gpus import Ceilings, GpuSpec, UnknownGpuError, ceilings_for, estimate, lookup

__all__ = ["Ceilings", "GpuSpec", "UnknownGpuError", "ceilings_for", "estimate", "lookup"]
