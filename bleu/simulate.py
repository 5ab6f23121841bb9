"""Simulated MT systems: English reference sentences and seeded corruptions of them.

Real system outputs are not needed to see how BLEU behaves at corpus level. Start from
references, damage them in a controlled way and watch the score fall:

- ``drop``: each word is deleted with probability ``rate`` (missing content);
- ``substitute``: each word is replaced, with probability ``rate``, by a word drawn from
  the corpus vocabulary (wrong lexical choice);
- ``reorder``: going left to right, each word swaps places with the next one with
  probability ``rate`` (local word-order errors);
- ``truncate``: the last ``rate`` fraction of the words is cut off (an output that stops
  early: shorter than the reference, so the brevity penalty bites).

Words are whitespace-separated pieces of the raw sentence (punctuation stays attached),
and the result is a raw sentence again, ready for :func:`bleu.corpus_score`.
Every function takes a ``seed``: the same seed gives the same system.

>>> refs = ["the cat sat on the mat .", "a dog ran in the park ."]
>>> simulate_system(refs, "truncate", 0.5, seed=1)
['the cat sat on', 'a dog ran in']
>>> simulate_system(refs, "drop", 0.3, seed=1) == simulate_system(refs, "drop", 0.3, seed=1)
True

Used in notebook 10 (corpus BLEU and significance).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from .data import DATA_DIR

KINDS: tuple[str, ...] = ("drop", "substitute", "reorder", "truncate")
"""The corruption types, in the order the notebook plots them."""

CORPUS_FILE = "corpus_en.txt"


def load_corpus(name: str = CORPUS_FILE) -> list[str]:
    """The reference sentences of ``data/corpus_en.txt``, one per line (written for the project).

    >>> corpus = load_corpus()
    >>> len(corpus), corpus == generate_sentences(len(corpus), seed=2024)
    (500, True)
    """
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    return text.splitlines()


def _check_rate(rate: float) -> float:
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not math.isfinite(rate):
        raise TypeError(f"rate must be a number between 0 and 1, not {rate!r}")
    if not 0 <= rate <= 1:
        raise ValueError(f"rate must be between 0 and 1, got {rate}")
    return float(rate)


def corrupt(
    words: Sequence[str],
    kind: str,
    rate: float,
    rng: np.random.Generator,
    vocabulary: Sequence[str] = (),
) -> list[str]:
    """One corrupted copy of ``words`` (see the module docstring for the four kinds)."""
    words = list(words)
    if kind == "drop":
        keep = rng.random(len(words)) >= rate
        return [w for w, k in zip(words, keep) if k]
    if kind == "substitute":
        if not vocabulary:
            raise ValueError("substitute needs a non-empty vocabulary to draw words from")
        hit = rng.random(len(words)) < rate
        picks = rng.integers(len(vocabulary), size=len(words))
        return [vocabulary[p] if h else w for w, h, p in zip(words, hit, picks)]
    if kind == "reorder":
        swap = rng.random(len(words)) < rate
        i = 0
        while i < len(words) - 1:
            if swap[i]:
                words[i], words[i + 1] = words[i + 1], words[i]
                i += 2  # a word moves one place at most
            else:
                i += 1
        return words
    if kind == "truncate":
        return words[: math.ceil(len(words) * (1 - rate))]
    raise ValueError(f"kind={kind!r} is not a corruption; choose one of {', '.join(KINDS)}")


def simulate_system(references: Sequence[str], kind: str, rate: float, seed: int = 0) -> list[str]:
    """A simulated system output: every reference corrupted by ``kind`` at ``rate``."""
    rate = _check_rate(rate)
    if isinstance(references, str):
        raise TypeError("references must be a list of sentences, not a single string")
    rng = np.random.default_rng(seed)
    split = [ref.split() for ref in references]
    vocabulary = sorted({w for words in split for w in words})
    return [" ".join(corrupt(words, kind, rate, rng, vocabulary)) for words in split]


# --- the reference sentences ---------------------------------------------------------


def _words(*chunks: str) -> tuple[str, ...]:
    """Phrases written as ``"a|b|c"`` strings (compact to read and to edit)."""
    return tuple("|".join(chunks).split("|"))


_SUBJECTS = _words(
    "the committee|our team|a young engineer|the city council|most students|"
    "the new model|my neighbour|the research group|several farmers|the museum|"
    "the company|the report|a local baker|the two pilots|the teacher|her brother|"
    "the government|a small startup|the orchestra|the old man|the nurses|our lawyer|"
    "the translator|the volunteers|the minister"
)
_VERBS = tuple(
    tuple(pair.split())
    for pair in _words(
        "approved approve|discussed discuss|rejected reject|announced announce|studied study|"
        "built build|repaired repair|visited visit|described describe|measured measure|"
        "translated translate|published publish|opened open|reviewed review|tested test|"
        "painted paint|sold sell|found find|moved move|explained explain"
    )
)
_OBJECTS = _words(
    "the proposal|a new bridge|the annual budget|the results|two short stories|"
    "the old library|an ancient manuscript|the final draft|a cheaper ticket|"
    "the weather data|the school garden|a strange letter|the main road|the wooden boat|"
    "its first album|the safety rules|a simple recipe|the village market|"
    "the missing files|a better plan"
)
_ADVERBIALS = _words(
    "on Monday|last year|after a long debate|in the morning|without much fuss|"
    "for the first time|in 2019|before the storm|at the end of the week|with great care|"
    "in less than an hour|during the summer|once again|near the station|by the river|"
    "early on Friday"
)
_CLAUSES = _words(
    "because the weather was bad|although nobody expected it|"
    "while the reporters waited outside|so that everyone could see it|"
    "when the lights went out|after the meeting had ended|"
    "even though the costs were high|as the crowd grew restless|"
    "before anyone could object|since the old one was broken"
)
_FACTS = _words(
    "prices rose by 3.5 percent in May|the bridge is 1,200 metres long|"
    "the vote ended 7-2 in favour|the train leaves at 9:30 every day|"
    "about 40 percent of the town voted|the project cost $4.5 million|"
    "the trial lasted 18 months|the lake is 2.3 kilometres wide|"
    "sales fell by 12 percent last quarter|the team won 3-1 on Sunday"
)
_SOURCES = _words(
    "the official figures|a recent survey|the local paper|the annual report|"
    "two independent experts|the city's website"
)
_QUOTES = _words(
    "We are very pleased with the result|Nobody told us about the change|"
    "It will take time, but it will work|This is only the first step|"
    "The numbers speak for themselves|We need more help, not less"
)


def _pick(rng: np.random.Generator, items: Sequence) -> object:
    return items[int(rng.integers(len(items)))]


def _sentence(rng: np.random.Generator) -> str:
    subj, subj2 = str(_pick(rng, _SUBJECTS)), str(_pick(rng, _SUBJECTS))
    (verb, base), (verb2, _) = _pick(rng, _VERBS), _pick(rng, _VERBS)  # type: ignore[misc]
    obj, obj2 = str(_pick(rng, _OBJECTS)), str(_pick(rng, _OBJECTS))
    adv, clause = str(_pick(rng, _ADVERBIALS)), str(_pick(rng, _CLAUSES))
    template = int(rng.integers(9))
    if template == 0:
        text = f"{subj} {verb} {obj} {adv}."
    elif template == 1:
        text = f"{adv}, {subj} {verb} {obj}."
    elif template == 2:
        text = f"{subj} {verb} {obj} {clause}."
    elif template == 3:
        text = f"{subj} said that {subj2} had {verb} {obj} {adv}."
    elif template == 4:
        text = f"did {subj} really {base} {obj} {adv}?"
    elif template == 5:
        text = f"{subj} {verb} {obj}, and {subj2} {verb2} {obj2} {clause}."
    elif template == 6:
        text = f"according to {_pick(rng, _SOURCES)}, {_pick(rng, _FACTS)}."
    elif template == 7:
        text = f'"{_pick(rng, _QUOTES)}," {subj} said {adv}.'
    else:
        text = f"{adv}, {subj} {verb} {obj} {clause}; {subj2} {verb2} {obj2} instead."
    start = 1 if text.startswith('"') else 0
    return text[:start] + text[start].upper() + text[start + 1 :]


def generate_sentences(n: int, seed: int = 2024) -> list[str]:
    """``n`` English sentences from the templates above, the same ones for the same seed.

    ``data/corpus_en.txt`` holds ``generate_sentences(500, seed=2024)``; the benchmark
    uses more of them (3000 with its own seed).

    >>> for sentence in generate_sentences(2, seed=7):
    ...     print(sentence)
    The volunteers reviewed a strange letter near the station.
    "We are very pleased with the result," the research group said near the station.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number >= 0, got {n!r}")
    rng = np.random.default_rng(seed)
    sentences: dict[str, None] = {}
    while len(sentences) < n:  # no sentence twice
        sentences[_sentence(rng)] = None
    return list(sentences)
