"""chrF and TER by sacreBLEU's rules (its defaults), in plain Python: no sacreBLEU needed.

The command line's ``-m chrf ter`` and :func:`bleu.metrics.chrf` / :func:`bleu.metrics.ter`
use these; tests/test_metrics.py compares them with sacreBLEU's ``CHRF()`` and ``TER()``.

- chrF (Popović, 2015): character n-grams (n = 1..6) of the segments with their whitespace
  removed. Per order, P_n = matches / hypothesis n-grams and R_n = matches / reference n-grams;
  P and R are the means over the orders where both sides have n-grams, and
  chrF_beta = 100 (1 + beta^2) P R / (beta^2 P + R), beta = 2. A segment keeps the reference
  with the best chrF; a corpus sums the counts of its segments first.
- TER (Snover et al., 2006): the fewest edits (insert, delete, substitute one word, or shift a
  block of words) that turn the hypothesis into a reference, over the reference length.
  Words are the lowercased text split on whitespace. Shifts are searched greedily as Tercom
  does: at most 10 words moved at most 50 positions, the shift that lowers the edit distance
  most first, at most 1000 candidates a segment; the edit distance stays within a beam of 25
  cells around the diagonal. A segment counts its fewest edits over the references and the
  mean reference length; a corpus divides the summed edits by the summed lengths.

Defined in notebook 11 (beyond BLEU).

>>> round(chrf_score(chrf_stats("the cat sat", ["the cat sat"])), 6)
100.0
>>> ter_stats("on the mat sat the cat", ["the cat sat on the mat"])
(2, 6.0)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

__all__ = [
    "CHRF_BETA",
    "CHRF_ORDER",
    "chrf_score",
    "chrf_stats",
    "edit_distance",
    "ter_edits",
    "ter_score",
    "ter_stats",
]

CHRF_ORDER = 6
"""sacreBLEU's character n-gram order of chrF."""

CHRF_BETA = 2
"""sacreBLEU's beta: recall weighs beta^2 = 4 times as much as precision."""

MAX_SHIFT_SIZE = 10
MAX_SHIFT_DIST = 50
BEAM_WIDTH = 25
MAX_SHIFT_CANDIDATES = 1000
_FAR = 1 << 62  # a cell outside the beam: larger than any edit count

# One letter per edit operation in a trace, read from the hypothesis to the reference:
# " " keep, "s" substitute, "d" drop a hypothesis word, "i" insert a reference word.
_KEEP, _SUB, _DROP, _INSERT, _UNSET = " ", "s", "d", "i", "x"


# --- chrF -----------------------------------------------------------------------------------


def _char_ngrams(text: str, order: int) -> list[Counter]:
    """Counters of the character n-grams of ``text`` without whitespace, n = 1..order."""
    squeezed = "".join(text.split())
    return [
        Counter(squeezed[i : i + n] for i in range(len(squeezed) - n + 1))
        for n in range(1, order + 1)
    ]


def chrf_score(stats: Sequence[int], beta: int = CHRF_BETA) -> float:
    """chrF in [0, 100] from ``[hyp, ref, match] * order`` counts (one segment or summed).

    >>> chrf_score([4, 4, 2])  # P = R = 1/2
    50.0
    """
    factor = beta**2
    precision = recall = 0.0
    effective = 0
    for k in range(0, len(stats), 3):
        n_hyp, n_ref, n_match = stats[k : k + 3]
        if n_hyp > 0 and n_ref > 0:
            precision += n_match / n_hyp
            recall += n_match / n_ref
            effective += 1
    if effective == 0:
        return 0.0
    precision /= effective
    recall /= effective
    if not precision + recall:
        return 0.0
    return 100 * ((1 + factor) * precision * recall / (factor * precision + recall))


def chrf_stats(
    hypothesis: str, references: Iterable[str], order: int = CHRF_ORDER, beta: int = CHRF_BETA
) -> list[int]:
    """``[hyp, ref, match]`` counts per order against the reference with the best chrF.

    A reference without n-grams of an order gives 0 hypothesis n-grams for it (sacreBLEU's
    rule: no hits are counted where nothing can be hit).
    """
    hyp_grams = _char_ngrams(hypothesis, order)
    best: list[int] = []
    best_f = -1.0
    for reference in references:
        stats: list[int] = []
        for hyp, ref in zip(hyp_grams, _char_ngrams(reference, order)):
            matched = sum(min(count, ref[gram]) for gram, count in hyp.items() if gram in ref)
            stats += [sum(hyp.values()) if ref else 0, sum(ref.values()), matched]
        f_score = chrf_score(stats, beta)
        if f_score > best_f:
            best, best_f = stats, f_score
    return best


# --- TER ------------------------------------------------------------------------------------


def _words(text: str) -> list[str]:
    """sacreBLEU's default TER words: lowercased, split on whitespace."""
    return text.lower().split()


def _rows(hyp: Sequence[str], ref: Sequence[str], costs: list, ops: list, start: int) -> None:
    """Fill rows ``start + 1 ..`` of the beam edit-distance table (rows ``<= start`` given).

    Among equal costs the first of keep/substitute, drop, insert wins, as in Tercom.
    """
    n_hyp, n_ref = len(hyp), len(ref)
    ratio = n_ref / n_hyp if n_hyp else 1
    beam = math.ceil(ratio / 2 + BEAM_WIDTH) if BEAM_WIDTH < ratio / 2 else BEAM_WIDTH
    del costs[start + 1 :], ops[start + 1 :]
    for i in range(start + 1, n_hyp + 1):
        diagonal = math.floor(i * ratio)
        low = max(0, diagonal - beam)
        high = n_ref + 1 if i == n_hyp else min(n_ref + 1, diagonal + beam)
        above, cost, op = costs[i - 1], [_FAR] * (n_ref + 1), [_UNSET] * (n_ref + 1)
        word = hyp[i - 1]
        for j in range(low, high):
            if j == 0:
                cost[0], op[0] = above[0] + 1, _DROP
                continue
            same = word == ref[j - 1]
            best, how = _FAR, _UNSET
            if above[j - 1] + (0 if same else 1) < best:
                best, how = above[j - 1] + (0 if same else 1), _KEEP if same else _SUB
            if above[j] + 1 < best:
                best, how = above[j] + 1, _DROP
            if cost[j - 1] + 1 < best:
                best, how = cost[j - 1] + 1, _INSERT
            cost[j], op[j] = best, how
        costs.append(cost)
        ops.append(op)


def _table(hyp: Sequence[str], ref: Sequence[str]) -> tuple[list, list]:
    costs = [list(range(len(ref) + 1))]
    ops = [[_INSERT] * (len(ref) + 1)]
    _rows(hyp, ref, costs, ops, 0)
    return costs, ops


def _trace(ops: list, n_hyp: int, n_ref: int) -> str:
    steps = []
    i, j = n_hyp, n_ref
    while i > 0 or j > 0:
        how = ops[i][j]
        steps.append(how)
        if how in (_KEEP, _SUB):
            i, j = i - 1, j - 1
        elif how == _INSERT:
            j -= 1
        elif how == _DROP:
            i -= 1
        else:  # pragma: no cover - a path always stays inside the beam
            raise RuntimeError("TER: the edit path left the beam")
    return "".join(reversed(steps))


def edit_distance(hypothesis: Sequence[str], reference: Sequence[str]) -> tuple[int, str]:
    """Word edit distance within TER's beam, and its trace (" ", "s", "d", "i" per step).

    >>> edit_distance(["a", "b", "c"], ["a", "c"])
    (1, ' d ')
    """
    costs, ops = _table(hypothesis, reference)
    return costs[-1][-1], _trace(ops, len(hypothesis), len(reference))


def _alignment(trace: str) -> tuple[dict[int, int], list[int], list[int]]:
    """For each reference word the hypothesis position it meets; error flags of both sides."""
    h = r = -1
    meets: dict[int, int] = {}
    ref_wrong: list[int] = []
    hyp_wrong: list[int] = []
    for how in trace:
        if how == _DROP:  # a hypothesis word with no reference word
            h += 1
            hyp_wrong.append(1)
        elif how == _INSERT:  # a reference word missing from the hypothesis
            r += 1
            meets[r] = h
            ref_wrong.append(1)
        else:
            h, r = h + 1, r + 1
            meets[r] = h
            wrong = int(how == _SUB)
            hyp_wrong.append(wrong)
            ref_wrong.append(wrong)
    return meets, ref_wrong, hyp_wrong


def _moved(words: list[str], start: int, length: int, target: int) -> list[str]:
    """``words`` with the block ``start:start + length`` moved to ``target`` (Tercom's rule)."""
    block = words[start : start + length]
    if target < start:
        return words[:target] + block + words[target:start] + words[start + length :]
    if target > start + length:
        return words[:start] + words[start + length : target] + block + words[target:]
    return (
        words[:start] + words[start + length : length + target] + block + words[length + target :]
    )


def _common_blocks(hyp: Sequence[str], ref: Sequence[str]) -> Iterable[tuple[int, int, int]]:
    """(hyp start, ref start, length) of equal word runs up to MAX_SHIFT_SIZE, every prefix."""
    n_hyp, n_ref = len(hyp), len(ref)
    for h in range(n_hyp):
        for r in range(max(0, h - MAX_SHIFT_DIST), min(n_ref, h + MAX_SHIFT_DIST + 1)):
            length = 0
            while length < MAX_SHIFT_SIZE and hyp[h + length] == ref[r + length]:
                length += 1
                yield h, r, length
                if h + length == n_hyp or r + length == n_ref:
                    break


def _best_shift(hyp: list[str], ref: list[str], checked: int) -> tuple[int, list[str], int]:
    """The shift that lowers the edit distance most (gain, shifted words, candidates seen)."""
    costs, ops = _table(hyp, ref)
    before = costs[-1][-1]
    meets, ref_wrong, hyp_wrong = _alignment(_trace(ops, len(hyp), len(ref)))
    best: tuple | None = None
    for h, r, length in _common_blocks(hyp, ref):
        if not any(hyp_wrong[h : h + length]) or not any(ref_wrong[r : r + length]):
            continue  # the block is already right on one side
        if h <= meets[r] < h + length:
            continue  # it would land where it is
        last = -1
        for offset in range(-1, length):
            if r + offset == -1:
                target = 0
            elif r + offset in meets:
                target = meets[r + offset] + 1
            else:
                break
            if target == last:
                continue
            last = target
            shifted = _moved(hyp, h, length, target)
            # Rows before the first changed word are those of `hyp`: reuse them.
            first = min(h, target)
            trial_costs, trial_ops = costs[: first + 1], ops[: first + 1]
            _rows(shifted, ref, trial_costs, trial_ops, first)
            candidate = (before - trial_costs[-1][-1], length, -h, -target, shifted)
            checked += 1
            if best is None or candidate > best:
                best = candidate
        if checked >= MAX_SHIFT_CANDIDATES:
            break
    if best is None:
        return 0, hyp, checked
    return best[0], best[4], checked


def ter_edits(hypothesis: Sequence[str], reference: Sequence[str]) -> int:
    """TER's edit count of two word lists: greedy shifts, then the edit distance.

    >>> ter_edits("a b c d".split(), "c d a b".split())
    1
    """
    hyp, ref = list(hypothesis), list(reference)
    if not ref:
        return len(hyp)
    shifts, checked = 0, 0
    while True:
        gain, shifted, checked = _best_shift(hyp, ref, checked)
        if checked >= MAX_SHIFT_CANDIDATES or gain <= 0:
            break
        shifts += 1
        hyp = shifted
    return shifts + edit_distance(hyp, ref)[0]


def ter_stats(hypothesis: str, references: Sequence[str]) -> tuple[int, float]:
    """(fewest edits over the references, mean reference length in words) of one segment."""
    words = _words(hypothesis)
    ref_words = [_words(reference) for reference in references]
    if not ref_words:
        raise ValueError("references is empty: give at least one reference")
    edits = min(ter_edits(words, ref) for ref in ref_words)
    return edits, sum(len(ref) for ref in ref_words) / len(ref_words)


def ter_score(edits: float, ref_length: float) -> float:
    """TER in percent: 100 edits / ref_length (100 or 0 when the references are empty).

    >>> ter_score(2, 6.0)
    33.33333333333333
    """
    if ref_length > 0:
        return 100 * (edits / ref_length)
    return 100.0 if edits > 0 else 0.0
