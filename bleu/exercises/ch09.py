"""Exercises of notebook 09 (pitfalls: the documents' own implementations)."""

from __future__ import annotations

import math

from ..data import load_example
from ..i18n import N_
from ..nltk_rules import sentence_bleu
from ..smoothing import SmoothingFunction
from ..variants import (
    bleu_score_000,
    brevity_penalty_000,
    count_substring_003,
    grid_ngrams_003,
)
from . import Exercise, close_to, register, same_answer


def _bp_000() -> float:
    return brevity_penalty_000("it is", list(load_example("example1").references))


def _diagnose_bp_000(answer: object) -> str | None:
    if close_to(answer, math.exp(1 - 16 / 2)):
        return N_("that is the correct penalty (r = 16); 000 puts the length difference in r.")
    if close_to(answer, 4 / 16, rel_tol=1e-9):
        return N_("0.25 is 004's length factor min(1, c/r) = 4/16 for 'It is a guide' (section "
        "004); this exercise asks for 000's penalty exp(1 - r/c) for the 2-token 'it is', with "
        "000's r. (If you meant 0.25 %, write it on the 0-1 scale with four figures.)")
    # 000's whole BLEU for this input, as the big table prints it (0.0021, four decimals)
    whole = bleu_score_000("it is", list(load_example("example1").references))
    if close_to(answer, whole, rel_tol=0.01):
        return N_("that is 000's whole BLEU score for this input (case 5 of the table): the "
        "penalty times the precisions it keeps; the question asks for the penalty alone, "
        "exp(1 - r/c) with 000's r.")
    return None


register(
    Exercise(
        id="ch09.bp-000",
        question="The brevity penalty 000's code uses for 'it is' against Example 1's "
        "references (whitespace tokens).",
        expected=_bp_000,
        hint=N_("000's closest_ref_length returns the smallest |len(ref) - c|; put that in "
        "exp(1 - r/c)."),
        wrong=math.exp(1 - 16 / 2),
        second_hint=N_("in 000's code r becomes the smallest |len(ref) - c| itself, a difference "
        "and not a length; with c = 2, find that difference from the three reference lengths "
        "(whitespace tokens) and put it in exp(1 - r / c)."),
        diagnose=_diagnose_bp_000,
        notebook="09_pitfalls",
    )
)


def _grid() -> list[str]:
    return [" ".join(g) for g in grid_ngrams_003("the cat sat on the mat".split(" "), 2)]


def _as_string(bigram: object) -> object:
    """A bigram given as a tuple or list of words ('the', 'cat'), as one string 'the cat'."""
    if isinstance(bigram, (tuple, list)) and bigram and all(isinstance(w, str) for w in bigram):
        return " ".join(w.strip() for w in bigram)
    return bigram


def _same_bigrams(answer: object, expected: list[str]) -> bool:
    """The bigrams in order, each as a string or as the tuple of words the notebook prints."""
    if not isinstance(answer, (list, tuple)):
        return False
    return same_answer([_as_string(b) for b in answer], expected)


def _words(item: object) -> list[str] | None:
    """The words of one answer item (a string or a tuple/list of strings); None otherwise."""
    if isinstance(item, str):
        return item.split()
    if isinstance(item, (tuple, list)) and all(isinstance(w, str) for w in item):
        return [word for w in item for word in w.split()]
    return None


def _diagnose_grid(answer: object) -> str | None:
    """A hint about the form for the right bigrams written another way; the overlapping
    bigrams named; None for anything else (the loop hints follow)."""
    expected = _grid()
    expected_words = [word for bigram in expected for word in bigram.split()]
    if isinstance(answer, str):
        if answer.replace(",", " ").split() == expected_words:
            return N_("those are the right words, but in one string: give a list with one item "
            "per bigram, either strings of two words such as [\"the cat\", ...] or pairs "
            "such as [(\"the\", \"cat\"), ...].")
        return None
    if isinstance(answer, (set, frozenset)):
        return N_("a set has no order: give the bigrams as a list, in the order the loop "
        "visits them.")
    if not isinstance(answer, (list, tuple)):
        return None
    items = [_words(item) for item in answer]
    if any(words is None for words in items):
        return None
    if [word for words in items for word in words] == expected_words and len(answer) != len(
        expected
    ):
        return N_("those are the right words in the right order, but each item of the list "
        "must be one whole bigram: a string of two words such as \"the cat\", or a pair "
        "(\"the\", \"cat\").")
    if len(answer) == len(expected) and all(isinstance(item, str) for item in answer) and [
        item.replace(" ", "") for item in answer
    ] == [bigram.replace(" ", "") for bigram in expected]:
        return N_("those are the right bigrams, but write a space between the two words of "
        "each one (\"the cat\", not \"thecat\").")
    if len(answer) == 5:
        return N_("those are all the overlapping bigrams; 003 steps by n.")
    return None


register(
    Exercise(
        id="ch09.grid",
        question="The bigrams 003's loop visits in 'the cat sat on the mat', in order, each "
        "as a string ('the cat'); tuples of words, as the notebook prints them, count too.",
        expected=_grid,
        compare=_same_bigrams,
        hint=N_("the loop starts at 0 and steps by n = 2."),
        wrong=["the cat", "cat sat", "sat on", "on the", "the mat"],
        second_hint=N_("the loop visits only every n-th start position; for six tokens and n = 2 "
        "list the start positions it visits, then the bigram that starts at each."),
        diagnose=_diagnose_grid,
        notebook="09_pitfalls",
    )
)


def _substring() -> int:
    return count_substring_003(["a"], load_example("example2").references[1])


register(
    Exercise(
        id="ch09.substring",
        question="How many times 003's counter finds the unigram 'a' in Example 2's second "
        "reference 'there is a cat on the mat'.",
        expected=_substring,
        hint=N_("re.findall looks for the letters anywhere, inside words too."),
        wrong=1,
        second_hint=N_("re.findall counts the letter 'a' wherever it appears; go through 'there is "
        "a cat on the mat' word by word and count the letters, not the words."),
        notebook="09_pitfalls",
    )
)


#: Exercise 4's sentence: four tokens, so it has no 5-gram (notebook 09 shows the six-token
#: 'the cat sat on the mat', whose 5-gram precision is 1).
SHORT_PERFECT = "the cat sat down"


def _method5(sentence: str) -> float:
    tokens = sentence.split()
    return sentence_bleu([tokens], tokens, smoothing_function=SmoothingFunction().method5)


def _method5_short() -> float:
    return _method5(SHORT_PERFECT)


def _diagnose_method5(answer: object) -> str | None:
    if not isinstance(answer, (int, float)):
        return None
    if answer == 1:
        return N_("1 is what a perfect match scores without smoothing, but method5 rewrites "
        "every precision, not only the zeros: for n = 1 the value before p_1 is p_1 + 1 = 2, "
        "which lifts p_1 above 1, and the missing 5-gram (p_5 = 0) pulls p_4 down; work the "
        "four averages in order.")
    if math.isclose(answer, _method5_short() ** 4, rel_tol=1e-4):
        return N_("that is the product of the four smoothed precisions, exp of the sum of their "
        "logs; BLEU takes the mean of the logs (weight 1/4 each), so take the fourth root of "
        "that product.")
    if math.isclose(answer, _method5("the cat sat on the mat"), rel_tol=1e-4):
        return (
            N_("that is the six-token sentence of the notebook; this one has no 5-gram, so the "
            "neighbour of p_4 is 0, not 1.")
        )
    return None


register(
    Exercise(
        id="ch09.method5",
        question="Sentence BLEU of 'the cat sat down' against itself with smoothing method5 "
        "(bleu.sentence_bleu, which follows NLTK).",
        expected=_method5_short,
        hint=N_("each p_n becomes the mean of three numbers: the smoothed value before it (for "
        "n = 1, p_1 + 1), p_n itself and p_(n+1); p_5 is the 5-gram precision, 0 for a "
        "sentence without 5-grams."),
        wrong=1.0,
        diagnose=_diagnose_method5,
        second_hint=N_("for this sentence p_1 .. p_4 are 1 and p_5 = 0; apply the averaging for "
        "n = 1, 2, 3, 4 in order, each step using the smoothed value just computed, then take "
        "exp of the mean of the four smoothed log p_n (BP is 1)."),
        rel_tol=1e-4,
        scale="0-1",
        notebook="09_pitfalls",
    )
)
