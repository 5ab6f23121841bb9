"""The options of a sacreBLEU-style score: what acts on the text, and what acts on the counts.

sacreBLEU's choices fall into two groups, and this module keeps them apart:

- :class:`TextOptions` (``tokenize``, ``lowercase``) decide which tokens a segment has; they
  matter only while statistics rows are made from text;
- :class:`ScoringOptions` (``smooth_method``, ``smooth_value``, ``max_ngram_order``,
  ``use_effective_order``) decide how summed rows become a score; they are all that the
  functions on rows (:func:`bleu.score_from_stats`, the significance tests on rows) take.

:class:`BleuOptions` holds both, as the functions on raw text take them (one flat set of
sacreBLEU's keywords), checks each value once when made, and renders sacreBLEU's
signature. All three are frozen. The first names of two keywords, ``smooth`` and
``effective_order``, are still accepted (:func:`accepts_old_names`).

>>> options = BleuOptions(tokenize="char", smooth_method="floor")
>>> options.text, options.scoring.smoothing_constant
(TextOptions(tokenize='char', lowercase=False), 0.1)
>>> scoring_options({"tokenize": "char"}, order=4)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
TypeError: tokenize= is a text option: statistics rows are already tokenized; ...

Defined for notebook 08 (libraries); not built step by step.
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, TypeVar, get_type_hints

import numpy as np

from .checks import MAX_ORDER, check_bool, check_choice, check_order
from .tokenizers import check_tokenizer_name, segment_tokens, tokenizer_signature
from .version import __version__

SMOOTH_DEFAULTS: dict[str, float | None] = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}
"""sacreBLEU's smoothing methods and the default ``smooth_value`` of each."""

OLD_NAMES: dict[str, str] = {"smooth": "smooth_method", "effective_order": "use_effective_order"}
"""This package's first keyword names and the sacreBLEU names that replaced them."""

TEXT_FIELDS = ("tokenize", "lowercase")
"""The options that act on the text, not on statistics rows."""

F = TypeVar("F", bound=Callable[..., Any])


def sacrebleu_names(keywords: dict[str, Any]) -> dict[str, Any]:
    """``keywords`` with the old names (``smooth``, ``effective_order``) renamed to
    sacreBLEU's; both names of one option at once is a ``TypeError`` naming both.

    >>> sacrebleu_names({"smooth": "floor", "tokenize": "none"})
    {'tokenize': 'none', 'smooth_method': 'floor'}
    >>> sacrebleu_names({"smooth": "floor", "smooth_method": "exp"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: smooth_method= and smooth= name the same option (smooth is its old name): ...
    """
    out = dict(keywords)
    for old, new in OLD_NAMES.items():
        if old in out:
            if new in out:
                raise TypeError(
                    f"{new}= and {old}= name the same option ({old} is its old name): "
                    f"give {new} only"
                )
            out[new] = out.pop(old)
    return out


def accepts_old_names(func: F) -> F:
    """Let ``func`` take the old keywords ``smooth=`` and ``effective_order=`` as well as
    sacreBLEU's ``smooth_method=`` and ``use_effective_order=`` (see :func:`sacrebleu_names`).

    The old names are kept as aliases so that code written before the renaming still runs.
    """

    @functools.wraps(func)
    def with_old_names(*args: Any, **kwargs: Any) -> Any:
        if kwargs and not OLD_NAMES.keys().isdisjoint(kwargs):
            kwargs = sacrebleu_names(kwargs)
        return func(*args, **kwargs)

    return with_old_names  # type: ignore[return-value]


def _check_smoothing(smooth_method: Any, smooth_value: Any) -> None:
    check_choice(smooth_method, "smooth_method", tuple(SMOOTH_DEFAULTS), "smoothing method")
    if smooth_value is None:
        return
    if isinstance(smooth_value, (bool, np.bool_)) or not isinstance(smooth_value, Real):
        raise TypeError(f"smooth_value must be a number or None, not {type(smooth_value).__name__}")
    if not math.isfinite(smooth_value) or smooth_value < 0:
        raise ValueError(f"smooth_value must be finite and >= 0, got {smooth_value!r}")


@dataclass(frozen=True)
class TextOptions:
    """How a segment becomes tokens: sacreBLEU's ``tokenize`` and ``lowercase``.

    >>> TextOptions(lowercase=True).tokens("It costs $3.50.")
    ['it', 'costs', '$', '3.50', '.']
    """

    tokenize: str = "13a"
    lowercase: bool = False

    def __post_init__(self) -> None:
        check_tokenizer_name(self.tokenize)
        object.__setattr__(self, "lowercase", check_bool(self.lowercase, "lowercase"))

    def tokens(self, segment: str) -> list[str]:
        """One segment as tokens: lowercased if asked, stripped, tokenized, split."""
        return segment_tokens(segment, self.tokenize, self.lowercase)


@dataclass(frozen=True)
class ScoringOptions:
    """How summed statistics become a score: smoothing, the n-gram order, effective order.

    ``max_ngram_order`` is also the width of the rows (``2 + 2 * max_ngram_order``
    columns): a function given rows checks that they have that many orders
    (:func:`scoring_options`).

    >>> ScoringOptions(smooth_method="add-k").smoothing_constant
    1
    """

    smooth_method: str = "exp"
    smooth_value: float | None = None
    max_ngram_order: int = 4
    use_effective_order: bool = False

    def __post_init__(self) -> None:
        _check_smoothing(self.smooth_method, self.smooth_value)
        order = check_order(self.max_ngram_order, "max_ngram_order", limit=MAX_ORDER)
        object.__setattr__(self, "max_ngram_order", order)
        effective = check_bool(self.use_effective_order, "use_effective_order")
        object.__setattr__(self, "use_effective_order", effective)

    @property
    def smoothing_constant(self) -> float | None:
        """The ``smooth_value`` in force: the one given, else the method's default."""
        default = SMOOTH_DEFAULTS[self.smooth_method]
        return default if self.smooth_value is None else self.smooth_value


def scoring_options(keywords: dict[str, Any], order: int) -> ScoringOptions:
    """The :class:`ScoringOptions` that ``keywords`` give for rows of ``order`` n-gram orders.

    A text option (``tokenize``, ``lowercase``) is a ``TypeError`` naming it: rows are
    already tokenized, so it would be ignored. A ``max_ngram_order`` other than the rows'
    ``order`` is a ``ValueError``; left out, it is the rows' order. Old names are accepted.
    """
    keywords = sacrebleu_names(keywords)
    for name in TEXT_FIELDS:
        if name in keywords:
            raise TypeError(
                f"{name}= is a text option: statistics rows are already tokenized; give it "
                "where the rows are made (segment_stats, corpus_score)"
            )
    given = keywords.setdefault("max_ngram_order", order)
    made = ScoringOptions(**keywords)
    if made.max_ngram_order != order:
        raise ValueError(
            f"max_ngram_order={given!r} but the statistics rows have {order} n-gram orders "
            f"({2 + 2 * order} columns): give the order the rows were made with"
        )
    return made


@dataclass(frozen=True)
class BleuOptions:
    """sacreBLEU's choices that change the score, checked once when made.

    Every function that scores raw text (:func:`bleu.corpus_score`, the significance
    tests, the command line) takes its options through one of these: the
    :attr:`text` options make the rows, the :attr:`scoring` options score them. The fields
    carry sacreBLEU's keyword names; the old names ``smooth`` and ``effective_order`` are
    accepted as keywords.

    >>> BleuOptions(smooth_method="floor").signature(nrefs=1).rsplit("|", 1)[0]
    'nrefs:1|case:mixed|eff:no|tok:13a|smooth:floor[0.10]'
    >>> BleuOptions(tokenize="14a")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: tokenize='14a' is not a known tokenizer; choose one of none, 13a, ..., ko-mecab
    """

    tokenize: str = "13a"
    lowercase: bool = False
    smooth_method: str = "exp"
    smooth_value: float | None = None
    max_ngram_order: int = 4
    use_effective_order: bool = False

    text: TextOptions = field(init=False, repr=False, compare=False)
    """The options that make the rows from text."""
    scoring: ScoringOptions = field(init=False, repr=False, compare=False)
    """The options that score the rows."""

    def __post_init__(self) -> None:
        text = TextOptions(self.tokenize, self.lowercase)
        scoring = ScoringOptions(
            self.smooth_method, self.smooth_value, self.max_ngram_order, self.use_effective_order
        )
        for part in (text, scoring):  # the checked values (a numpy int becomes an int)
            for name, value in vars(part).items():
                object.__setattr__(self, name, value)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "scoring", scoring)

    @property
    def smoothing_constant(self) -> float | None:
        """The ``smooth_value`` in force (:attr:`ScoringOptions.smoothing_constant`)."""
        return self.scoring.smoothing_constant

    def tokens(self, segment: str) -> list[str]:
        """One segment as tokens under the text options (:meth:`TextOptions.tokens`)."""
        return self.text.tokens(segment)

    def signature(self, nrefs: int | str) -> str:
        """sacreBLEU's signature, with this package's name and version at the end.

        sacreBLEU has no field for the n-gram order (its command line cannot change it);
        ``ngram:N`` is added only when ``N != 4``, so the default keeps sacreBLEU's form.
        """
        value = self.smoothing_constant
        smooth = (
            self.smooth_method
            if SMOOTH_DEFAULTS[self.smooth_method] is None
            else f"{self.smooth_method}[{value:.2f}]"
        )
        parts = [
            f"nrefs:{nrefs}",
            f"case:{'lc' if self.lowercase else 'mixed'}",
            f"eff:{'yes' if self.use_effective_order else 'no'}",
            f"tok:{tokenizer_signature(self.tokenize)}",
            f"smooth:{smooth}",
        ]
        if self.max_ngram_order != 4:
            parts.append(f"ngram:{self.max_ngram_order}")
        parts.append(f"version:bleu-{__version__}")
        return "|".join(parts)


def _with_old_names(init: Callable[..., None]) -> Callable[..., None]:
    """The dataclass's own ``__init__``, taught the old keyword names: an invalid value
    given under an old name is reported under that name (``smooth='bogus' ...``)."""

    @functools.wraps(init)
    def with_old_names(self: BleuOptions, *args: Any, **kwargs: Any) -> None:
        used = [old for old in OLD_NAMES if old in kwargs]
        renamed = sacrebleu_names(kwargs)
        try:
            init(self, *args, **renamed)
        except (TypeError, ValueError) as exc:
            message = str(exc)
            for old in used:
                if message.startswith(OLD_NAMES[old]):
                    raise type(exc)(old + message[len(OLD_NAMES[old]) :]) from None
            raise

    return with_old_names


BleuOptions.__init__ = _with_old_names(BleuOptions.__init__)  # type: ignore[method-assign]


def with_bleu_options(**defaults: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Give a raw-text scorer sacreBLEU's keywords, written once (the fields of
    :class:`BleuOptions`), with ``defaults`` where they differ (sentence scores use the
    effective order).

    The decorated function takes its text arguments and ``options`` (a checked
    :class:`BleuOptions`); the function it becomes takes the text arguments and the
    keywords (``tokenize="char"``, the old names too) and shows them in its signature.

    >>> @with_bleu_options(use_effective_order=True)
    ... def demo(hypothesis, options):
    ...     return options.use_effective_order, options.tokenize
    >>> demo("a b", tokenize="char")
    (True, 'char')
    >>> str(inspect.signature(demo)).split(", smooth_method")[0]
    "(hypothesis, *, tokenize: str = '13a', lowercase: bool = False"
    """

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        own = [
            p for p in inspect.signature(func).parameters.values() if p.name != "options"
        ]
        types = get_type_hints(BleuOptions)
        keywords = [
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                default=defaults.get(name, field.default),
                annotation=types[name],
            )
            for name, field in BleuOptions.__dataclass_fields__.items()
            if field.init
        ]

        positional = len(own)

        @functools.wraps(func)
        def scorer(*args: Any, **keywords_given: Any) -> Any:
            if len(args) > positional:
                raise TypeError(
                    f"{func.__name__}() takes {positional} positional argument(s) and the "
                    "options as keywords (tokenize=..., smooth_method=...), "
                    f"but {len(args)} were given"
                )
            given = sacrebleu_names(keywords_given) if keywords_given else {}
            return func(*args, options=BleuOptions(**{**defaults, **given}))

        scorer.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            own + keywords, return_annotation=inspect.signature(func).return_annotation
        )
        return scorer

    return decorate


def arguments_of(model: Callable[..., Any]) -> Callable[[F], F]:
    """Give a twin ``model``'s defaults and annotations: the arguments are written once.

    The decorated function must have the same parameter names as ``model`` (checked); it
    is returned itself, with ``model``'s ``__defaults__``, ``__kwdefaults__`` and
    argument annotations (its own return annotation stays), so it costs nothing per call.
    The fast twins of the step-by-step scorers take their arguments this way.

    >>> def model(text, lowercase=False): ...
    >>> @arguments_of(model)
    ... def twin(text, lowercase):
    ...     return text.lower() if lowercase else text
    >>> twin("ABC"), str(inspect.signature(twin))
    ('ABC', '(text, lowercase=False)')
    """

    def decorate(func: F) -> F:
        theirs, ours = inspect.signature(model), inspect.signature(func)
        if list(theirs.parameters) != list(ours.parameters):
            raise TypeError(
                f"{func.__name__} must take {model.__name__}'s arguments "
                f"{list(theirs.parameters)}, not {list(ours.parameters)}"
            )
        func.__defaults__ = model.__defaults__
        func.__kwdefaults__ = model.__kwdefaults__
        annotations = {k: v for k, v in model.__annotations__.items() if k != "return"}
        func.__annotations__ = {**annotations, **func.__annotations__}
        return func

    return decorate
