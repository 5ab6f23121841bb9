"""Reading the command line's input files: line by line, in chunks, checked as it goes.

:class:`LineSource` reads one file (or standard input) as bytes and hands out chunks of
lines. Only ``\\n`` ends a line (as in sacreBLEU and multi-bleu.perl; a ``\\r`` or a
U+2028 stays inside its line), and a final ``\\n`` does not start an empty last line.
Input whose first two bytes are gzip's magic number (``1f 8b``) is decompressed on the
fly, whatever its name; a name ending in ``.gz`` without that magic number is an error.

Bad input is refused early, with an :class:`InputError` of one line naming the file:

- a NUL byte: ``PATH: looks like a binary file (NUL byte on line N)``;
- a line longer than :data:`MAX_LINE_BYTES` (no file of segments has one; ``/dev/zero``
  or a file without newlines does): the read stops there instead of filling memory;
- bytes that are not UTF-8: ``PATH: not valid UTF-8 (byte B, line N)``, ``B`` counted
  from the start of the (decompressed) input;
- corrupt or truncated gzip data, a missing file, a directory, no permission.

Memory is bounded by one chunk (:data:`CHUNK_LINES` lines and :data:`CHUNK_BYTES` bytes
of each file, read in lockstep from every file by :mod:`bleu.cli`: :func:`lockstep_lines`)
and one block (:data:`READ_BYTES`), never by the file or the length of its lines.
"""

from __future__ import annotations

import gzip
import io
import os
import stat
import sys
import zlib
from typing import BinaryIO, NoReturn

MAX_LINE_BYTES = 2**20
"""The longest line accepted, in bytes without its ``\\n`` (1 MiB: a segment is rarely
longer than a few kB; a longer "line" is a binary file or text without newlines)."""

CHUNK_LINES = 25_000
"""Lines read from each file at a time (and turned into statistics) by :mod:`bleu.cli`.

A compromise measured on 1e6 segments (``benchmarks/cli_scale.py``): 10 000 lines peak at
about 120 MiB but cost some 15% more CPU than scoring the whole corpus at once (numpy's
fixed cost per block); 25 000 lines peak at about 240 MiB and cost about 5% more."""

CHUNK_BYTES = 2**25
"""The most bytes of one file in a chunk (32 MiB, unless one line alone is longer): a chunk
of :data:`CHUNK_LINES` lines of 10 kB each (the runaway output of a language model) would
be 250 MB, held four times over (lines, joined, decoded, split) before any scoring."""

READ_BYTES = 2**20
"""Bytes asked of the file at a time (split into lines in one call)."""

GZIP_MAGIC = b"\x1f\x8b"

_MIB = 2**20


class InputError(Exception):
    """A problem with the input files or options, reported in one line."""


def _size(n_bytes: int) -> str:
    return f"{n_bytes // _MIB} MiB" if n_bytes % _MIB == 0 else f"{n_bytes:,} bytes"


def _stdin_bytes() -> BinaryIO:
    stream = sys.stdin
    if stream is None:
        raise InputError("standard input is closed; give the hypotheses with -i HYP")
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text-only stream (an IDE's console): re-encode what it gives
        return io.BytesIO(stream.read().encode("utf-8", "surrogatepass"))
    return buffer


def lockstep_lines(
    sources: list[LineSource], n_bytes: int | None = None, n_lines: int | None = None
) -> int:
    """Lines to read next from every source at once: ``n_lines`` (:data:`CHUNK_LINES`), or
    fewer when that many lines of a source would pass ``n_bytes`` (:data:`CHUNK_BYTES`).
    A source that ends sooner does not shorten the chunk, so that the counts of sources of
    different lengths differ at once, as with whole chunks of lines."""
    n_bytes = CHUNK_BYTES if n_bytes is None else n_bytes
    n_lines = CHUNK_LINES if n_lines is None else n_lines
    return min(source.lines_within(n_bytes, n_lines) for source in sources)


class LineSource:
    """One input (a path, or ``-`` for standard input) read in chunks of checked lines.

    ``lines_read`` counts the lines handed out so far; ``exhausted`` tells that the end
    was reached. Use it as a context manager, or call :meth:`close`.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.name = "standard input" if path == "-" else path
        self.lines_read = 0
        self.bytes_read = 0  # of the (decompressed) input, up to the end of the last line
        self.exhausted = False
        self._own: BinaryIO | None = None
        try:
            raw = _stdin_bytes() if path == "-" else open(path, "rb")
            if path != "-":
                self._own = raw
            self.regular = self._is_regular(raw)
            if not hasattr(raw, "peek"):
                raw = io.BufferedReader(raw)  # type: ignore[arg-type]
            compressed = raw.peek(2)[:2] == GZIP_MAGIC  # type: ignore[attr-defined]
        except FileNotFoundError:
            raise InputError(f"{self.name}: no such file") from None
        except IsADirectoryError:
            raise InputError(f"{self.name}: is a directory, not a file") from None
        except PermissionError:
            raise InputError(f"{self.name}: permission denied") from None
        except OSError as exc:
            self.close()
            raise InputError(f"{self.name}: cannot read ({exc.strerror or exc})") from None
        if path.endswith(".gz") and not compressed:
            self.close()
            raise InputError(f"{self.name}: the name ends in .gz but the data is not gzip")
        self.compressed = compressed
        handle = gzip.GzipFile(fileobj=raw, mode="rb") if compressed else raw
        self._read = getattr(handle, "read1", handle.read)  # what is there, up to a size
        self._lines: list[bytes] = []  # complete lines read ahead, not handed out yet
        self._buffered = 0  # bytes of those lines, newlines included
        self._tail = b""  # the start of a line whose newline is still to come
        self._eof = False

    @staticmethod
    def _is_regular(raw: BinaryIO) -> bool:
        """A regular file (finite: it can be counted to its end), not a pipe or device."""
        try:
            return stat.S_ISREG(os.fstat(raw.fileno()).st_mode)
        except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
            return False

    def __enter__(self) -> LineSource:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if self._own is not None:
            self._own.close()
            self._own = None

    def read_chunk(self, n_lines: int = CHUNK_LINES) -> list[str]:
        """Up to ``n_lines`` more lines, without their ``\\n``; ``[]`` at the end."""
        if self.exhausted:
            return []
        bodies = self._read_bodies(n_lines)
        if not bodies:
            return []
        joined = b"\n".join(bodies)
        if b"\0" in joined:
            line = self.lines_read + joined[: joined.index(b"\0")].count(b"\n") + 1
            raise InputError(f"{self.name}: looks like a binary file (NUL byte on line {line})")
        try:
            text = joined.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = self.lines_read + joined[: exc.start].count(b"\n") + 1
            raise InputError(
                f"{self.name}: not valid UTF-8 (byte {self.bytes_read + exc.start}, line {line})"
            ) from None
        self.lines_read += len(bodies)
        self.bytes_read += len(joined) + 1
        return text.split("\n")

    def _read_bodies(self, n_lines: int) -> list[bytes]:
        try:
            while len(self._lines) < n_lines and not self._eof:
                self._fill()
        except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
            what = "truncated" if isinstance(exc, EOFError) else "corrupt"
            detail = " ".join(str(exc).split())
            raise InputError(f"{self.name}: {what} gzip data ({detail})") from None
        except OSError as exc:
            raise InputError(f"{self.name}: cannot read ({exc.strerror or exc})") from None
        bodies = self._lines[:n_lines]
        del self._lines[:n_lines]
        self._buffered -= sum(map(len, bodies)) + len(bodies)
        self.exhausted = self._eof and not self._lines
        return bodies

    def _fill(self) -> None:
        """Read one block; keep its complete lines and the start of the next one."""
        block = self._read(READ_BYTES)
        if not block:
            self._eof = True
            if self._tail:  # the last line, without a final newline
                self._lines.append(self._tail)
                self._buffered += len(self._tail) + 1
                self._tail = b""
            return
        parts = (self._tail + block).split(b"\n")
        self._tail = parts.pop()
        first = self.lines_read + len(self._lines) + 1  # the number of parts[0]
        if len(self._tail) > MAX_LINE_BYTES:
            self._too_long(self._tail, first + len(parts))
        if parts and max(map(len, parts)) > MAX_LINE_BYTES:
            index = next(i for i, part in enumerate(parts) if len(part) > MAX_LINE_BYTES)
            self._too_long(parts[index], first + index)
        self._lines.extend(parts)
        self._buffered += sum(map(len, parts)) + len(parts)

    def lines_within(self, n_bytes: int = CHUNK_BYTES, n_lines: int = CHUNK_LINES) -> int:
        """How many lines to read next so that the chunk stays within ``n_bytes`` (newlines
        counted): ``n_lines`` when the next ``n_lines`` fit or the input ends before them,
        fewer (at least one) when they do not. Reads ahead as needed, about ``n_bytes`` at
        most; :meth:`read_chunk` then hands the lines out (and reports a read error)."""
        try:
            while len(self._lines) < n_lines and self._buffered <= n_bytes and not self._eof:
                self._fill()
        except (EOFError, gzip.BadGzipFile, zlib.error, OSError):
            return n_lines  # read_chunk meets the error again and names it
        if self._buffered <= n_bytes:
            return n_lines
        used = 0
        for count, line in enumerate(self._lines[:n_lines]):
            used += len(line) + 1
            if used > n_bytes:
                return max(count, 1)
        return n_lines

    def _too_long(self, line: bytes, number: int) -> NoReturn:
        if b"\0" in line:
            raise InputError(f"{self.name}: looks like a binary file (NUL byte on line {number})")
        raise InputError(
            f"{self.name}: line {number} is longer than {_size(MAX_LINE_BYTES)} "
            "(the limit of one segment); is it a text file with one segment per line?"
        )

    def count_rest(self) -> bool:
        """Read (and check) to the end when the input is a regular file; say if it did.

        Pipes, devices and standard input from a pipe may never end: they are left alone,
        and ``lines_read`` is then only a lower bound of their length.
        """
        if not self.regular:
            return self.exhausted
        while self.read_chunk(CHUNK_LINES):
            pass
        return True
