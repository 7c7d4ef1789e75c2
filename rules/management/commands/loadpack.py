from django.core.management.base import BaseCommand, CommandError

from rules.packs import PackError, load_pack_file


class Command(BaseCommand):
    help = "Load game-data packs (YAML or JSON); each all or nothing, safe to re-run."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", metavar="PATH")

    def handle(self, *args, paths, **options):
        for path in paths:
            try:
                system = load_pack_file(path)
            except PackError as exc:
                raise CommandError(str(exc)) from exc
            self.stdout.write(
                f"loaded {system.key} {system.data_version} from {path}"
                f" ({system.cards.count()} cards, {system.items.count()} items)"
            )
