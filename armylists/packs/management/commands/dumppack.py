import json

import yaml
from django.core.management.base import BaseCommand, CommandError

from armylists.packs.tables import dump_pack
from rules.models import GameSystem


class Command(BaseCommand):
    help = "Write a game system's data as a pack (YAML by default) to standard output."

    def add_arguments(self, parser):
        parser.add_argument("system", metavar="SYSTEM")
        parser.add_argument("--format", choices=["yaml", "json"], default="yaml")

    def handle(self, *args, system, format, **options):
        try:
            pack = dump_pack(system)
        except GameSystem.DoesNotExist:
            known = ", ".join(GameSystem.objects.values_list("key", flat=True)) or "none loaded"
            raise CommandError(f"unknown system '{system}' (known: {known})") from None
        if format == "json":
            self.stdout.write(json.dumps(pack, indent=2, ensure_ascii=False))
        else:
            self.stdout.write(yaml.safe_dump(pack, allow_unicode=True, sort_keys=False))
