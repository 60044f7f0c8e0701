"""Templates of each game's web side, named "game/<slug>/<file>" and kept beside the game's web module."""

from __future__ import annotations

from collections.abc import Iterator

from django.template import Origin
from django.template.loaders.filesystem import Loader as FilesystemLoader

from companion import entries

PREFIX = "game/"


class GameTemplates(FilesystemLoader):
    def get_template_sources(self, template_name: str) -> Iterator[Origin]:
        if not template_name.startswith(PREFIX):
            return
        slug, _, rest = template_name.removeprefix(PREFIX).partition("/")
        try:
            folder = entries.template_dir(slug)
        except (KeyError, ImportError):
            return
        path = (folder / rest).resolve()
        if rest and path.is_relative_to(folder.resolve()):  # no "../" out of the game's folder
            yield Origin(name=str(path), template_name=template_name, loader=self)
