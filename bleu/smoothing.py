"""Smoothing for sentence-level BLEU: the seven methods of Chen and Cherry (2014).

Boxing Chen and Colin Cherry. 2014. *A Systematic Comparison of Smoothing Techniques for
Sentence-Level BLEU*. In Proceedings of WMT. https://aclanthology.org/W14-3346

A single short sentence often has no matching 4-gram, so ``p_4 = 0`` and the geometric
mean, hence BLEU, is 0 however good the rest is. A smoothing method replaces the zero (and
sometimes the other precisions) by a small positive estimate. The methods here reproduce
NLTK's ``SmoothingFunction`` value for value, including its quirks, which each docstring
names.

Each method takes the list ``p_n`` of precisions (``p_n[0]`` is the unigram precision) and
returns a new list. An entry of ``p_n`` is a :class:`Precision`: a fraction that also keeps
its unreduced counts (``matches`` and ``total``), because several methods work on counts.

Defined in notebook 08 (libraries: smoothing).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

from .checks import check_references, check_tokens
from .precision import match_counts

Number = Any  # a Fraction, a Precision or a float, as the methods produce them


class Precision(Fraction):
    """A modified precision ``matches / total`` that remembers its unreduced counts.

    ``total`` is NLTK's denominator: the number of hypothesis n-grams, at least 1 per
    sentence. The value is an ordinary (reduced) fraction.

    >>> p = Precision(4, 6)
    >>> p, p.matches, p.total
    (Precision(2, 3), 4, 6)
    """

    __slots__ = ("matches", "total")

    def __new__(cls, matches: int, total: int) -> Precision:
        self = super().__new__(cls, matches, total)
        self.matches = matches
        self.total = total
        return self

    def __repr__(self) -> str:
        return f"Precision({self.numerator}, {self.denominator})"


class CountedFloat(float):
    """A modified precision as a ``float`` that also keeps its counts, like :class:`Precision`.

    The lean scorers (:mod:`bleu.lean`, :mod:`bleu.batch`) hand these to the methods
    below: float arithmetic instead of exact fractions, the same value to the last bit or
    two (``m / t`` of two ints is correctly rounded, as ``float(Fraction(m, t))`` is).

    >>> p = CountedFloat(4, 6)
    >>> p, p.matches, p.total
    (0.6666666666666666, 4, 6)
    """

    __slots__ = ("matches", "total")

    def __new__(cls, matches: int, total: int) -> CountedFloat:
        self = super().__new__(cls, matches / total)
        self.matches = matches
        self.total = total
        return self


class UnreducedFraction(Fraction):
    """A fraction whose ``numerator`` and ``denominator`` stay as given, as NLTK's do.

    NLTK's ``modified_precision`` returns ``Fraction(m, t, _normalize=False)`` and its
    smoothing methods 1-4, 6 and 7 read ``p.numerator`` and ``p.denominator`` as the raw
    counts ``m`` and ``t``. A smoothing function that is not this module's (NLTK's own,
    or one written for NLTK) is handed these, so it gives NLTK's value. The value is the
    ordinary fraction's.

    >>> p = UnreducedFraction(4, 6)
    >>> p.numerator, p.denominator, p == Fraction(2, 3)
    (4, 6, True)
    """

    def __new__(cls, numerator: int, denominator: int) -> UnreducedFraction:
        self = super().__new__(cls, numerator, denominator)
        self._counts = (numerator, denominator)
        return self

    @property
    def numerator(self) -> int:  # type: ignore[override]
        return self._counts[0]

    @property
    def denominator(self) -> int:  # type: ignore[override]
        return self._counts[1]

    def __repr__(self) -> str:
        return f"UnreducedFraction({self._counts[0]}, {self._counts[1]})"


def _raw(p: Number) -> tuple[Number, Number]:
    """Unreduced (matches, total) of a precision, or its reduced form for a plain one."""
    if isinstance(p, (Precision, CountedFloat)):
        return p.matches, p.total
    return p.numerator, p.denominator


class SmoothingFunction:
    """The smoothing methods of Chen and Cherry (2014), with NLTK's parameters.

    >>> from bleu import sentence_bleu
    >>> hyp = "a cat sat on a mat".split()
    >>> refs = ["the cat sat on the mat".split()]
    >>> sentence_bleu(refs, hyp)        # no matching 4-gram
    0.0
    >>> round(sentence_bleu(refs, hyp, smoothing_function=SmoothingFunction().method1), 4)
    0.2171

    :param epsilon: the count added to a zero numerator by :meth:`method1`.
    :param alpha: the prior's weight in :meth:`method6`.
    :param k: the constant ``K`` of :meth:`method4`.
    """

    def __init__(self, epsilon: float = 0.1, alpha: float = 5, k: float = 5) -> None:
        self.epsilon = epsilon
        self.alpha = alpha
        self.k = k

    def __repr__(self) -> str:
        return f"SmoothingFunction(epsilon={self.epsilon}, alpha={self.alpha}, k={self.k})"

    def method0(self, p_n: Sequence[Number], *args: Any, **kwargs: Any) -> list[Number]:
        """No smoothing: ``p'_n = p_n``.

        A zero precision stays zero and makes the score exactly 0.0. (NLTK instead puts
        ``sys.float_info.min`` in its place, prints a warning and returns a tiny positive
        number such as 1e-77; see :func:`bleu.sentence_bleu`.)
        """
        return list(p_n)

    def method1(self, p_n: Sequence[Number], *args: Any, **kwargs: Any) -> list[Number]:
        """Add ``epsilon`` to a zero numerator: ``p'_n = (m_n + epsilon) / l_n`` when ``m_n = 0``.

        Chen and Cherry (2014), smoothing 1. ``l_n`` is the unreduced denominator.
        """
        out: list[Number] = []
        for p in p_n:
            m, total = _raw(p)
            out.append((m + self.epsilon) / total if m == 0 else p)
        return out

    def method2(self, p_n: Sequence[Number], *args: Any, **kwargs: Any) -> list[Number]:
        """Add one to numerator and denominator for every order n >= 2.

        ``p'_n = (m_n + 1) / (l_n + 1)`` for ``n >= 2``; ``p'_1 = p_1``. From Lin and Och
        (2004), *ORANGE: a Method for Evaluating Automatic Evaluation Metrics for Machine
        Translation*, COLING; smoothing 2 in Chen and Cherry (2014). As in NLTK, orders
        with matches are changed too.
        """
        out: list[Number] = [p_n[0]] if p_n else []
        for p in p_n[1:]:
            m, total = _raw(p)
            # floats stay floats (the lean path): (m + 1) / (l + 1) is correctly rounded
            kind = CountedFloat if isinstance(p, CountedFloat) else Fraction
            out.append(kind(m + 1, total + 1))
        return out

    def method3(self, p_n: Sequence[Number], *args: Any, **kwargs: Any) -> list[Number]:
        """NIST geometric smoothing: the k-th zero precision becomes ``1 / (2^k l_n)``.

        ``k`` counts the zero precisions met so far, from 1 (mteval-v13a.pl; smoothing 3
        in Chen and Cherry, 2014).
        """
        out: list[Number] = []
        k = 1
        for p in p_n:
            m, total = _raw(p)
            if m == 0:
                out.append(1 / (2**k * total))
                k += 1
            else:
                out.append(p)
        return out

    def method4(
        self,
        p_n: Sequence[Number],
        references: Any = None,
        hypothesis: Any = None,
        hyp_len: int | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> list[Number]:
        """Length-aware geometric smoothing for zero precisions (smoothing 4).

        The k-th zero precision becomes ``ln(c) / (2^k K l_n)``, so shorter hypotheses
        (length ``c``) get smaller smoothed counts. Nothing changes when ``c <= 1``.
        ``c`` is ``hyp_len`` when given, else ``len(hypothesis)``; for a corpus it is the
        total hypothesis length, as in NLTK.
        """
        c = hyp_len if hyp_len else len(hypothesis or ())
        out: list[Number] = []
        k = 1
        for p in p_n:
            m, total = _raw(p)
            if m == 0 and c > 1:
                numerator = 1 / (2**k * self.k / math.log(c))
                out.append(numerator / total)
                k += 1
            else:
                out.append(p)
        return out

    def method5(
        self,
        p_n: Sequence[Number],
        references: Any = None,
        hypothesis: Any = None,
        hyp_len: int | None = None,
        *args: Any,
        next_order: Number | None = None,
        **kwargs: Any,
    ) -> list[Number]:
        """Average each precision with its neighbours (smoothing 5).

        ``p'_n = (p'_{n-1} + p_n + p_{n+1}) / 3`` with ``p'_0 = p_1 + 1``. As in NLTK, the
        precision after the last order is always the 5-gram precision (``next_order``;
        computed from ``references`` and ``hypothesis`` when not given), and the result can
        exceed 1 (``p'_1 = 4/3`` for a perfect match).
        """
        if next_order is None:
            next_order = _precision_of(references, hypothesis, 5)
        plus_one = [*p_n, next_order]
        out: list[Number] = []
        previous = p_n[0] + 1 if p_n else 0
        for i, p in enumerate(p_n):
            previous = (previous + p + plus_one[i + 1]) / 3
            out.append(previous)
        return out

    def method6(
        self,
        p_n: Sequence[Number],
        references: Any = None,
        hypothesis: Any = None,
        hyp_len: int | None = None,
        *args: Any,
        ngram_totals: Sequence[int] | None = None,
        **kwargs: Any,
    ) -> list[Number]:
        """Interpolate with a geometric prior from the two lower orders (smoothing 6).

        For ``n >= 3``: ``pi_0 = p'_{n-1}^2 / p_{n-2}`` and
        ``p'_n = (m_n + alpha pi_0) / (l_n + alpha)``, where ``l_n`` is the number of
        hypothesis n-grams (``ngram_totals``; counted from ``hypothesis`` when not given).
        From Gao and He (2013), *Training MRF-Based Phrase Translation Models using
        Gradient Ascent*, NAACL. Needs three orders and a non-zero trigram precision:
        NLTK fails with an AssertionError or IndexError there; this raises ValueError.
        """
        if len(p_n) < 3:
            raise ValueError("smoothing method6 needs weights for at least 3 n-gram orders")
        if p_n[2] == 0:
            raise ValueError("smoothing method6 needs a non-zero trigram precision (p_3 > 0)")
        out: list[Number] = list(p_n)
        for i in range(2, len(p_n)):
            pi0 = 0 if out[i - 2] == 0 else out[i - 1] ** 2 / out[i - 2]
            m, _ = _raw(p_n[i])
            if ngram_totals is not None:
                length = ngram_totals[i]
            else:
                length = max(0, len(hypothesis) - i)
            out[i] = (m + self.alpha * pi0) / (length + self.alpha)
        return out

    def method7(self, p_n: Sequence[Number], *args: Any, **kwargs: Any) -> list[Number]:
        """Smoothing 4 followed by smoothing 5 (smoothing 7 in Chen and Cherry, 2014).

        The arguments are those of :meth:`method4` and :meth:`method5`, handed to both
        (each takes what it reads).
        """
        return self.method5(self.method4(p_n, *args, **kwargs), *args, **kwargs)


def _precision_of(
    references: Sequence[Sequence[Hashable]], hypothesis: Sequence[Hashable], n: int
) -> Precision:
    refs = check_references(references)
    hyp = check_tokens(hypothesis, "hypothesis")
    matches, total = match_counts(refs, hyp, n)
    return Precision(matches, max(1, total))


#: The methods that look beyond the precisions (the 5-gram precision, n-gram totals).
CORPUS_AWARE_METHODS = frozenset(
    {SmoothingFunction.method5, SmoothingFunction.method6, SmoothingFunction.method7}
)


def is_own_method(func: Any, methods: frozenset | None = None) -> bool:
    """True when ``func`` is a method of a :class:`SmoothingFunction` of this module
    (one of ``methods``, when given)."""
    if not isinstance(getattr(func, "__self__", None), SmoothingFunction):
        return False
    return methods is None or getattr(func, "__func__", None) in methods


def smooth(
    smoothing_function: Any,
    precisions: Sequence[Precision],
    references: Any,
    hypothesis: Any,
    hyp_len: int,
    **extra: Any,
) -> list[Number]:
    """Apply ``smoothing_function`` (``None`` for none) as NLTK's BLEU calls it.

    This module's methods get :class:`Precision` s (and, for methods 5-7, the ``extra``
    corpus statistics); any other callable, NLTK's ``SmoothingFunction`` methods included,
    gets NLTK's unreduced fractions and NLTK's keyword arguments only, so it returns what
    it returns inside NLTK. An error inside a foreign function (NLTK's method6 asserts a
    non-zero trigram precision; NLTK's methods 5-7 read the sentences, which
    :func:`bleu.bleu_from_stats` does not have) is reported as a ``ValueError`` naming
    the argument.
    """
    if smoothing_function is None:
        return list(precisions)
    if is_own_method(smoothing_function):
        return smoothing_function(
            list(precisions),
            references=references,
            hypothesis=hypothesis,
            hyp_len=hyp_len,
            **extra,
        )
    if not callable(smoothing_function):
        raise TypeError(
            "smoothing_function must be a smoothing method such as "
            f"SmoothingFunction().method1, not {type(smoothing_function).__name__}"
        )
    unreduced = [UnreducedFraction(p.matches, p.total) for p in precisions]
    try:
        return list(
            smoothing_function(
                unreduced, references=references, hypothesis=hypothesis, hyp_len=hyp_len
            )
        )
    except (AssertionError, IndexError, ZeroDivisionError) as exc:
        name = getattr(smoothing_function, "__qualname__", repr(smoothing_function))
        raise ValueError(
            f"smoothing_function {name} failed on these precisions "
            f"({type(exc).__name__}: {exc}); NLTK fails the same way"
        ) from None
    except TypeError:
        if references is not None and hypothesis is not None:
            raise
        name = getattr(smoothing_function, "__qualname__", repr(smoothing_function))
        raise ValueError(
            f"smoothing_function {name} reads the sentences (references, hypothesis), and "
            "statistics rows have none: score the token lists with corpus_bleu, or use "
            "bleu.SmoothingFunction, whose methods work on rows"
        ) from None
