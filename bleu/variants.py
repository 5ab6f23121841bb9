"""The source documents' own BLEU code, re-implemented with its bugs, and two outside formulas.

The notebooks build BLEU correctly with :mod:`bleu`. Learners also meet other versions:
the code printed in the five source documents (notebook 00 lists them) and the formulas of
popular tutorials and libraries. This module reproduces them *as they behave*, bugs
included, so that notebook 09 can put them side by side with :func:`bleu.sentence_bleu`
and show the input that exposes each difference. Nothing here is the right way to score.

Reference: Papineni, Roukos, Ward and Zhu (2002), *BLEU: a Method for Automatic Evaluation
of Machine Translation*, ACL. https://aclanthology.org/P02-1040 ::

    BLEU = BP * exp(sum_n w_n log p_n),   BP = exp(1 - r/c) if c <= r else 1

with ``p_n`` the clipped (modified) n-gram precisions and ``r`` the reference length
closest to the candidate length ``c``.

What each function gets wrong, in one line (details in its docstring):

* :func:`closest_ref_length_000` (000): returns the smallest length *difference*, not a length.
* :func:`bleu_score_000` (000): that ``r`` in the brevity penalty, and log(0) terms dropped.
* :func:`bleu_score_001` (000 and 001): drops log(0) terms, so a zero precision counts as 1.
* :func:`word_precision_003` (003's ``my_bleu_v1``): word-in-reference precision, no clipping.
* :func:`count_substring_003` (003): counts n-grams as regular-expression substrings.
* :func:`grid_ngrams_003` (003): steps through the candidate by ``n`` (non-overlapping).
* :func:`ngram_precisions_003` (003): precisions from those two.
* :func:`brevity_penalty_003` (003): the longest reference's length as ``r``.
* :func:`weighted_mean_003` (003): raises the weighted product to ``sum(weights)``.
* :func:`bleu_003` (003's ``my_bleu_v2``): all of the above together.
* :func:`bleu_v2_003` (003's ``my_bleu_v2`` with its printout): ``mode != 0`` raises
  ``UnboundLocalError``; :func:`ngram_counts_003` gives its unreduced per-order counts.
* :func:`clip_003` (003): its coded clipping and the one its comments describe (equal).
* :func:`closest_ref_length_000_text` (000's text, not its code): the closest length,
  the shorter on a tie, which is right; :func:`ngram_count_lines_000`: 000's printout.
* :func:`bleu_004` (004): ``min(1, c/r) * (prod p_n)^(1/N)``: a linear length factor.
* :func:`bleu_d2l` (d2l.ai): weights ``1/2^n``, orders capped at the candidate length.
* :func:`bleu_nmt` (tensorflow/nmt, HF ``evaluate``): the shortest reference's length as ``r``.

:data:`VARIANTS` wraps them all with one calling convention for tables.

Defined in notebook 09 (pitfalls).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .brevity import brevity_penalty, closest_length
from .checks import (
    MAX_ORDER,
    check_bool,
    check_corpus_shape,
    check_count,
    check_order,
    check_ordered,
    check_real,
    check_references,
    check_segment,
    check_segments,
    check_tokens,
    check_weight_tuple,
)
from .ngrams import iter_ngrams
from .precision import match_counts

DOC_000 = "000_a746c9d26a825dfc.txt"
DOC_001 = "001_56acf587c1aaf306.txt"
DOC_003 = "003_006b9ade54302bf2.txt"
DOC_004 = "004_6b496a7acae0bd96.txt"

UNIFORM_4 = (0.25, 0.25, 0.25, 0.25)


# -- argument checks --------------------------------------------------------------------------
def _sentence(value: object, name: str) -> str:
    return check_segment(value, name)


def _sentences(value: object, name: str) -> list[str]:
    items = check_segments(value, name)
    if not items:
        raise ValueError(f"{name} is empty: give at least one reference sentence")
    return items


def _precisions(values: object, name: str = "precisions") -> list[float]:
    """Precisions as given (floats or fractions), each a finite number in [0, 1]."""
    if values is None or not hasattr(values, "__iter__"):
        raise TypeError(f"{name} must be a sequence of precisions, not {type(values).__name__}")
    check_ordered(values, name, "a sequence of precisions")
    items = list(values)
    for i, p in enumerate(items):
        if check_real(p, f"{name}[{i}]") > 1:
            raise ValueError(f"{name}[{i}] must be a precision between 0 and 1, got {p!r}")
    return items


# -- 000 and 001 ------------------------------------------------------------------------------
def _doc_precision(references: list[list], hypothesis: list, n: int) -> float:
    """000/001's ``modified_precision``: clipped matches / n-grams, denominator 0 -> 1.

    Their ``count_clip`` and ``modified_precision`` are correct: this equals
    :func:`bleu.modified_precision` as a float.
    """
    matches, total = match_counts(references, hypothesis, n)
    return matches / (total or 1)


def closest_ref_length_000(candidate: str, references: Sequence[str]) -> int:
    """000's ``closest_ref_length``: **returns a length difference, not a length**.

    Document ``000_a746c9d26a825dfc.txt`` computes ``min(|len(ref) - c|)`` over the
    references and returns that minimum, the *distance* to the closest reference, where
    the paper's ``r`` is the closest reference's *length*. Its own test prints 0 for
    ``'I always do.'`` against itself (the right ``r`` is 3). The brevity penalty then
    uses ``r = 0`` (no penalty at all) or a small number (too small a penalty). Document
    001's version (``min`` with a key) is correct; so is :func:`bleu.closest_ref_length`.

    Whitespace tokens, as the document splits them.

    >>> closest_ref_length_000("I always do.", ["I always do."])
    0
    >>> closest_ref_length_000("a " * 10, ["a " * 9, "a " * 11])  # the paper's r is 9
    1
    """
    c = len(_sentence(candidate, "candidate").split())
    return min(abs(len(ref.split()) - c) for ref in _sentences(references, "references"))


def brevity_penalty_000(candidate: str, references: Sequence[str]) -> float:
    """000's ``brevity_penalty``: the right formula fed with :func:`closest_ref_length_000`.

    ``1`` if ``c > r``, ``0`` if ``c == 0``, else ``exp(1 - r/c)``, where ``r`` is the
    length *difference* (document ``000_a746c9d26a825dfc.txt``). For 'It is a guide'
    against Example 1's references (16, 18 and 16 whitespace tokens) it uses
    ``r = 12`` instead of 16: ``exp(-2) = 0.1353`` instead of ``exp(-3) = 0.0498``.

    >>> round(brevity_penalty_000("a", ["a b"]), 4)  # r = 1, not 2: no penalty
    1.0
    """
    c = len(_sentence(candidate, "candidate").split())
    return brevity_penalty(closest_ref_length_000(candidate, references), c)


def _drop_log_zero(weights: Sequence[float], precisions: Sequence[float]) -> float:
    """``exp(sum w_n log p_n)`` over the non-zero ``p_n`` only (000 and 001)."""
    return math.exp(sum(w * math.log(p) if p != 0 else 0 for w, p in zip(weights, precisions)))


def bleu_score_000(
    candidate: str, references: Sequence[str], weights: Sequence[float] = UNIFORM_4
) -> float:
    """000's ``bleu_score`` on raw sentences: **two bugs**, the length and the log(0).

    Document ``000_a746c9d26a825dfc.txt``: splits on whitespace, computes the modified
    precisions correctly, then

    * uses :func:`brevity_penalty_000`, whose ``r`` is a length difference;
    * sums ``w_n log p_n`` only over ``p_n != 0``: a zero precision adds nothing, as if it
      were 1, so 'the the the the the the the' (no matching bigram) scores
      ``(2/7)^(1/4) = 0.7311`` against Example 2's references instead of 0.

    On the document's own test (Example 1 without final periods) neither bug shows,
    because the candidate has the length of a reference: 0.5045666840058485, as printed.

    >>> refs = ["the cat is on the mat", "there is a cat on the mat"]
    >>> round(bleu_score_000("the the the the the the the", refs), 4)
    0.7311
    """
    cand = _sentence(candidate, "candidate")
    refs = _sentences(references, "references")
    weights = check_weight_tuple(weights, "weights")
    ref_tokens = [r.split() for r in refs]
    p_n = [_doc_precision(ref_tokens, cand.split(), n) for n in range(1, len(weights) + 1)]
    return brevity_penalty_000(cand, refs) * _drop_log_zero(weights, p_n)


def bleu_score_001(
    candidate: Sequence[str],
    references: Sequence[Sequence[str]],
    weights: Sequence[float] = UNIFORM_4,
) -> float:
    """001's ``bleu_score`` on token lists: **drops log(0) terms** (000 has the same line).

    Document ``001_56acf587c1aaf306.txt`` (and ``000_a746c9d26a825dfc.txt``) writes
    ``w * log(p) if p != 0 else 0``: a zero precision contributes 0 to the sum, i.e. it
    counts as ``p = 1``. BLEU's geometric mean is 0 as soon as one precision is 0;
    :func:`bleu.sentence_bleu` returns 0.0 there, NLTK a number near 1e-155. 001's
    closest reference length and brevity penalty are correct, so this is the only
    difference: 'the the the the the the the' gets ``(4/7)^(1/4) * exp(1 - 16/7) =
    0.2404`` against Example 1's references and ``(2/7)^(1/4) = 0.7311`` against
    Example 2's, where BLEU gives 0.

    Arguments in the document's order: the candidate's tokens first, then the
    references' token lists (NLTK puts the references first).

    >>> round(bleu_score_001(["a"], [["a"]]), 4)   # p_2 = p_3 = p_4 = 0 all dropped
    1.0
    """
    hyp = check_tokens(candidate, "candidate")
    refs = check_references(references, "references")
    weights = check_weight_tuple(weights, "weights")
    c = len(hyp)
    bp = brevity_penalty(closest_length(map(len, refs), c), c)
    p_n = [_doc_precision(refs, hyp, n) for n in range(1, len(weights) + 1)]
    return bp * _drop_log_zero(weights, p_n)


# -- 003 --------------------------------------------------------------------------------------
def word_precision_003(candidate: Sequence[str], reference: Sequence[str]) -> float:
    """003's first "BLEU" (``my_bleu_v1``): **word-in-reference precision, no clipping**.

    Document ``003_006b9ade54302bf2.txt`` counts every candidate token that occurs
    anywhere in the (single) reference token list, repeats included, and divides by the
    candidate length. That is the paper's unigram precision *before* clipping: 'the' x7
    against 'the cat is on the mat' scores 7/7 = 1 where the modified precision is 2/7.
    The document prints 0.80 for 'hello this is my code' against 'hello this code is not
    mine' (4 of 5 words; no word repeats there, so clipping would not change it).

    >>> hyp, ref = "hello this is my code", "hello this code is not mine"
    >>> word_precision_003(hyp.split(" "), ref.split(" "))
    0.8
    >>> word_precision_003(["the"] * 7, "the cat is on the mat".split())
    1.0
    """
    hyp = check_tokens(candidate, "candidate")
    ref = set(check_tokens(reference, "reference"))
    if not hyp:
        raise ZeroDivisionError("candidate is empty: 003's my_bleu_v1 divides by its length")
    return sum(1 for token in hyp if token in ref) / len(hyp)


def count_substring_003(gram: Sequence[str], sentence: str) -> int:
    """003's ``calculate_candidate``/``calculate_reference``: **counts regex substrings**.

    Document ``003_006b9ade54302bf2.txt`` joins the n-gram with spaces and counts
    ``re.findall(gram, sentence)`` in the raw sentence. That finds the n-gram inside
    other words ('is' in 'this', 'the' in 'there', 'a' in 'cat'), counts matches that do
    not overlap each other, and treats the tokens as regular expressions: '.' matches any
    character and a token with an unbalanced '(' raises ``re.error``.

    >>> count_substring_003(["is"], "hello this is my code")   # 'this' and 'is'
    2
    >>> count_substring_003(["a"], "cat")
    1
    """
    pattern = " ".join(check_tokens(gram, "gram"))
    return len(re.findall(pattern, _sentence(sentence, "sentence")))


def grid_ngrams_003(tokens: Sequence[str], n: int) -> list[tuple[str, ...]]:
    """The n-grams 003's loop visits: **every n-th start only** (non-overlapping).

    Document ``003_006b9ade54302bf2.txt`` loops ``for j in range(0, len(tokens), n)`` and
    skips a start whose n-gram would run past the end. The paper counts every start
    ``0, 1, 2, ...`` (overlapping n-grams, :func:`bleu.count_ngrams`).

    >>> grid_ngrams_003("I read the book".split(), 2)   # ('read', 'the') is never seen
    [('I', 'read'), ('the', 'book')]
    """
    tokens = check_tokens(tokens, "tokens")
    n = check_order(n, "n")
    return [tuple(tokens[j : j + n]) for j in range(0, len(tokens), n) if j + n <= len(tokens)]


def ngram_precisions_003(
    candidate: str, references: Sequence[str], max_gram: int = 4
) -> list[Fraction]:
    """003's n-gram precisions (``my_bleu_v2``, mode 0): **non-overlapping n-grams**.

    Document ``003_006b9ade54302bf2.txt`` walks the candidate (split on single spaces)
    with ``range(0, len, n)``: for bigrams it looks at tokens (0, 1), (2, 3), ... and never
    at (1, 2), so a matching n-gram that starts at an odd position (for n = 2) is never
    seen. For each n-gram it takes, with :func:`count_substring_003`, the count ``C`` in
    the candidate and ``R_j`` in each reference, and adds ``max_j min(C, R_j)`` to the
    numerator and ``C`` to the denominator. Two more effects follow: substrings count
    (see :func:`count_substring_003`), and an n-gram is visited once per occurrence on the
    grid, each visit adding the whole count again. A unigram that occurs ``C`` times (with
    ``R`` = its largest count in one reference) thus adds ``C * min(C, R)`` to the
    numerator and ``C * C`` to the denominator, instead of ``min(C, R)`` and ``C``:
    'the' x7 against Example 2 gives 7 * 2 / (7 * 7) = 14/49, which happens to equal 2/7,
    but 'a a b' against 'a b' gives (2 * 1 + 1) / (2 * 2 + 1) = 3/5 instead of 2/3.

    Returns exact fractions ``numerator/denominator`` (unreduced values are lost; the
    document divides them as floats). When the candidate has fewer than ``n`` tokens the
    denominator is 0 and, as in the document, ``ZeroDivisionError`` is raised.

    >>> hyp, ref = "hello this is my code", "hello this code is not mine"
    >>> [str(p) for p in ngram_precisions_003(hyp, [ref], 2)]
    ['5/6', '1/2']
    """
    cand = _sentence(candidate, "candidate")
    refs = _sentences(references, "references")
    max_gram = check_order(max_gram, "max_gram")
    tokens = cand.split(" ")
    out: list[Fraction] = []
    for n in range(1, max_gram + 1):
        numerator = denominator = 0
        for gram in grid_ngrams_003(tokens, n):
            in_candidate = count_substring_003(gram, cand)
            numerator += max(min(in_candidate, count_substring_003(gram, r)) for r in refs)
            denominator += in_candidate
        if denominator == 0:
            raise ZeroDivisionError(
                f"003's my_bleu_v2 divides by zero at n = {n}: the candidate has no "
                f"{n}-gram on its non-overlapping grid (it has {len(tokens)} tokens)"
            )
        out.append(Fraction(numerator, denominator))
    return out


def brevity_penalty_003(candidate: str, references: Sequence[str]) -> float:
    """003's brevity penalty: **the longest reference is** ``r``.

    Document ``003_006b9ade54302bf2.txt``: ``BP = 1`` when the candidate length equals the
    length of any reference or exceeds the longest one; otherwise ``exp(1 - r_max / c)``.
    The paper uses the *closest* reference length. The document's own figure: a 2-token
    candidate with a 7-token longest reference gets ``exp(1 - 7/2) = 0.082``. Lengths
    are counted by splitting on single spaces.

    >>> refs = ["the cat is on the mat", "there is a cat on the mat"]
    >>> round(brevity_penalty_003("it is", refs), 3)
    0.082
    """
    c = len(_sentence(candidate, "candidate").split(" "))
    lengths = [len(r.split(" ")) for r in _sentences(references, "references")]
    if c in lengths:  # the document's extra rule; otherwise the paper's formula, r = longest
        return 1.0
    return brevity_penalty(max(lengths), c)


def weighted_mean_003(precisions: Sequence[float], weights: Sequence[float]) -> float:
    """003's ``calculate_average``: **raises the product to sum(weights)**.

    Document ``003_006b9ade54302bf2.txt`` writes the weighted geometric mean as
    ``(prod p_n^w_n)^(1 / sum w_n)`` and says the weights are usually all 1, but its code
    computes ``(prod p_n^w_n)^(sum w_n)``. With weights summing to 1 the two agree; with
    weights (1, 1, 1, 1) the code gives ``(prod p_n)^4`` instead of ``(prod p_n)^(1/4)``.

    >>> weighted_mean_003([0.5, 0.5], [1, 1])          # the text's formula gives 0.5
    0.0625
    >>> round(weighted_mean_003([0.5, 0.5], [0.5, 0.5]), 12)
    0.5
    """
    weights = check_weight_tuple(weights, "weights")
    precisions = _precisions(precisions)
    if len(precisions) > len(weights):
        raise ValueError("weights must have at least one weight per precision")
    product = 1.0
    for p, w in zip(precisions, weights):
        product *= float(p) ** w
    return product ** sum(weights)


def bleu_003(
    candidate: str,
    references: Sequence[str],
    max_gram: int = 4,
    weights: Sequence[float] = UNIFORM_4,
) -> float:
    """003's full BLEU (``my_bleu_v2``, mode 0), all of its quirks together.

    Document ``003_006b9ade54302bf2.txt``: :func:`ngram_precisions_003` (non-overlapping
    n-grams, regex substring counts), combined by :func:`weighted_mean_003` (exponent
    ``sum(weights)``) and multiplied by :func:`brevity_penalty_003` (longest reference).
    A candidate shorter than ``max_gram`` tokens raises ``ZeroDivisionError``, as the
    document's code does. The document runs it on 'how old is the man' but shows no
    output; the value is 0 (no bigram matches).

    >>> refs = ["this is a dog and not is a cat", "this is a cat and not is a dog",
    ...         "it is a dragon", "i like play ball"]
    >>> bleu_003("how old is the man", refs)
    0.0
    """
    weights = check_weight_tuple(weights, "weights")
    precisions = ngram_precisions_003(candidate, references, max_gram)
    return brevity_penalty_003(candidate, references) * weighted_mean_003(precisions, weights)


# -- the documents' single items (notebook 09, "The documents' items one by one") -----------
def closest_ref_length_000_text(candidate: str, references: Sequence[str]) -> int:
    """The rule 000's *text* gives for ``r``: the closest length, the shorter on a tie.

    Document ``000_a746c9d26a825dfc.txt`` says in words that ``r`` is the length of the
    reference closest in length to the candidate and that, of two equally close
    references, the shorter is taken (its example: a 10-token candidate with references of
    9 and 11 tokens gets ``r = 9``). That is the paper's rule and NLTK's
    (:func:`bleu.closest_ref_length`). The document's *code*,
    :func:`closest_ref_length_000`, returns the difference instead: 1 on that example.

    Whitespace tokens, as the document splits them.

    >>> ten = "a b c d e f g h i j"
    >>> refs = ["a b c d e f g h i", "a b c d e f g h i j k"]
    >>> closest_ref_length_000_text(ten, refs), closest_ref_length_000(ten, refs)
    (9, 1)
    """
    c = len(_sentence(candidate, "candidate").split())
    lengths = [len(ref.split()) for ref in _sentences(references, "references")]
    return min(lengths, key=lambda length: (abs(length - c), length))


def ngram_count_lines_000(candidate: str, n: int = 1) -> list[str]:
    """The lines 000's counting loop prints: each distinct n-gram (a tuple), then its count.

    Document ``000_a746c9d26a825dfc.txt`` counts the n-grams of a whitespace-split
    sentence in a ``Counter`` and prints its entries with a loop, one line per distinct
    n-gram in order of first appearance: the tuple as Python shows it, a space, the count.
    For 'the the the the the the the' and ``n = 1`` that is the single line
    ``('the',) 7``. The count is right: it is the candidate's own count before clipping,
    as :func:`bleu.count_ngrams` gives it (the clipped count against Example 2 is 2).

    >>> ngram_count_lines_000("the the the the the the the")
    ["('the',) 7"]
    >>> ngram_count_lines_000("a b a", 2)
    ["('a', 'b') 1", "('b', 'a') 1"]
    """
    tokens = _sentence(candidate, "candidate").split()
    n = check_order(n, "n")
    return [f"{gram!r} {count}" for gram, count in Counter(iter_ngrams(tokens, n)).items()]


def ngram_counts_003(
    candidate: str, references: Sequence[str], max_gram: int = 4
) -> list[tuple[int, int]]:
    """003's numerator and denominator for each order, unreduced, as its loop prints them.

    Document ``003_006b9ade54302bf2.txt`` (``my_bleu_v2``) sums, per order ``n``, the
    clipped counts (its "mole", the numerator) and the candidate counts (its "deno", the
    denominator) of the n-grams on its non-overlapping grid, counting regex substrings:
    see :func:`ngram_precisions_003`, which divides these. An order without a grid n-gram
    gives ``(0, 0)`` here; the document divides that and raises ``ZeroDivisionError``.

    >>> refs = ["this is a dog and not is a cat", "this is a cat and not is a dog",
    ...         "it is a dragon", "i like play ball"]
    >>> ngram_counts_003("how old is the man", refs)
    [(1, 5), (0, 2), (0, 1), (0, 1)]
    """
    cand = _sentence(candidate, "candidate")
    refs = _sentences(references, "references")
    max_gram = check_order(max_gram, "max_gram")
    tokens = cand.split(" ")
    out: list[tuple[int, int]] = []
    for n in range(1, max_gram + 1):
        numerator = denominator = 0
        for gram in grid_ngrams_003(tokens, n):
            in_candidate = count_substring_003(gram, cand)
            numerator += clip_003(in_candidate, [count_substring_003(gram, r) for r in refs])
            denominator += in_candidate
        out.append((numerator, denominator))
    return out


def clip_003(candidate_count: int, reference_counts: Sequence[int], method: int = 1) -> int:
    """003's clipped count, by its coded method 1 or its described method 2: always equal.

    Document ``003_006b9ade54302bf2.txt`` codes method 1: take ``min(C, R_j)`` with each
    reference's count ``R_j``, then the largest of these, ``max_j min(C, R_j)``. Its
    comments describe a method 2, the largest reference count first and then the minimum
    with ``C``, ``min(C, max_j R_j)``, and say both give the same result. They do: every
    ``min(C, R_j)`` is at most ``min(C, max_j R_j)``, and the reference with the largest
    count reaches it. Method 2 is the paper's ``Count_clip`` as NLTK's
    ``modified_precision`` and :func:`bleu.clipped_counts` compute it.

    >>> clip_003(3, [4, 1, 0]), clip_003(3, [4, 1, 0], method=2)
    (3, 3)
    >>> clip_003(7, [2, 2], 1) == clip_003(7, [2, 2], 2) == 2
    True
    """
    candidate_count = check_count(candidate_count, "candidate_count", minimum=0)
    if reference_counts is None or not hasattr(reference_counts, "__iter__"):
        raise TypeError("reference_counts must be a list of counts, one per reference")
    check_ordered(reference_counts, "reference_counts", "a list of counts")
    counts = [
        check_count(r, f"reference_counts[{j}]", minimum=0) for j, r in enumerate(reference_counts)
    ]
    method = check_count(method, "method")
    if not counts:
        raise ValueError("reference_counts is empty: give one count per reference")
    if method == 1:
        return max(min(candidate_count, r) for r in counts)
    if method == 2:
        return min(candidate_count, max(counts))
    raise ValueError(f"method must be 1 or 2, got {method!r}")


def bleu_v2_003(
    candidate: str,
    references: Sequence[str],
    max_gram: int = 4,
    weights: Sequence[float] = UNIFORM_4,
    mode: int = 0,
    echo: Callable[[str], object] = print,
) -> float:
    """003's ``my_bleu_v2`` as a whole: what it prints, its ``mode`` switch and its crashes.

    Document ``003_006b9ade54302bf2.txt``. With ``mode=0`` (the default, and its own call)
    it reports, for each order, the numerator ("mole") and the denominator ("deno") of its
    precision (:func:`ngram_counts_003`), dividing right after each report, then the list
    of precisions and their weighted mean (:func:`weighted_mean_003`); it returns
    :func:`brevity_penalty_003` times that mean, the value of :func:`bleu_003`. Any other
    ``mode`` skips the whole precision block (the document only describes its method 2 in
    comments, see :func:`clip_003`) yet still multiplies by the mean at the end, which was
    never computed: Python raises ``UnboundLocalError``. An order without a grid n-gram
    (a candidate shorter than ``max_gram``) raises ``ZeroDivisionError`` after its report.

    The report lines are in this module's words (one per order, ``order n: mole m,
    deno d``, then the precisions and the mean); ``echo`` receives each line (``print``
    by default; pass ``list.append`` to collect them). On the document's own test, 'how
    old is the man' against its four references, the orders give 1/5, 0/2, 0/1 and 0/1
    and the result is 0.0.

    >>> refs = ["this is a dog and not is a cat", "this is a cat and not is a dog",
    ...         "it is a dragon", "i like play ball"]
    >>> bleu_v2_003("how old is the man", refs)
    order 1: mole 1, deno 5
    order 2: mole 0, deno 2
    order 3: mole 0, deno 1
    order 4: mole 0, deno 1
    precisions: [0.2, 0.0, 0.0, 0.0]
    weighted mean: 0.0
    0.0
    """
    cand = _sentence(candidate, "candidate")
    refs = _sentences(references, "references")
    max_gram = check_order(max_gram, "max_gram")
    weights = check_weight_tuple(weights, "weights")
    if mode == 0:
        precisions = []
        for n, (numerator, denominator) in enumerate(ngram_counts_003(cand, refs, max_gram), 1):
            echo(f"order {n}: mole {numerator}, deno {denominator}")
            precisions.append(numerator / denominator)  # 0/0 raises, as in the document
        echo(f"precisions: {precisions}")
        mean = weighted_mean_003(precisions, weights)
        echo(f"weighted mean: {mean}")
    # with mode != 0, ``mean`` was never assigned: this line raises UnboundLocalError
    return brevity_penalty_003(cand, refs) * mean


# -- 004 --------------------------------------------------------------------------------------
def formula_004(precisions: Sequence[float], hyp_len: int, ref_len: int) -> float:
    """004's simplified formula: ``min(1, c/r) * (prod_n p_n)^(1/N)``.

    Document ``004_6b496a7acae0bd96.txt`` replaces the brevity penalty ``exp(1 - r/c)``
    by the ratio ``min(1, c/r)``, which punishes a short candidate less (c/r = 6/14 gives
    3/7 = 0.4286 where ``exp(1 - 14/6) = 0.2636``). Its worked example:
    ``(10/14 * 5/13 * 2/12 * 1/11)^(1/4) = 0.254``.

    >>> round(formula_004([10/14, 5/13, 2/12, 1/11], 14, 14), 3)
    0.254
    >>> formula_004([1, 1, 1, 1], 6, 14) == 6 / 14
    True
    """
    precisions = _precisions(precisions)
    if not precisions:
        raise ValueError("precisions is empty: give one precision per n-gram order")
    hyp_len = check_count(hyp_len, "hyp_len", minimum=0)
    ref_len = check_count(ref_len, "ref_len", minimum=1)
    product = math.prod(float(p) for p in precisions)
    return min(1.0, hyp_len / ref_len) * product ** (1 / len(precisions))


def bleu_004(
    references: Sequence[Sequence[str]], hypothesis: Sequence[str], max_n: int = 4
) -> float:
    """004's BLEU on token lists: **the length factor min(1, c/r)** instead of BP.

    Document ``004_6b496a7acae0bd96.txt`` gives the formula (no code) with one reference;
    here the clipped precisions are the paper's and ``r`` is the closest reference length
    (as :func:`bleu.sentence_bleu`), so the length factor is the only difference. See
    :func:`formula_004`.

    >>> round(bleu_004([["a", "b", "c", "d", "e", "f"]], ["a", "b", "c"], max_n=1), 4)
    0.5
    """
    refs = check_references(references, "references")
    hyp = check_tokens(hypothesis, "hypothesis")
    max_n = check_order(max_n, "max_n", limit=MAX_ORDER)
    p_n = [
        Fraction(*match_counts(refs, hyp, n)) if len(hyp) >= n else 0 for n in range(1, max_n + 1)
    ]
    return formula_004(p_n, len(hyp), closest_length(map(len, refs), len(hyp)))


# -- formulas learners meet elsewhere ---------------------------------------------------------
def bleu_d2l(pred_seq: str, label_seq: str, k: int = 4) -> float:
    """The BLEU of *Dive into Deep Learning* (d2l.ai, section "Sequence to Sequence Learning").

    ``exp(min(0, 1 - len_label/len_pred)) * prod_{n=1}^{min(k, len_pred)} p_n^(1/2^n)``
    with one reference and single-space tokens. The brevity factor is the paper's. The
    differences: the weights ``1/2^n`` (1/2, 1/4, 1/8, 1/16) favour the lower orders and sum
    to less than 1, so every imperfect score is higher than BLEU's; orders longer than
    the prediction are skipped instead of scoring 0; and there is one reference only.
    Clipping is right (each matched reference n-gram is used up).

    >>> bleu_d2l("it is", "it is")           # BLEU-4 is 0: there is no 3-gram
    1.0
    >>> round(bleu_d2l("a b c d e", "a b c d f"), 4)   # BLEU-4: 0.2^(1/4) = 0.6687
    0.7577
    """
    pred = _sentence(pred_seq, "pred_seq").split(" ")
    label = _sentence(label_seq, "label_seq").split(" ")
    k = check_order(k, "k")
    score = brevity_penalty(len(label), len(pred))  # written exp(min(0, 1 - r/c)) there
    for n in range(1, min(k, len(pred)) + 1):
        available = Counter(iter_ngrams(label, n))
        matches = 0
        for gram in iter_ngrams(pred, n):
            if available[gram] > 0:
                matches += 1
                available[gram] -= 1
        score *= (matches / (len(pred) - n + 1)) ** (0.5**n)
    return score


def bleu_nmt(
    reference_corpus: Sequence[Sequence[Sequence[str]]],
    translation_corpus: Sequence[Sequence[str]],
    max_order: int = 4,
    smooth: bool = False,
) -> float:
    """tensorflow/nmt's ``compute_bleu`` (also HF ``evaluate``'s "bleu"): **shortest reference**.

    Corpus BLEU on token lists (``reference_corpus[i]`` holds the references of sentence
    ``i``). Clipped precisions and uniform weights as the paper, but the reference length
    added for each sentence is its *shortest* reference, not the closest: a candidate
    longer than the shortest reference escapes the penalty whatever the other
    references. ``BP = exp(1 - 1/ratio)`` for ``ratio = c/r <= 1`` (an empty corpus
    translation raises ``ZeroDivisionError``, as the original). With ``smooth`` every
    order gets ``(m + 1) / (l + 1)`` (Lin and Och, 2004). HF ``evaluate`` calls the same
    function after its 13a tokenizer. Returns the score only.

    >>> round(bleu_nmt([[["the", "cat", "is", "on", "the", "mat"], ["a", "cat"]]],
    ...                [["the", "cat", "is", "on", "the"]]), 4)
    1.0
    """
    refs_in, hyps_in = check_corpus_shape(
        reference_corpus, translation_corpus, "reference_corpus", "translation_corpus"
    )
    max_order = check_order(max_order, "max_order", limit=MAX_ORDER)
    smooth = check_bool(smooth, "smooth")
    matches = [0] * max_order
    possible = [0] * max_order
    ref_len = hyp_len = 0
    for i, (refs, hyp) in enumerate(zip(refs_in, hyps_in)):
        refs = check_references(refs, f"reference_corpus[{i}]")
        hyp = check_tokens(hyp, f"translation_corpus[{i}]")
        ref_len += min(len(r) for r in refs)
        hyp_len += len(hyp)
        for n in range(1, min(max_order, len(hyp)) + 1):  # no longer n-gram: adds nothing
            m, total = match_counts(refs, hyp, n)
            matches[n - 1] += m
            possible[n - 1] += total
    if smooth:
        precisions = [(m + 1) / (t + 1) for m, t in zip(matches, possible)]
    else:
        precisions = [m / t if t > 0 else 0.0 for m, t in zip(matches, possible)]
    if min(precisions) > 0:
        geo_mean = math.exp(sum(math.log(p) / max_order for p in precisions))
    else:
        geo_mean = 0.0
    if ref_len == 0 or hyp_len == 0:  # the original divides by both lengths
        raise ZeroDivisionError("float division by zero (an empty corpus, as in tensorflow/nmt)")
    return geo_mean * brevity_penalty(ref_len, hyp_len)  # there: exp(1 - 1/ratio), ratio = c/r


# -- one calling convention for tables --------------------------------------------------------
def _uniform(weights: tuple[float, ...]) -> bool:
    return all(math.isclose(w, 1 / len(weights)) for w in weights)


def _run_000(refs: list[str], cand: str, weights: tuple[float, ...]) -> float | None:
    return bleu_score_000(cand, refs, weights)


def _run_001(refs: list[str], cand: str, weights: tuple[float, ...]) -> float | None:
    return bleu_score_001(cand.split(), [r.split() for r in refs], weights)


def _run_003_v1(refs: list[str], cand: str, weights: tuple[float, ...]) -> float | None:
    if len(refs) != 1 or weights != (1.0,):
        return None
    return word_precision_003(cand.split(" "), refs[0].split(" "))


def _run_003(refs: list[str], cand: str, weights: tuple[float, ...]) -> float | None:
    return bleu_003(cand, refs, len(weights), weights)


def _run_004(refs: list[str], cand: str, weights: tuple[float, ...]) -> float | None:
    if not _uniform(weights):
        return None
    return bleu_004([r.split() for r in refs], cand.split(), len(weights))


def _run_d2l(refs: list[str], cand: str, weights: tuple[float, ...]) -> float | None:
    if len(refs) != 1 or not _uniform(weights):
        return None
    return bleu_d2l(cand, refs[0], len(weights))


def _run_nmt(refs: list[str], cand: str, weights: tuple[float, ...]) -> float | None:
    if not _uniform(weights):
        return None
    return bleu_nmt([[r.split() for r in refs]], [cand.split()], len(weights))


@dataclass(frozen=True)
class Variant:
    """One implementation, callable on raw sentences: ``variant.score(references, candidate)``.

    ``score`` splits on whitespace as the implementation does and returns ``None`` when
    the implementation cannot take the input: several references for a one-reference
    formula, or weights it has no place for (004, d2l.ai and nmt fix their own weights and
    only read the number of orders from ``weights``; 003's first "BLEU" is a unigram
    precision, shown for ``weights=(1,)`` only). Errors the original raises (003 on a
    candidate shorter than the highest order) are raised.
    """

    key: str
    label: str
    source: str
    bug: str
    run: Callable[[list[str], str, tuple[float, ...]], float | None]

    def score(
        self, references: Sequence[str], candidate: str, weights: Sequence[float] = UNIFORM_4
    ) -> float | None:
        """The score of ``candidate`` (a str) against ``references`` (a list of str)."""
        cand = _sentence(candidate, "candidate")
        refs = _sentences(references, "references")
        weights = tuple(float(w) for w in check_weight_tuple(weights, "weights"))
        return self.run(refs, cand, weights)


VARIANTS: dict[str, Variant] = {
    v.key: v
    for v in (
        Variant(
            "000",
            "000 bleu_score",
            DOC_000,
            "r is the smallest length difference; log(0) terms dropped",
            _run_000,
        ),
        Variant(
            "001", "001 bleu_score", DOC_001, "log(0) terms dropped (p_n = 0 counts as 1)", _run_001
        ),
        Variant(
            "003v1",
            "003 my_bleu_v1",
            DOC_003,
            "word-in-reference unigram precision, no clipping, no BP",
            _run_003_v1,
        ),
        Variant(
            "003",
            "003 my_bleu_v2",
            DOC_003,
            "regex substrings, non-overlapping n-grams, longest-reference BP, exponent sum(w)",
            _run_003,
        ),
        Variant("004", "004 formula", DOC_004, "length factor min(1, c/r)", _run_004),
        Variant(
            "d2l",
            "d2l.ai",
            "Dive into Deep Learning, d2l.bleu",
            "weights 1/2^n; orders above the candidate length skipped; one reference",
            _run_d2l,
        ),
        Variant(
            "nmt",
            "tf/nmt = HF evaluate",
            "tensorflow/nmt scripts/bleu.py; Hugging Face evaluate 'bleu'",
            "r is the shortest reference length",
            _run_nmt,
        ),
    )
}
