"""A group's backup: its name, its presets and every table as a table file (undone events kept), oldest table
first, in one JSON document; restoring it makes a new group with the same tables, checked like `import` before
anything is stored. backup -> restore -> backup gives the same document."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from . import services
from .models import Group

FORMAT = "kibitz-group/1"


def backup(group: Group) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "name": group.name,
        "presets": [
            {"game": p.game, "name": p.name, "options": p.options} for p in group.presets.order_by("game", "name")
        ],
        "tables": [services.export_table(t) for t in group.tables.order_by("created", "pk")],
    }


def restore(data: Any) -> Group:
    """A new group from a backup, or Refused naming the table that cannot be read; nothing is stored then."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise services.Refused(_('not a group backup: "format" must be "%(format)s"') % {"format": FORMAT})
    tables, presets, name = data.get("tables"), data.get("presets", []), data.get("name", "")
    if not isinstance(tables, list) or not isinstance(presets, list) or not isinstance(name, str):
        raise services.Refused(_("not a group backup: it needs a list of tables, a list of presets and a name"))
    with transaction.atomic():
        group = Group.objects.create(name=name[: Group._meta.get_field("name").max_length])
        for index, table in enumerate(tables):
            try:
                services.import_table(table, group=group)
            except services.Refused as exc:
                raise services.Refused(_("table %(n)d of the backup: %(why)s") % {"n": index + 1, "why": exc}) from None
        for preset in presets:
            if not isinstance(preset, dict) or not {"game", "name", "options"} <= set(preset):
                raise services.Refused(_("not a group backup: a preset needs a game, a name and options"))
            services.save_preset(group, str(preset["game"]), str(preset["name"]), preset["options"])
    return group
