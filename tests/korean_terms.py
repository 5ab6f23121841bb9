"""The glossary's Korean terms, as the Korean texts must use them (data/glossary.tsv).

Shared by the self-check's catalogue test (test_exercises_ko.py) and the notebooks'
catalogue test (test_translations.py).
"""

GLOSSARY_TERMS = {
    r"\bcandidates?\b(?!\))": "후보",
    r"\breferences?\b(?![\])\w])": "참조",
    r"\bprecisions?\b": "정밀도",
    r"brevity penalty": "브레버티 패널티",
    r"\bsmooth(?:ing|ed|s)\b|\b(?:to|not) smooth\b": "스무딩",  # not "joins smoothly"
    r"geometric mean": "기하 평균",
    r"arithmetic mean": "산술 평균",
    r"\bclip": "클리핑",
    r"\bweights?\b": "가중치",
    r"\bn-grams?\b": "n-그램",
    r"\bunigrams?\b": "유니그램",
    r"\bbigrams?\b": "바이그램",
    r"\btrigrams?\b": "트라이그램",
    r"\btokens?\b": "토큰",
    r"corpus BLEU": "코퍼스 BLEU",
    r"perplexity": "펄플렉서티",
}
"""English term (as a pattern) -> the Korean term of data/glossary.tsv its translation uses."""

OTHER_WORDINGS = ("후보문", "참조문", "정확도", "벌점", "평활", "간결성")
"""Korean words for the same ideas that the glossary does not use."""
