"""The README's Python example runs and prints what it says."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_examples_pass_as_doctests():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks, "the README has a ```python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README block {i}", str(README), 0)
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def _shell_blocks(text: str) -> list[str]:
    return re.findall(r"```bash\n(.*?)```", text, re.DOTALL)


def test_korean_readme_gives_the_same_two_commands():
    """README.ko.md opens and tests the suite with exactly the English README's commands."""
    english = _shell_blocks(README.read_text(encoding="utf-8"))[:2]
    korean_text = (README.parent / "README.ko.md").read_text(encoding="utf-8")
    assert english[0].startswith("python -m pip install -r requirements.txt")
    assert english[1].startswith("python -m pip install -r requirements-dev.txt")
    assert _shell_blocks(korean_text)[:2] == english
    assert "(README.ko.md)" in README.read_text(encoding="utf-8")
    assert "(README.md)" in korean_text
