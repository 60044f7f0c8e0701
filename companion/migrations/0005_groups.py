# Groups and presets. The group of existing players and tables is filled in by 0006 and required by 0007.

import companion.models
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('companion', '0004_event_changed'),
    ]

    operations = [
        migrations.CreateModel(
            name='Group',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('token', models.CharField(default=companion.models.new_group_token, editable=False, max_length=32, unique=True)),
                ('name', models.CharField(blank=True, max_length=60, verbose_name='name')),
                ('created', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'ordering': ['created'],
            },
        ),
        migrations.AddField(
            model_name='player',
            name='group',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='players', to='companion.group'),
        ),
        migrations.AlterField(
            model_name='player',
            name='name',
            field=models.CharField(max_length=40, verbose_name='name'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(fields=('group', 'name'), name='player_name_unique_in_group'),
        ),
        migrations.AddField(
            model_name='table',
            name='group',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='tables', to='companion.group'),
        ),
        migrations.AddIndex(
            model_name='table',
            index=models.Index(fields=['group', '-created'], name='table_group_newest'),
        ),
        migrations.CreateModel(
            name='Preset',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(max_length=40, verbose_name='game')),
                ('name', models.CharField(max_length=60, verbose_name='name')),
                ('options', models.JSONField(blank=True, default=dict, verbose_name='options')),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('group', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='presets', to='companion.group')),
            ],
            options={
                'ordering': ['name'],
                'constraints': [models.UniqueConstraint(fields=('group', 'game', 'name'), name='preset_name_unique')],
            },
        ),
    ]
