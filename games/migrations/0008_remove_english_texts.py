from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_copy_texts'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='declaration',
            name='english_reason',
        ),
        migrations.RemoveField(
            model_name='handinprogress',
            name='english_saved_summary',
        ),
    ]
