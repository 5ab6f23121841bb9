"""Code exercise of notebook 08: corpus BLEU from summed statistics.

Each row is one sentence's statistics ``[c, r, m_1, m_2, m_3, m_4, t_1, t_2, t_3, t_4]``
(:func:`bleu.sentence_stats`): hypothesis length, closest reference length, clipped matches
and n-gram totals of each order (NLTK's ``max(1, count)``). Corpus BLEU by NLTK's rules is a
micro-average: sum every column over the rows, then ``p_n = sum m_n / sum t_n``,
``BP = brevity_penalty(sum r, sum c)`` and ``BP * exp(sum_n 1/4 log p_n)``, 0.0 when a
summed ``m_n`` is 0 (no smoothing). The expected behaviour is :func:`bleu.bleu_from_stats`.

>>> expected_corpus_bleu([[4, 4, 4, 3, 2, 1, 4, 3, 2, 1], [2, 4, 2, 1, 0, 0, 2, 1, 1, 1]])
0.5444460596606694
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ..data import load_example
from ..i18n import N_
from ..rules import bleu_from_stats
from ..vectorized import sentence_stats
from .code import CodeExercise, Mistake, register_code

Rows = Sequence[Sequence[int]]

VOCABULARY = ("a", "b", "c", "d")


def expected_corpus_bleu(rows: Rows) -> float:
    """``bleu.bleu_from_stats`` with uniform weights over 4 orders and no smoothing."""
    return float(bleu_from_stats([list(row) for row in rows]))


def rows_of(list_of_references: list, hypotheses: list) -> list[list[int]]:
    """:func:`bleu.sentence_stats` as plain lists of Python ints (printable, pasteable)."""
    return [[int(x) for x in row] for row in sentence_stats(list_of_references, hypotheses)]


#: Notebook 08's Korean pair cut into morphemes by ``ko-mecab`` (written out, so that the
#: checker needs no analyser): 7 hypothesis tokens against 6, a corpus with c > r.
KO_MECAB_PAIR = ("나 는 학교 에 갔 다 .", "나 는 학교 에 간다 .")


def _examples() -> list[tuple[list[list[int]]]]:
    """NLTK's docstring corpus (the running example and the shuffled sentence), the running
    example alone, notebook 05's two-sentence corpus with 'the cat sat' (a row with t_4 = 1
    and no 4-gram), then three that part the typical slips: the Korean morpheme pair
    (c > r: a swapped penalty shows, a missing one does not), the running example with
    Example 1's 'it is' (c < r, rows with t_n = 1: a missing penalty and recomputed totals
    show) and 'a dog sat on the mat' against Example 2 (no 4-gram match: 0.0, where skipped
    orders and smoothing show)."""
    running = load_example("running")
    example1, example2 = load_example("example1"), load_example("example2")
    refs, hyp = running.reference_tokens(), running.candidate_tokens("Ca1")
    hyp2 = "he read the book because he was interested in world history".split()
    ref2 = "he was interested in world history because he read the book".split()
    cat_sat = "the cat sat".split()
    ko_hyp, ko_ref = (text.split() for text in KO_MECAB_PAIR)
    dog = "a dog sat on the mat".split()
    return [
        (rows_of([refs, [ref2]], [hyp, hyp2]),),
        (rows_of([refs], [hyp]),),
        (rows_of([refs, [cat_sat]], [hyp, cat_sat]),),
        (rows_of([[ko_ref]], [ko_hyp]),),
        (rows_of([refs, example1.reference_tokens()], [hyp, example1.candidate_tokens("Ca4")]),),
        (rows_of([example2.reference_tokens()], [dog]),),
    ]


def _sentence(rng: random.Random) -> tuple[list[list[str]], list[str]]:
    references = [
        [rng.choice(VOCABULARY) for _ in range(rng.randint(1, 10))]
        for _ in range(rng.randint(1, 2))
    ]
    if rng.random() < 0.6:  # a reference with a token changed: matches at most orders
        hypothesis = list(references[0])
        hypothesis[rng.randrange(len(hypothesis))] = rng.choice(VOCABULARY)
        if rng.random() < 0.3:  # cut short: the brevity penalty bites
            hypothesis = hypothesis[: rng.randint(0, len(hypothesis))]
    else:
        hypothesis = [rng.choice(VOCABULARY) for _ in range(rng.randint(0, 8))]
    return references, hypothesis


def _random_case(rng: random.Random) -> tuple[list[list[int]]]:
    sentences = [_sentence(rng) for _ in range(rng.randint(1, 4))]
    return (rows_of([refs for refs, _ in sentences], [hyp for _, hyp in sentences]),)


def _bp(r: float, c: float) -> float:
    if c > r:
        return 1.0
    return 0.0 if c == 0 else math.exp(1 - r / c)


def _bleu(c: int, r: int, matches: Sequence[float], totals: Sequence[float]) -> float:
    if any(m == 0 for m in matches):
        return 0.0
    return _bp(r, c) * math.exp(math.fsum(0.25 * math.log(m / t) for m, t in zip(matches, totals)))


def _sums(rows: Rows) -> list[int]:
    return [sum(column) for column in zip(*rows)]


def _mean_of_sentences(rows: Rows) -> float:
    return sum(_bleu(row[0], row[1], row[2:6], row[6:10]) for row in rows) / len(rows)


def _mean_precisions(rows: Rows) -> float:
    """A macro-average: each sentence's p_n first, then their mean."""
    c, r = sum(row[0] for row in rows), sum(row[1] for row in rows)
    p = [sum(row[2 + i] / row[6 + i] for row in rows) / len(rows) for i in range(4)]
    return _bleu(c, r, p, [1, 1, 1, 1])


def _floor_division(rows: Rows) -> float:
    c, r, *rest = _sums(rows)
    matches, totals = rest[:4], rest[4:]
    if any(m == 0 for m in matches):
        return 0.0
    p = [m // t for m, t in zip(matches, totals)]
    if any(x == 0 for x in p):
        return 0.0
    return _bp(r, c) * math.exp(math.fsum(0.25 * math.log(x) for x in p))


def _lengths_swapped(rows: Rows) -> float:
    c, r, *rest = _sums(rows)
    return _bleu(r, c, rest[:4], rest[4:])


def _ratio_004(rows: Rows) -> float:
    c, r, *rest = _sums(rows)
    if any(m == 0 for m in rest[:4]):
        return 0.0
    return min(1.0, c / r) * _bleu(r, r, rest[:4], rest[4:])


def _bp_per_sentence(rows: Rows) -> float:
    """Each sentence's penalty averaged, times the geometric mean of the summed precisions."""
    _, r, *rest = _sums(rows)
    bp = sum(_bp(row[1], row[0]) for row in rows) / len(rows)
    return bp * _bleu(r, r, rest[:4], rest[4:])


def _bp_product(rows: Rows) -> float:
    """Each sentence's penalty multiplied together, times the summed precisions' mean."""
    _, r, *rest = _sums(rows)
    return math.prod(_bp(row[1], row[0]) for row in rows) * _bleu(r, r, rest[:4], rest[4:])


def _by_columns(rows: Rows, matches: slice, totals: slice) -> float:
    """Corpus BLEU with the matches and totals read from the given columns of the sums."""
    c, r, *rest = _sums(rows)
    m, t = rest[matches], rest[totals]
    if any(x == 0 for x in (*m, *t)):
        return 0.0
    return _bp(r, c) * math.exp(math.fsum(0.25 * math.log(a / b) for a, b in zip(m, t)))


def _matches_totals_swapped(rows: Rows) -> float:
    """Columns 6-9 read as the matches and 2-5 as the totals: every p_n at least 1."""
    return _by_columns(rows, slice(4, 8), slice(0, 4))


def _pairs_interleaved(rows: Rows) -> float:
    """The row read as [c, r, m1, t1, m2, t2, ...]: p_n = m1/m2, m3/m4, t1/t2, t3/t4."""
    return _by_columns(rows, slice(0, 8, 2), slice(1, 8, 2))


def _no_penalty(rows: Rows) -> float:
    c, _, *rest = _sums(rows)
    return _bleu(c, c, rest[:4], rest[4:])


def _zero_orders_skipped(rows: Rows) -> float:
    """Documents 000 and 001: a zero p_n's log term left out, as if p_n were 1."""
    c, r, *rest = _sums(rows)
    terms = [0.25 * math.log(m / t) for m, t in zip(rest[:4], rest[4:]) if m > 0]
    return _bp(r, c) * math.exp(math.fsum(terms)) if terms else 0.0


def _effective_order(rows: Rows) -> float:
    """Only the orders with matches, their weights shared equally among them."""
    c, r, *rest = _sums(rows)
    kept = [(m, t) for m, t in zip(rest[:4], rest[4:]) if m > 0]
    if not kept:
        return 0.0
    return _bp(r, c) * math.exp(math.fsum(math.log(m / t) for m, t in kept) / len(kept))


def _smoothed(rows: Rows, zero: Callable[[int, int], float]) -> float:
    c, r, *rest = _sums(rows)
    p, k = [], 0
    for m, t in zip(rest[:4], rest[4:]):
        if m > 0:
            p.append(m / t)
        else:
            k += 1
            p.append(zero(k, t))
    return _bp(r, c) * math.exp(math.fsum(0.25 * math.log(x) for x in p))


def _epsilon_smoothing(rows: Rows) -> float:
    """Smoothing method 1: a zero match count becomes 0.1."""
    return _smoothed(rows, lambda k, t: 0.1 / t)


def _exp_smoothing(rows: Rows) -> float:
    """Smoothing method 3 (sacreBLEU's exp): the k-th zero precision becomes 1 / (2^k t)."""
    return _smoothed(rows, lambda k, t: 1 / (2**k * t))


def _totals_from_lengths(rows: Rows) -> float:
    """t_n recomputed as c - n + 1 (at least 0): the rows' max(1, ...) lost."""
    c, r, *rest = _sums(rows)
    totals = [sum(max(0, row[0] - n + 1) for row in rows) for n in range(1, 5)]
    if any(t == 0 for t in totals):
        return 0.0
    return _bleu(c, r, rest[:4], totals)


def _arithmetic_mean(rows: Rows) -> float:
    c, r, *rest = _sums(rows)
    if any(m == 0 for m in rest[:4]):
        return 0.0
    return _bp(r, c) * sum(m / t for m, t in zip(rest[:4], rest[4:])) / 4


CORPUS_BLEU_FROM_STATS = register_code(
    CodeExercise(
        id="ch08.code-corpus-bleu-from-stats",
        name="corpus_bleu_from_stats",
        signature="corpus_bleu_from_stats(rows)",
        task=N_("rows holds one [c, r, m1, m2, m3, m4, t1, t2, t3, t4] per sentence. Return corpus "
        "BLEU-4 as a float: sum each column over the rows, then BP(sum r, sum c) * exp(sum of "
        "0.25 * log(sum m_n / sum t_n)); 0.0 when a summed m_n is 0."),
        reference=expected_corpus_bleu,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "mean of sentence BLEU",
                _mean_of_sentences,
                N_("corpus BLEU is not the mean of the sentence scores: add up each column over "
                "all rows first (a micro-average), then compute one BLEU from the sums"),
            ),
            Mistake(
                "mean of the sentences' precisions",
                _mean_precisions,
                N_("p_n is (sum of m_n) / (sum of t_n) over the rows, not the mean of the "
                "sentences' own precisions m_n / t_n"),
            ),
            Mistake(
                "integer division",
                _floor_division,
                N_("m // t is integer division (0 whenever m < t): use m / t or a Fraction"),
            ),
            Mistake(
                "zero orders skipped",
                _zero_orders_skipped,
                N_("a summed m_n of 0 makes corpus BLEU 0.0: leaving that order's log out of the "
                "sum (as documents 000 and 001 do) counts its p_n as 1, the best possible"),
            ),
            Mistake(
                "effective order",
                _effective_order,
                N_("no effective order here: by NLTK's rules all four orders count, each with "
                "weight 0.25, and a summed m_n of 0 gives 0.0; do not drop an order and share its "
                "weight among the others"),
            ),
            Mistake(
                "epsilon smoothing",
                _epsilon_smoothing,
                N_("no smoothing in this exercise: a summed m_n of 0 gives 0.0, not 0.1 / t_n "
                "(that is smoothing method 1)"),
            ),
            Mistake(
                "exp smoothing",
                _exp_smoothing,
                N_("no smoothing in this exercise: a summed m_n of 0 gives 0.0, not "
                "1 / (2^k * t_n) (that is smoothing method 3, sacreBLEU's exp)"),
            ),
            Mistake(
                "totals recomputed from the lengths",
                _totals_from_lengths,
                N_("take each t_n from its column as it is: NLTK counts at least one n-gram of "
                "every order (max(1, count)), so a sentence shorter than n has t_n = 1, not "
                "c - n + 1; that 1 belongs in the summed t_n"),
            ),
            Mistake(
                "arithmetic mean",
                _arithmetic_mean,
                N_("BLEU takes the geometric mean of the four precisions, exp(sum of 0.25 * "
                "log p_n), not their arithmetic mean (p_1 + p_2 + p_3 + p_4) / 4"),
            ),
            Mistake(
                "no brevity penalty",
                _no_penalty,
                N_("multiply by the brevity penalty, exp(1 - sum r / sum c) when the summed c is "
                "at most the summed r: a corpus of short hypotheses must not score as if it "
                "were complete"),
            ),
            Mistake(
                "matches and totals swapped",
                _matches_totals_swapped,
                N_("a precision above 1 (and a BLEU above 1) means matches and n-grams were read "
                "the other way round: columns 2-5 are the matches m1..m4, columns 6-9 the n-gram "
                "totals t1..t4, and p_n = m_n / t_n"),
            ),
            Mistake(
                "columns read in pairs",
                _pairs_interleaved,
                N_("the row is [c, r, m1, m2, m3, m4, t1, t2, t3, t4]: the four matches first, "
                "then the four totals, not pairs (m1, t1), (m2, t2), ...; so m_n is column "
                "n + 1 and t_n column n + 5"),
            ),
            Mistake(
                "c and r swapped",
                _lengths_swapped,
                N_("column 0 is c (the hypothesis lengths), column 1 r (the reference lengths): "
                "the penalty is exp(1 - sum r / sum c) when sum c <= sum r, and 1 when "
                "sum c > sum r"),
            ),
            Mistake(
                "004's ratio",
                _ratio_004,
                N_("BLEU's brevity penalty is exp(1 - r / c) for c <= r, not document 004's ratio "
                "min(1, c / r)"),
            ),
            Mistake(
                "penalties multiplied",
                _bp_product,
                N_("one brevity penalty for the corpus, exp(1 - sum r / sum c) (1 when sum c > "
                "sum r), from the summed lengths: not the product of the sentences' own "
                "penalties, which punishes every short sentence again"),
            ),
            Mistake(
                "penalty per sentence",
                _bp_per_sentence,
                N_("one brevity penalty for the corpus, exp(1 - sum r / sum c) (1 when sum c > "
                "sum r), from the summed lengths: not the mean of the sentences' penalties"),
            ),
        ),
        hint=N_("work the failing call by hand: add up each of the ten columns over the rows "
        "first, then compute one BLEU from the sums alone (four precisions from the summed "
        "matches and n-grams, one brevity penalty from the summed lengths); print the sums "
        "inside your function and compare. With a zero summed match count, return 0.0 before "
        "math.log sees it."),
        notebook="08_libraries",
    )
)
