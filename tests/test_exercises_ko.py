"""The self-check in Korean: the catalogue is complete and current, and ``ko`` speaks Korean.

The catalogue (bleu/locale/ko/LC_MESSAGES/bleu.po) is checked against the messages the code
marks (extracted with Babel, as a translator's tool would): none missing, none fuzzy, none
stale, the same placeholders, and the committed .mo equal to what the .po compiles to. Then
the verdicts themselves: with ``use_language("ko")`` a wrong answer, a right one, the rounding
and scale notes, a hint, a second hint and a code exercise's failure come out in Korean, and
switching back gives the English messages unchanged.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from pathlib import Path

import pytest

babel_extract = pytest.importorskip("babel.messages.extract")
from babel.messages.mofile import write_mo  # noqa: E402 - after the importorskip above
from babel.messages.pofile import read_po  # noqa: E402

from bleu import exercises, i18n  # noqa: E402
from bleu.exercises.code import CODE_EXERCISES  # noqa: E402

PACKAGE = Path(i18n.__file__).resolve().parent
CATALOGUE = i18n.LOCALE_DIR / "ko" / "LC_MESSAGES"
KEYWORDS = {"_": None, "N_": None, "gettext": None}
"""The names the code marks messages with (see bleu.i18n)."""

HANGUL = re.compile("[\uac00-\ud7a3]")
ENGLISH_VERDICTS = ("Not yet", "Right (", "Hint:", "Second hint:", "Close (", "expected:")

from korean_terms import GLOSSARY_TERMS, OTHER_WORDINGS  # noqa: E402 - tests/korean_terms.py


@pytest.fixture(autouse=True)
def english_afterwards():
    """Every test leaves the self-check in English, whatever it switched to."""
    yield
    i18n.use_language("en")
    exercises.reset_tries()


def _used() -> set[str]:
    found = babel_extract.extract_from_dir(
        str(PACKAGE / "exercises"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=(),
    )
    return {message for _file, _line, message, _comments, _context in found}


def _catalogue():
    with open(CATALOGUE / "bleu.po", "rb") as po:
        return read_po(po)


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def _translated() -> dict[str, str]:
    return {m.id: m.string for m in _catalogue() if m.id and m.string and not m.fuzzy}


def test_the_code_marks_its_messages():
    used = _used()
    assert len(used) > 300  # hints, second hints, diagnoses, mistakes, verdicts
    assert "Right ({exercise_id}). Well done." in used
    assert any(m.startswith("that is the arithmetic mean of 1/p") for m in used)  # a diagnosis


def test_no_message_is_missing_a_korean_translation():
    translated = _translated()
    missing = sorted(m for m in _used() if m not in translated or not translated[m].strip())
    assert missing == []


def test_no_translation_is_fuzzy():
    assert [m.id for m in _catalogue() if m.id and m.fuzzy] == []


def test_no_stale_message_in_the_catalogue():
    used = _used()
    assert sorted(m.id for m in _catalogue() if m.id and m.id not in used) == []


def test_placeholders_are_kept():
    wrong = {
        m.id: (sorted(_fields(m.id)), sorted(_fields(m.string)))
        for m in _catalogue()
        if m.id and _fields(m.id) != _fields(m.string)
    }
    assert wrong == {}


def test_babel_finds_no_problem_in_the_catalogue():
    """What ``pybabel compile`` checks: placeholders of either style compatible, and so on."""
    problems = [(m.id, [str(e) for e in errors]) for m, errors in _catalogue().check()]
    assert problems == []


def test_translations_read_as_korean_with_the_glossary_terms():
    translated = _translated()
    words = {e: k for e, k in translated.items() if re.search("[a-z]", re.sub(r"{\w+}", "", e))}
    assert len(words) > 300 and all(HANGUL.search(text) for text in words.values())
    lapses = []
    for english, korean in translated.items():
        prose = re.sub(r"`[^`]*`|\w+\([^)]*\)|\w+\[[^\]]*\]|'[^']*'", "", english)
        for pattern, term in GLOSSARY_TERMS.items():
            if re.search(pattern, prose) and term not in korean:
                lapses.append((term, english))
        lapses += [(word, english) for word in OTHER_WORDINGS if word in korean]
    assert lapses == []


def test_committed_mo_is_the_compiled_po():
    """The committed .mo holds exactly the .po's translations. Compared message by message
    (the header names the Babel version that compiled it, which differs between installs)."""
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue())
    compiled.seek(0)
    with open(CATALOGUE / "bleu.mo", "rb") as committed:
        ours = gettext.GNUTranslations(committed)._catalog
    theirs = gettext.GNUTranslations(compiled)._catalog
    assert {k: v for k, v in ours.items() if k != ""} == {
        k: v for k, v in theirs.items() if k != ""
    }
    assert len(ours) == len(theirs) > 300


def test_use_language_names_its_argument():
    with pytest.raises(ValueError, match="code"):
        exercises.use_language("fr")
    with pytest.raises(TypeError, match="code"):
        exercises.use_language(None)  # type: ignore[arg-type]
    exercises.use_language(" KO ")
    assert exercises.language() == "ko"


def _korean(message: str) -> bool:
    """Korean throughout: no English verdict word, and a hint, if any, in Korean too."""
    if not HANGUL.search(message) or any(w in message for w in ENGLISH_VERDICTS):
        return False
    hint = message.rpartition("힌트: ")[2] if "힌트: " in message else message
    return bool(HANGUL.search(hint))


def test_numeric_verdicts_in_korean():
    exercises.use_language("ko")
    translated = _translated()
    demo = exercises.get("demo.warm-up")
    right = str(exercises.check(demo.id, 2 / 7))
    assert right.startswith("정답이에요 (demo.warm-up)")
    hint = str(exercises.check(demo.id, 0.5))
    assert _korean(hint) and translated[demo.hint] in hint
    second = str(exercises.check(demo.id, 0.5))
    assert _korean(second) and "두 번째 힌트" in second and translated[demo.second_hint] in second
    rounding = str(exercises.check(demo.id, 0.2856))  # 2/7 = 0.285714...: cut off, not rounded
    assert _korean(rounding) and "반올림" in rounding and "유효숫자 4자리" in rounding
    scale = str(exercises.check(demo.id, 28.57))
    assert _korean(scale) and "0-100 척도" in scale
    close = str(exercises.check(demo.id, 0.29))
    assert close.startswith("거의 맞았어요") and _korean(close)
    diagnosis = str(exercises.check(demo.id, 1))
    assert _korean(diagnosis) and "7/7" in diagnosis
    unreadable = str(exercises.check(demo.id, "abc"))
    assert _korean(unreadable) and "'abc'" in unreadable


def test_every_exercise_speaks_korean():
    """Each numeric exercise's typical wrong answer, twice, and its placeholder, in Korean."""
    exercises.use_language("ko")
    english = []
    for exercise_id, exercise in sorted(exercises.exercises().items()):
        for answer in (exercise.wrong, exercise.wrong, None):
            message = str(exercises.check(exercise_id, answer))
            if not _korean(message):
                english.append(message)
    assert english == []


def test_code_exercise_failure_in_korean():
    exercises.use_language("ko")
    translated = _translated()
    exercise = CODE_EXERCISES["ch02.code-unigram-precision"]
    mistake = exercise.mistakes[1]  # clipping too early
    message = str(exercises.check(exercise.id, mistake.implementation))
    assert _korean(message) and "기댓값:" in message and "반환값:" in message
    assert translated[mistake.hint] in message
    assert "고정 사례" in message
    right = str(exercises.check(exercise.id, exercise.reference))
    assert right.startswith("정답이에요") and _korean(right)


def test_every_code_mistake_hint_in_korean():
    exercises.use_language("ko")
    english = []
    for exercise_id, exercise in sorted(CODE_EXERCISES.items()):
        for answer in (None, 3, *(m.implementation for m in exercise.mistakes)):
            message = str(exercises.check(exercise_id, answer))
            if not _korean(message):
                english.append(message)
    assert english == []


def _sweep() -> list[str]:
    exercises.reset_tries()
    out = []
    for exercise_id, exercise in sorted(exercises.exercises().items()):
        for answer in (None, exercise.wrong, exercise.wrong, "abc", 1e500, [1, 2]):
            out.append(str(exercises.check(exercise_id, answer)))
    for exercise_id, exercise in sorted(CODE_EXERCISES.items()):
        for answer in (None, 3, *(m.implementation for m in exercise.mistakes)):
            out.append(str(exercises.check(exercise_id, answer)))
    return out


def test_english_is_the_default_and_comes_back_unchanged():
    assert exercises.language() == "en"
    before = _sweep()
    assert not any(HANGUL.search(message) for message in before)
    exercises.use_language("ko")
    korean = _sweep()
    exercises.use_language("en")
    assert _sweep() == before
    assert korean != before
    right = str(exercises.check("demo.warm-up", 2 / 7))
    assert right == "Right (demo.warm-up). Well done."
