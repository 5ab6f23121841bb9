"""The package's version, on its own so that any module can import it at the top.

It ends sacreBLEU-style signatures (``version:bleu-0.1.0``); keep it equal to
``pyproject.toml``'s (tested).
"""

__version__ = "0.1.0"
