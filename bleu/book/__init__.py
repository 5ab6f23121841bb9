"""Tools that keep the notebook suite in shape (not about BLEU itself).

- :mod:`bleu.book.catalog`: the list of notebooks, their titles and summaries;
- :mod:`bleu.book.nav`: rewrites the navigation cells and the tables of contents;
- :mod:`bleu.book.site`: builds the offline HTML handouts and reveal.js slides.

Run them as ``python -m bleu.book nav [--check]`` and ``python -m bleu.book site``.
"""
