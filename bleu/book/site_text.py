"""The words of the offline site in its two languages: English and Korean.

The site (:mod:`bleu.book.site`) builds one edition per language from the same code; every
piece of text it writes itself (the bars and links of the pages, the title and last slides
of a deck, the index pages, the continuation titles of slides.js) comes from one
:class:`Words`. The Korean is written in the 합니다체 of the Korean notebooks, with the
glossary's terms (data/glossary.tsv).

>>> KOREAN.slides_line(12, 40)
'슬라이드 12장 · 40분'
>>> ENGLISH.slides_line(12, 40)
'12 slides · 40 minutes'
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """The text of one edition of the site (``{label}``-style fields are format strings)."""

    lang: str  # the pages' <html lang>
    switch: str  # the language switch that leads TO this edition, in this edition's language
    site_name: str
    index: str  # the link to index.html
    slides: str  # the link to a chapter's deck
    solutions: str  # the link to a chapter's solutions
    back_to: str  # the link from solutions to the chapter: "{label}"
    solutions_title: str  # a solutions page's title: "{label}"
    contents: str  # the text of the navigation cells' link to the contents (notebook 00)
    time_needed: str  # the title slide: "{time}"
    where_next: str
    left_out: str  # the last slide: what the cut leaves to the handout
    end_notes: str  # the last slide's notes: "{left_out}" (left_out_list, or '')
    left_out_list: str  # "{names}": the sections left out, in brackets, for end_notes
    handout_link: str  # "{label}"
    next_deck: str  # "{label}"
    playground_link: str
    index_link: str
    all_decks: str
    figure_code: str  # under a figure on a slide
    show_code: str  # a handout's folded code cell (tag hide-input): the fold's label
    cell_code: str  # on a slide, under a display-only cell's output (tag hide-input)
    lines_shown: str  # under a code cell cut to its key lines: "{shown}", "{lines}"
    continued: str  # slides.js: the title of a continuation slide ends with it
    full_cell: str  # slides.js: the link to a code cell cut in two
    figure_and_table: str  # slides.js: a figure whose table moved to the handout
    trimmed_output: str  # slides.js: an output cut to the room on the slide
    trimmed_code: str  # slides.js: code and output cut to the room on the slide
    slide_count: str  # "{n}"
    minutes: str  # "{n}"
    index_html: str  # the paragraphs of index.html, HTML
    contents_heading: str
    columns: tuple[str, str, str, str, str]  # No., Chapter, Summary, Solutions, Slides
    slides_title: str  # "{site}"
    slides_html: str  # the paragraphs of slides.html, HTML
    time_pattern: str  # a regex; group 1 is the chapter's time ("about 30 minutes")

    def slides_line(self, slides: int, minutes: int) -> str:
        """``N slides · M minutes`` in this edition's words."""
        return f"{self.slide_count.format(n=slides)} · {self.minutes.format(n=minutes)}"

    def time_of(self, source: str) -> str:
        """The chapter's stated time in a markdown cell's ``source``, or ''."""
        match = re.search(self.time_pattern, source)
        return match.group(1).strip(" *") if match else ""

    def end_note(self, names: str) -> str:
        """The last slide's speaker notes, naming the sections ``names`` left out (or '').

        >>> KOREAN.end_note("연습 문제").startswith("강의에서 빠진 내용(연습 문제)은 본문에서")
        True
        """
        listed = self.left_out_list.format(names=names) if names else ""
        return self.end_notes.format(left_out=listed)

    def script(self) -> dict[str, str]:
        """The words slides.js writes on a deck (its ``siteDeck.start`` takes them)."""
        return {
            "continued": self.continued,
            "fullCell": self.full_cell,
            "figureAndTable": self.figure_and_table,
            "trimmedOutput": self.trimmed_output,
            "trimmedCode": self.trimmed_code,
        }


ENGLISH = Words(
    lang="en",
    switch="English",
    site_name="BLEU, step by step",
    index="Index",
    slides="Slides",
    solutions="Solutions",
    back_to="Back to {label}",
    solutions_title="{label}: solutions",
    contents="Contents",
    time_needed="Time needed: {time}",
    where_next="Where next",
    left_out="In the handout, out of this lecture:",
    end_notes=(
        "Point the class to the handout for what the lecture left out{left_out}: every cell "
        "in full, with its output. The next deck continues from here."
    ),
    left_out_list=" ({names})",
    handout_link="The handout: {label}",
    next_deck="Next deck: {label}",
    playground_link="The BLEU playground: type a candidate, see every count",
    index_link="Index of the site",
    all_decks="All decks",
    figure_code="the code of this figure is in the handout",
    show_code="Show the code of this cell",
    cell_code="the code of this cell is in the handout",
    lines_shown="{shown} of {lines} lines shown",
    continued=" (continued)",
    full_cell="full cell in the handout",
    figure_and_table="the code of this figure and its table are in the handout",
    trimmed_output="output trimmed to the slide",
    trimmed_code="code and output trimmed to the slide",
    slide_count="{n} slides",
    minutes="{n} minutes",
    index_html=(
        "<p>A Jupyter teaching suite that rebuilds BLEU, the machine-translation metric of "
        "Papineni et al. (2002), one small step at a time, and checks every step against "
        "NLTK and sacreBLEU. These pages are the notebooks as stored in the repository, with "
        "the outputs the test suite has verified; to change and run the code, open the "
        "notebooks in Jupyter (see the README).</p>\n"
        "<p>Read the chapters in order. Each one ends with exercises; their worked solutions "
        "are linked beside the chapter. For lectures, every chapter also exists as "
        '<a href="slides.html">reveal.js slides</a>.</p>\n'
        "<p>To see BLEU count, clip and combine as you type, open the "
        '<a href="playground.html">BLEU playground</a>: one to three references, a candidate, '
        "and every number from the n-gram counts to the score (it runs in the browser, "
        "offline).</p>\n"
    ),
    contents_heading="Contents",
    columns=("No.", "Chapter", "Summary", "Solutions", "Slides"),
    slides_title="{site}: slides",
    slides_html=(
        "<p>One deck per chapter, one section of the notebook per column of slides. The "
        "arrow keys and the space bar step through every slide in order (a code cell and its "
        "output appear on the next press); <kbd>Esc</kbd> shows the overview, <kbd>F</kbd> "
        "goes full screen. The decks are laid out for a 1280x720 projector: what does not fit "
        "on one slide continues on the next. Each deck starts with a title slide and ends "
        'with links to its handout, the next deck and the <a href="playground.html">BLEU '
        "playground</a>.</p>\n"
        "<p>A deck is the chapter's lecture cut: its teaching line, at most one slide per "
        "1.5 minutes of the chapter's time. Exercises and appendices stay in the handout (the "
        "last slide links to them), and what the lecturer says but the class need not read "
        "is in the speaker notes: press <kbd>S</kbd> for the speaker view (notes, the next "
        "slide and a timer). The slide counts below are those of the cut, counted when the "
        "site was built; where a slide does not fit the projector, the browser adds a "
        "continuation slide to them (a few per deck at most). The minutes are the chapter's "
        "stated time.</p>\n"
    ),
    time_pattern=r"\*{0,2}Time\*{0,2}\s*:\s*\*{0,2}\s*(about [^.\n]*?minutes[^.\n]*)",
)

KOREAN = Words(
    lang="ko",
    switch="한국어",
    site_name="BLEU, 한 걸음씩",
    index="전체 목차",
    slides="슬라이드",
    solutions="풀이",
    back_to="← {label}",
    solutions_title="{label}: 풀이",
    contents="목차",
    time_needed="소요 시간: {time}",
    where_next="이제 어디로",
    left_out="강의에서 빼고 본문에 남긴 내용:",
    end_notes=(
        "강의에서 빠진 내용{left_out}은 본문에서 보도록 안내하세요. 본문에는 모든 셀이 "
        "출력과 함께 빠짐없이 있습니다. 다음 슬라이드 묶음은 여기서 이어집니다."
    ),
    left_out_list="({names})",
    handout_link="본문: {label}",
    next_deck="다음 슬라이드 묶음: {label}",
    playground_link="BLEU 놀이터: 후보 번역을 입력하고 모든 카운트를 확인하기",
    index_link="사이트 전체 목차",
    all_decks="모든 슬라이드 묶음",
    figure_code="이 그림을 그리는 코드는 본문에 있습니다",
    show_code="이 셀의 코드 보기",
    cell_code="이 셀의 코드는 본문에 있습니다",
    lines_shown="전체 {lines}줄 가운데 {shown}줄",
    continued=" (이어서)",
    full_cell="본문에서 셀 전체 보기",
    figure_and_table="이 그림의 코드와 표는 본문에 있습니다",
    trimmed_output="슬라이드에 맞게 출력을 줄였습니다",
    trimmed_code="슬라이드에 맞게 코드와 출력을 줄였습니다",
    slide_count="슬라이드 {n}장",
    minutes="{n}분",
    index_html=(
        "<p>기계 번역 평가 지표인 BLEU(Papineni 외, 2002)를 작은 단계로 나누어 처음부터 다시 "
        "만들고, 단계마다 결과를 NLTK, sacreBLEU와 맞춰 보는 주피터 교재입니다. 이 페이지들은 "
        "저장소에 있는 노트북을 그대로 옮긴 것이며, 출력은 테스트가 확인한 값입니다. 코드를 "
        "고치고 실행하려면 주피터에서 노트북을 여세요(README.ko.md 참고).</p>\n"
        "<p>장은 순서대로 읽으세요. 각 장은 연습 문제로 끝나고, 풀이는 장 옆에 링크되어 "
        "있습니다. 강의에 쓸 수 있도록 모든 장을 "
        '<a href="slides.html">reveal.js 슬라이드</a>로도 제공합니다.</p>\n'
        "<p>BLEU가 n-그램을 세고, 클리핑하고, 합치는 과정을 입력하면서 바로 보고 싶다면 "
        '<a href="playground.html">BLEU 놀이터</a>를 여세요. 참조 번역 한 개에서 세 개와 '
        "후보 번역 하나를 넣으면 n-그램 카운트부터 점수까지 모든 수를 보여 줍니다. 놀이터는 "
        "브라우저 안에서 오프라인으로 동작합니다.</p>\n"
    ),
    contents_heading="목차",
    columns=("번호", "장", "요약", "풀이", "슬라이드"),
    slides_title="{site}: 슬라이드",
    slides_html=(
        "<p>장마다 슬라이드 한 묶음이 있고, 노트북의 절 하나가 슬라이드 한 열이 됩니다. 화살표 "
        "키와 스페이스바로 모든 슬라이드를 차례대로 넘깁니다(코드 셀과 그 출력은 키를 한 번 더 "
        "누르면 나타납니다). <kbd>Esc</kbd>는 전체 보기, <kbd>F</kbd>는 전체 화면입니다. "
        "슬라이드는 1280x720 프로젝터에 맞춰져 있어서, 한 장에 들어가지 않는 내용은 다음 장으로 "
        "이어집니다. 각 묶음은 제목 슬라이드로 시작하고, 본문과 다음 묶음, "
        '<a href="playground.html">BLEU 놀이터</a>로 가는 링크로 끝납니다.</p>\n'
        "<p>슬라이드 묶음은 각 장의 강의용 편집본입니다. 장의 핵심 흐름만 담으며, 장에 적힌 "
        "시간 1.5분마다 슬라이드가 한 장을 넘지 않습니다. 연습 문제와 부록은 본문에 남겨 두고"
        "(마지막 슬라이드에서 링크합니다), 강사가 말로 전할 뿐 학생이 읽을 필요는 없는 내용은 "
        "발표자 노트에 넣었습니다. <kbd>S</kbd>를 누르면 발표자 화면(노트, 다음 슬라이드, "
        "타이머)이 열립니다. 아래의 슬라이드 수는 사이트를 만들 때 센 편집본의 수입니다. "
        "프로젝터에 들어가지 않는 슬라이드가 있으면 브라우저가 이어지는 슬라이드를 덧붙이며, "
        "그런 슬라이드는 묶음마다 많아야 몇 장입니다. 시간은 각 장에 적힌 소요 시간입니다.</p>\n"
    ),
    # "**시간**: 약 50분" or "**시간**: 연습 문제를 포함해 약 65분, 부록에 15분 더"
    time_pattern=r"\*{0,2}시간\*{0,2}\s*:\s*\*{0,2}\s*([^.\n]*?약 \d+\s*분[^.\n]*)",
)

EDITIONS = {"en": ENGLISH, "ko": KOREAN}
