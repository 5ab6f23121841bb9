"""``python -m bleu REF [REF ...] [-i HYP]``: see :mod:`bleu.cli`."""

from .cli import main

if __name__ == "__main__":  # not when pytest --doctest-modules imports this module
    raise SystemExit(main())
