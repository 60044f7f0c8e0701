# Every player and table belongs to a group from now on (0006 moved the existing ones into one).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('companion', '0006_existing_data_into_one_group'),
    ]

    operations = [
        migrations.AlterField(
            model_name='player',
            name='group',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='players', to='companion.group'),
        ),
        migrations.AlterField(
            model_name='table',
            name='group',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tables', to='companion.group'),
        ),
    ]
