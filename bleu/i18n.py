"""The language of the self-check's messages: English by default, Korean on request.

A Korean notebook starts with ``bleu.exercises.use_language("ko")``; from then on every
verdict, note and hint of :func:`bleu.exercises.check` is looked up in the Korean catalogue
through Python's :mod:`gettext`. English needs no catalogue: the English text in the code is
the message id, so the default output is exactly the text written in the modules.

How the catalogue is loaded, and why that way: translators edit the PO file
``bleu/locale/ko/LC_MESSAGES/bleu.po``; the compiled ``bleu.mo`` beside it is committed too,
and is what :func:`gettext.translation` reads at run time. So a student installs nothing and
runs no build step (Babel, which reads PO files, is not a dependency of the package), and the
tests compile the PO with Babel and require the committed MO to hold exactly its messages,
so the two cannot drift apart.

When a message changes, refresh the catalogue with Babel's own tool (from the repository's
root; the tests then name any message left without a Korean text or marked fuzzy)::

    pybabel extract -k N_ --no-location -w 100 --project bleu --version 1 \\
        -o /tmp/bleu.pot bleu/exercises
    pybabel update -i /tmp/bleu.pot -d bleu/locale -D bleu -l ko -w 100
    pybabel compile -d bleu/locale -D bleu

Messages with values are templates with named placeholders (``"Right ({exercise_id})."``):
the template is translated first, then formatted, so a translation may move the values.
Strings defined at import time (hints in the exercise modules) are marked with :func:`N_`,
which only marks them for extraction, and translated with :func:`gettext` when shown.

>>> use_language("en"); gettext("Hint: {hint}")
'Hint: {hint}'
>>> use_language("ko"); gettext("Hint: {hint}")
'힌트: {hint}'
>>> use_language("en"); language()
'en'
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

DOMAIN = "bleu"
"""The gettext domain: the catalogue is ``locale/<language>/LC_MESSAGES/bleu.mo``."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the catalogues live, inside the package."""

LANGUAGES = ("en", "ko")
"""The languages the self-check speaks: English (the source text) and Korean."""

_state: dict[str, object] = {"language": "en", "translations": _gettext.NullTranslations()}


def use_language(code: str) -> None:
    """Make the self-check speak ``code``: ``"en"`` (the default) or ``"ko"``.

    Raises ``ValueError`` naming ``code`` for a language without a catalogue, and
    ``TypeError`` if ``code`` is not a string.
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a language code such as 'ko', not {type(code).__name__}")
    code = code.strip().lower()
    if code not in LANGUAGES:
        raise ValueError(f"code must be one of {LANGUAGES}, not {code!r}")
    if code == "en":
        translations: _gettext.NullTranslations = _gettext.NullTranslations()
    else:
        translations = _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code])
    _state["language"] = code
    _state["translations"] = translations


def language() -> str:
    """The language the self-check speaks now (``"en"`` or ``"ko"``)."""
    return str(_state["language"])


def gettext(message: str) -> str:
    """``message`` in the current language (itself in English, or if not translated).

    The empty string stays empty (gettext would return the catalogue's header for it).
    """
    if not message:
        return message
    translations = _state["translations"]
    assert isinstance(translations, _gettext.NullTranslations)
    return translations.gettext(message)


_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (it is shown later)."""
    return message
