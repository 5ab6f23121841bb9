"""Peak memory of the current process, shared by the benchmark scripts."""

from __future__ import annotations


def high_water_mib() -> float:
    """This process's peak resident set size in MiB (``VmHWM``; ``ru_maxrss`` elsewhere).

    ``ru_maxrss`` survives ``exec``: a child started by a big parent would report the
    parent's peak, so on Linux the kernel's per-process high-water mark is read instead.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
