# Every player and table stored before groups existed moves into one group. Player names were unique across
# the server, so they stay unique within it: the players are merged exactly as they were.

from django.db import migrations

NAME = 'Everyone before groups'


def into_one_group(apps, schema_editor):
    Group = apps.get_model('companion', 'Group')
    Player = apps.get_model('companion', 'Player')
    Table = apps.get_model('companion', 'Table')
    players = Player.objects.filter(group__isnull=True)
    tables = Table.objects.filter(group__isnull=True)
    if not players.exists() and not tables.exists():
        return  # a new installation: no group to make
    group = Group.objects.create(name=NAME)
    players.update(group=group)
    tables.update(group=group)


class Migration(migrations.Migration):

    dependencies = [
        ('companion', '0005_groups'),
    ]

    operations = [
        migrations.RunPython(into_one_group, migrations.RunPython.noop),
    ]
