"""games/ is pure Python: its modules import the standard library and games/ alone, never Django nor any other
package (DESIGN.md "Layout"), so the rules run anywhere Python does."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "games"


def imported_modules(path: Path) -> list[str]:
    """Every absolute module named by an import statement in the file; relative imports stay in games/."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def allowed(module: str) -> bool:
    """The standard library (as this Python names it) or the games package itself."""
    top = module.split(".")[0]
    return top == "games" or top in sys.stdlib_module_names


def test_games_package_exists() -> None:
    """Purity: the check below really walks the games package."""
    assert (GAMES / "rickety_kate" / "engine.py").is_file()


def test_games_import_only_the_standard_library_and_games() -> None:
    """Purity: no module under games/ imports anything but the standard library and games/ (no django, no
    package from PyPI), so the engines need nothing installed."""
    offenders = [
        f"{path.relative_to(GAMES.parent)} imports {name}"
        for path in sorted(GAMES.rglob("*.py"))
        for name in imported_modules(path)
        if not allowed(name)
    ]
    assert offenders == []


def test_purity_check_catches_a_django_import(tmp_path: Path) -> None:
    """Purity: the import walk sees `import django` and `from django.x import y`, even nested in a function."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from django.conf import settings\n\nimport django.db\n", encoding="utf-8")
    assert set(imported_modules(sample)) == {"django.conf", "django.db"}
    assert not allowed("django.conf")


def test_purity_allows_the_standard_library_and_games_alone(tmp_path: Path) -> None:
    """Purity: stdlib and games/ (absolute or relative) pass; a package from PyPI or the web app does not."""
    sample = tmp_path / "sample.py"
    lines = ["import json", "from collections.abc import Mapping", "from games.base import Game", "from . import x"]
    lines += ["import hypothesis", "from companion import services", "import confusable_homoglyphs"]
    sample.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = imported_modules(sample)
    assert [m for m in found if not allowed(m)] == ["hypothesis", "companion", "confusable_homoglyphs"]
