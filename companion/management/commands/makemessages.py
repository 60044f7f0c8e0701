"""makemessages that also collects the games' `T("...")` and `TN("...", "...", n)` texts (games/text.py), so game
words need no Django."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=T", "--keyword=TN:1,2"]
