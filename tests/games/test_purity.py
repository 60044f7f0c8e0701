"""games/ is pure Python: no module below it may import Django (DESIGN.md "Layout")."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "games"


def imported_modules(path: Path) -> list[str]:
    """Every module named by an import statement in the file (relative imports included as written)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_games_package_exists() -> None:
    """Purity: the check below really walks the games package."""
    assert (GAMES / "rickety_kate" / "engine.py").is_file()


def test_no_module_under_games_imports_django() -> None:
    """Purity: no module under games/ imports django (the rules never touch the web app)."""
    offenders = [
        f"{path.relative_to(GAMES.parent)} imports {name}"
        for path in sorted(GAMES.rglob("*.py"))
        for name in imported_modules(path)
        if name == "django" or name.startswith("django.")
    ]
    assert offenders == []


def test_purity_check_catches_a_django_import(tmp_path: Path) -> None:
    """Purity: the import walk sees `import django` and `from django.x import y`, even nested in a function."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from django.conf import settings\n\nimport django.db\n", encoding="utf-8")
    assert set(imported_modules(sample)) == {"django.conf", "django.db"}
