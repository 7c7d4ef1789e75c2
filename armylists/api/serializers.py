"""Output shapes of the API. They read the engine's frozen objects and plain dicts."""

from collections.abc import Mapping

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer

from rules.engine.validation import rules_for

from .errors import ErrorSerializer
from .schema import DOCUMENT_REF, PARTIAL_DOCUMENT_REF


class StatsSerializer(serializers.Serializer):
    MOV = serializers.IntegerField(required=False)
    MEL = serializers.IntegerField(required=False)
    RAN = serializers.IntegerField(required=False)
    MAG = serializers.IntegerField(required=False)
    DEF = serializers.IntegerField(required=False)
    ARM = serializers.IntegerField(required=False)
    DIS = serializers.IntegerField(required=False)
    ACT = serializers.IntegerField(required=False)

    def to_representation(self, instance):
        # Other systems have other stat names; pass every stat through.
        return dict(instance)


class SystemSummarySerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    data_version = serializers.CharField()
    sample_data = serializers.BooleanField()
    description = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, system) -> str:
        request = self.context.get("request")
        path = f"/api/v1/systems/{system.key}/"
        return request.build_absolute_uri(path) if request else path


def _attribute_int(attributes: Mapping, key: str) -> int | None:
    """An integer attribute of the game data; null when absent (or not a whole number)."""
    value = attributes.get(key)
    if value is None or isinstance(value, bool):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _attribute_bool(attributes: Mapping, key: str) -> bool | None:
    value = attributes.get(key)
    return None if value is None else bool(value)


def _attribute_str(attributes: Mapping, key: str) -> str | None:
    value = attributes.get(key)
    return None if value is None else str(value)


class FactionSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    # Mordheim warband rules (faction.attributes); null in systems without them.
    starting_gold = serializers.SerializerMethodField(
        help_text="Mordheim: the warband's starting gold (gc), the limit when a list's "
        "battle_size is null; null elsewhere."
    )
    min_size = serializers.SerializerMethodField(
        help_text="Mordheim: the fewest fighters in a warband; null elsewhere."
    )
    max_size = serializers.SerializerMethodField(
        help_text="Mordheim: the most fighters in a warband; null elsewhere."
    )

    def get_starting_gold(self, faction) -> int | None:
        return _attribute_int(faction.attributes, "starting_gold")

    def get_min_size(self, faction) -> int | None:
        return _attribute_int(faction.attributes, "min_size")

    def get_max_size(self, faction) -> int | None:
        return _attribute_int(faction.attributes, "max_size")


class PricedKeySerializer(serializers.Serializer):
    key = serializers.CharField()
    points = serializers.IntegerField()


class OptionSerializer(PricedKeySerializer):
    name = serializers.CharField(help_text="The option's item name.")
    kind = serializers.CharField(
        allow_null=True,
        help_text="The option's item kind; Trupp: equipment, ability, spell or veteran.",
    )


class CardSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    faction = serializers.CharField(allow_null=True)
    kind = serializers.ChoiceField(choices=["model", "unit"])
    warlord = serializers.BooleanField()
    aal = serializers.IntegerField(allow_null=True, help_text="How often the card may be fielded.")
    points = serializers.IntegerField(help_text="MODEL points (individual models).")
    core_points = serializers.IntegerField(help_text="CORE points (units).")
    soldier_points = serializers.IntegerField(help_text="SOLDIER points per model beyond the core.")
    core_size = serializers.IntegerField()
    max_size = serializers.IntegerField()
    allowed_items = serializers.SerializerMethodField(
        help_text="Items the card may take, at its price; empty: it takes no items."
    )
    options = serializers.SerializerMethodField()
    base_mm = serializers.IntegerField(allow_null=True)
    movement_class = serializers.CharField(allow_null=True)
    stats = StatsSerializer()
    weapons = serializers.ListField(child=serializers.DictField())
    attributes = serializers.DictField()
    # Read from card.attributes, on every card of every system: null (or []) where the
    # game data does not say.
    unit_type = serializers.SerializerMethodField(
        help_text="Boarding Action: infantry, walker, vehicle, monstrous_creature, bike, "
        "jetbike, beast or swarm; null elsewhere."
    )
    wargear = serializers.SerializerMethodField(
        help_text="Boarding Action: wargear keywords (forbidden_wargear reads them)."
    )
    alignment = serializers.SerializerMethodField(
        help_text="Trupp: good and evil never share a troop; null elsewhere."
    )
    mook = serializers.SerializerMethodField(
        help_text="Trupp: true when the character may be fielded more than once; null elsewhere."
    )
    sorcery = serializers.SerializerMethodField(
        help_text="Trupp: true when the sheet has Sorcery (may buy spells); null elsewhere."
    )
    stat_rows = serializers.SerializerMethodField(
        help_text="Trupp: the sheet's stat rows, indexed by wounds taken (row 0 at the "
        "start); a stat is null where the character lacks it. Empty elsewhere."
    )
    fighter = serializers.SerializerMethodField(
        help_text="Mordheim: a hero (one model per entry) or a henchman (groups); null elsewhere."
    )
    type_limit = serializers.SerializerMethodField(
        help_text="Mordheim: the most models of this fighter type; null: no limit of its own."
    )
    group_max = serializers.SerializerMethodField(
        help_text="Mordheim: the largest henchman group of this type (the general maximum "
        "applies when it is lower); null: only the general maximum applies."
    )
    starting_experience = serializers.SerializerMethodField(
        help_text="Mordheim: experience at hiring; null elsewhere."
    )

    @staticmethod
    def _priced(mapping) -> list[dict]:
        return [{"key": k, "points": p} for k, p in mapping.items()]

    def get_allowed_items(self, card) -> PricedKeySerializer(many=True):
        return self._priced(card.allowed_items)

    def get_options(self, card) -> OptionSerializer(many=True):
        # Option items come from context["catalogue"] (CatalogueSerializer passes it).
        catalogue = self.context.get("catalogue")
        items = catalogue.items if catalogue is not None else {}
        options = []
        for key, points in card.allowed_options.items():
            item = items.get(key)
            options.append(
                {
                    "key": key,
                    "points": points,
                    "name": item.name if item is not None else key,
                    "kind": item.kind if item is not None else None,
                }
            )
        return options

    def get_unit_type(self, card) -> str | None:
        return _attribute_str(card.attributes, "unit_type")

    def get_wargear(self, card) -> list[str]:
        wargear = card.attributes.get("wargear") or ()
        return [wargear] if isinstance(wargear, str) else [str(w) for w in wargear]

    @extend_schema_field(
        serializers.ChoiceField(choices=["good", "evil", "neutral"], allow_null=True)
    )
    def get_alignment(self, card):
        return _attribute_str(card.attributes, "alignment")

    def get_mook(self, card) -> bool | None:
        return _attribute_bool(card.attributes, "mook")

    def get_sorcery(self, card) -> bool | None:
        return _attribute_bool(card.attributes, "sorcery")

    @extend_schema_field(
        serializers.ListField(
            child=serializers.DictField(child=serializers.IntegerField(allow_null=True))
        )
    )
    def get_stat_rows(self, card):
        return [dict(row) for row in card.attributes.get("stat_rows") or ()]

    @extend_schema_field(serializers.ChoiceField(choices=["hero", "henchman"], allow_null=True))
    def get_fighter(self, card):
        return _attribute_str(card.attributes, "fighter")

    def get_type_limit(self, card) -> int | None:
        return _attribute_int(card.attributes, "type_limit")

    def get_group_max(self, card) -> int | None:
        return _attribute_int(card.attributes, "group_max")

    def get_starting_experience(self, card) -> int | None:
        return _attribute_int(card.attributes, "starting_experience")


class ItemSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    faction = serializers.CharField(allow_null=True)
    points = serializers.IntegerField()
    kind = serializers.CharField()
    arm = serializers.IntegerField(source="arm_bonus", help_text="ARM added to the model.")
    attributes = serializers.DictField()


# "def" is a Python keyword, so the field cannot be declared in the class body.
ItemSerializer._declared_fields["def"] = serializers.IntegerField(
    source="def_bonus", help_text="DEF added to the model (armour and shields)."
)


class VariantSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    points = serializers.IntegerField()


class SpecialActionSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    role = serializers.CharField(allow_null=True)
    points = serializers.IntegerField()
    variants = VariantSerializer(many=True)
    attributes = serializers.DictField()


class ValidatorSpecSerializer(serializers.Serializer):
    code = serializers.CharField()
    params = serializers.DictField()


class CatalogueSerializer(serializers.Serializer):
    key = serializers.CharField(source="system")
    name = serializers.CharField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    data_version = serializers.CharField()
    sample_data = serializers.BooleanField()
    factions = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField()
    items = serializers.SerializerMethodField()
    special_actions = serializers.SerializerMethodField()
    validators = ValidatorSpecSerializer(many=True)
    attributes = serializers.DictField()

    def get_factions(self, cat) -> FactionSerializer(many=True):
        return FactionSerializer(cat.factions.values(), many=True).data

    def get_cards(self, cat) -> CardSerializer(many=True):
        return CardSerializer(cat.cards.values(), many=True, context={"catalogue": cat}).data

    def get_items(self, cat) -> ItemSerializer(many=True):
        return ItemSerializer(cat.items.values(), many=True).data

    def get_special_actions(self, cat) -> SpecialActionSerializer(many=True):
        return SpecialActionSerializer(cat.special_actions.values(), many=True).data


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Rule code from RULES.md, e.g. battle_size.")
    severity = serializers.ChoiceField(choices=["error", "warning", "info"])
    message = serializers.CharField()
    entry = serializers.IntegerField(allow_null=True, help_text="Index into entries, or null.")
    entry_id = serializers.CharField(
        allow_null=True, help_text="The id of the entry it concerns, or null."
    )
    params = serializers.DictField(help_text="The numbers and names the message uses.")


class PointsSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    limit = serializers.IntegerField(allow_null=True)
    entries = serializers.ListField(child=serializers.IntegerField())
    special_actions = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="What each special-action purchase costs (all its uses); empty in games "
        "without special actions.",
    )


class BreakdownSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    id = serializers.CharField(help_text="The entry's id.")
    card = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()
    size = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    known = serializers.BooleanField()
    stats = serializers.DictField(required=False, help_text="Effective stats with items.")
    fighter = serializers.ChoiceField(
        choices=["hero", "henchman"], required=False, help_text="Mordheim: hero or henchman."
    )
    leader = serializers.BooleanField(required=False, help_text="Mordheim: the leader.")
    models = serializers.IntegerField(required=False, help_text="Mordheim: models fielded.")
    model_price = serializers.IntegerField(
        required=False, help_text="Mordheim: gold for one model with its equipment."
    )
    group_sizes = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="Mordheim: the smallest and largest henchman group of this type.",
    )


class ValidationResultSerializer(serializers.Serializer):
    valid = serializers.BooleanField(
        help_text="False exactly when an error-severity violation exists."
    )
    points = PointsSerializer()
    violations = ViolationSerializer(many=True)
    system = serializers.CharField()
    data_version = serializers.CharField()
    sample_data = serializers.BooleanField()
    breakdown = BreakdownSerializer(many=True)
    renamed = serializers.ListField(
        child=serializers.DictField(),
        help_text='Keys the game data renamed since the document was written, read as their '
        'new keys: {"kind", "old", "new", "name", "path"}.',
    )


# --- saved lists ---------------------------------------------------------------------
# Output shapes read ArmyList rows; ``validation`` and ``data_changes`` are the services'
# dicts (result_payload, list_data_changes), passed through as they are.


@extend_schema_field(DOCUMENT_REF)
class ListDocumentField(serializers.JSONField):
    """A list document (muster-list/1); the engine checks it, not this field."""


@extend_schema_field(PARTIAL_DOCUMENT_REF)
class PartialDocumentField(serializers.JSONField):
    """Top-level fields of a list document (muster-list/1) to replace, e.g.
    {"entries": [...]}; fields not given keep their current value."""

    def to_internal_value(self, data):
        if not isinstance(data, Mapping):
            raise serializers.ValidationError(
                "must be a JSON object (top-level fields of the list document)", code="invalid"
            )
        return super().to_internal_value(data)


def _document_value_field(schema: dict):
    """A top-level document field taken as given: the document schema checks it."""
    return extend_schema_field(schema)(type("DocumentValueField", (serializers.JSONField,), {}))


class _BlankAsNull(serializers.CharField):
    """Model strings stored blank for "none" read as null, as in the document."""

    def __init__(self, **kwargs):
        super().__init__(allow_null=True, **kwargs)

    def to_representation(self, value):
        return value or None


def _absolute(request, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


class ListSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    system = serializers.CharField(source="system.key", help_text="Game-system key.")
    faction = _BlankAsNull(help_text="Faction key, or null.")
    battle_size = serializers.IntegerField(allow_null=True)
    role = _BlankAsNull()
    version = serializers.IntegerField(
        help_text="Goes up by one with every save; send it back with an edit (PUT/PATCH)."
    )
    data_version = serializers.CharField(help_text="The game data version of the last save.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    url = serializers.SerializerMethodField()

    def get_url(self, army_list) -> str:
        return _absolute(self.context.get("request"), reverse("api-list", args=[army_list.id]))


class ListPageSerializer(serializers.Serializer):
    """One page of your lists (DRF's page-number pagination)."""

    count = serializers.IntegerField(help_text="Lists in all pages.")
    next = serializers.URLField(allow_null=True, help_text="The next page; null on the last.")
    previous = serializers.URLField(
        allow_null=True, help_text="The page before; null on the first."
    )
    results = ListSummarySerializer(many=True)


class DataChangeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=["card", "item", "faction", "option", "special_action"]
    )
    key = serializers.CharField()
    name = serializers.CharField()
    change = serializers.ChoiceField(
        choices=["removed", "points", "renamed"],
        help_text="removed: gone from the data (kept in the list as unknown_key); points: a "
        "price moved; renamed: the key has a new name (old and new are the keys).",
    )
    field = serializers.CharField(required=False, help_text='Which price moved ("points"...).')
    old = serializers.JSONField(
        required=False, allow_null=True, help_text="The old price, or the old key."
    )
    new = serializers.JSONField(
        required=False, allow_null=True, help_text="The new price, or the new key."
    )


class DataChangesSerializer(serializers.Serializer):
    saved_data_version = serializers.CharField()
    current_data_version = serializers.CharField()
    changed = serializers.BooleanField()
    changes = DataChangeSerializer(many=True)
    new_violations = ViolationSerializer(
        many=True, help_text="Violations today that the list did not have when saved."
    )
    total_before = serializers.IntegerField(allow_null=True)
    total_now = serializers.IntegerField()


class _Payload:
    # validation and data_changes come from context["payload"] (services.list_payload).

    @extend_schema_field(ValidationResultSerializer)
    def get_validation(self, army_list):
        return self.context["payload"]["validation"]

    @extend_schema_field(DataChangesSerializer)
    def get_data_changes(self, army_list):
        return self.context["payload"]["data_changes"]


class ListDetailSerializer(_Payload, ListSummarySerializer):
    document = ListDocumentField(help_text="The list document as saved (without data_version).")
    share_token = serializers.CharField(allow_null=True, help_text="null: sharing is off.")
    share_url = serializers.SerializerMethodField()
    shared_api_url = serializers.SerializerMethodField()
    export_url = serializers.SerializerMethodField()
    campaign_url = serializers.SerializerMethodField()
    validation = serializers.SerializerMethodField(help_text="Validated against today's data.")
    data_changes = serializers.SerializerMethodField(
        help_text="What changed in the game data since the last save."
    )

    def get_share_url(self, army_list) -> str | None:
        """The read-only page for anyone with the link; null when sharing is revoked."""
        token = army_list.share_token
        return _absolute(self.context.get("request"), f"/s/{token}/") if token else None

    def get_shared_api_url(self, army_list) -> str | None:
        token = army_list.share_token
        if not token:
            return None
        return _absolute(self.context.get("request"), reverse("api-shared", args=[token]))

    def get_export_url(self, army_list) -> str:
        path = reverse("api-list-export", args=[army_list.id])
        return _absolute(self.context.get("request"), path)

    def get_campaign_url(self, army_list) -> str | None:
        """Where its campaign's warband as it is now is (null: its game keeps none); the
        document is the warband as it started."""
        if rules_for(army_list.system.key).campaign is None:
            return None
        return _absolute(self.context.get("request"), reverse("api-campaign", args=[army_list.id]))


class SharedListSerializer(_Payload, serializers.Serializer):
    """A list read through its share link: no id, owner or share token."""

    name = serializers.CharField()
    system = serializers.CharField(source="system.key")
    faction = _BlankAsNull()
    battle_size = serializers.IntegerField(allow_null=True)
    role = _BlankAsNull()
    version = serializers.IntegerField()
    data_version = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    document = ListDocumentField()
    validation = serializers.SerializerMethodField()
    data_changes = serializers.SerializerMethodField()


class _NoUnknownFields(serializers.Serializer):
    # Refuse body fields this request does not know, naming each: typos must not vanish.

    def to_internal_value(self, data):
        writable = [name for name, field in self.fields.items() if not field.read_only]
        unknown = sorted(set(data) - set(writable)) if isinstance(data, Mapping) else []
        errors = {}
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as exc:
            if not unknown or not isinstance(exc.detail, Mapping):
                raise
            errors = dict(exc.detail)
        for key in unknown:
            known = ", ".join(writable)
            errors[str(key)] = [
                serializers.ErrorDetail(
                    f"is not a field of this request (known: {known})", code="unknown_field"
                )
            ]
        if errors:
            raise serializers.ValidationError(errors)
        return value


class ListPutSerializer(_NoUnknownFields):
    """PUT: the whole new document, and the version the edit starts from."""

    version = serializers.IntegerField(
        min_value=1, help_text="The version this edit starts from (409 if the list moved on)."
    )
    document = ListDocumentField(help_text="The whole new list document.")


class ListPatchSerializer(_NoUnknownFields):
    """PATCH: the version the edit starts from, and the top-level document fields to change."""

    version = serializers.IntegerField(
        min_value=1, help_text="The version this edit starts from (409 if the list moved on)."
    )
    name = _document_value_field({"type": "string", "maxLength": 200})(required=False)
    faction = _document_value_field({"type": "string", "maxLength": 100})(
        required=False, allow_null=True
    )
    battle_size = _document_value_field({"type": "integer", "minimum": 0})(
        required=False, allow_null=True
    )
    role = _document_value_field({"type": "string", "maxLength": 32})(
        required=False, allow_null=True
    )
    document = PartialDocumentField(required=False)

    # Not DRF's partial update: "version" is always required, so the serializer is never
    # partial, and drf-spectacular (which sets partial for PATCH) must not publish the
    # body with every field optional.
    @property
    def partial(self):
        return False

    @partial.setter
    def partial(self, value):
        pass


class ShareActionSerializer(_NoUnknownFields):
    action = serializers.ChoiceField(
        choices=["renew", "revoke"],
        help_text="renew: a new token, the old link stops working; revoke: no link at all.",
    )


class ConflictSerializer(serializers.Serializer):
    errors = ErrorSerializer(many=True, help_text='One error, path "version", code "conflict".')
    current_version = serializers.IntegerField(help_text="The version the list is at now.")


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text='Send as the header "Authorization: Token <token>".')


class TokenRequestSerializer(_NoUnknownFields, AuthTokenSerializer):
    """DRF's credentials check; fields it does not know are refused by name."""

    username = serializers.CharField(label="Username", write_only=True, max_length=150)
    password = serializers.CharField(
        label="Password", style={"input_type": "password"}, trim_whitespace=False,
        write_only=True, max_length=4096,
    )
    token = serializers.CharField(label="Token", read_only=True)

    def to_internal_value(self, data):
        # Form bodies (curl -d) arrive as a QueryDict: read them as plain fields.
        if hasattr(data, "dict"):
            data = data.dict()
        return super().to_internal_value(data)


class ImportReportRowSerializer(serializers.Serializer):
    selection = serializers.CharField(help_text="The selection's name in the roster.")
    became = serializers.CharField(help_text="What it is in the list, in words.")
    matched = serializers.BooleanField(
        help_text="Found in our game data (Boarding Action: a unit type found in its "
        "categories). Not matched: kept under its roster name and reported by unknown_key "
        "(a Boarding Action unit without a type: by forbidden_unit)."
    )
    kind = serializers.CharField(help_text="fighter, item, custom_unit or setting.")
    entry_id = serializers.CharField(allow_null=True, help_text="The list entry it is in.")
    base_mm_default = serializers.BooleanField(
        required=False,
        help_text="Boarding Action: the base is the default for the unit type (rosters have "
        "no bases); check it and correct it.",
    )


class ListImportedSerializer(ListDetailSerializer):
    import_report = ImportReportRowSerializer(
        many=True,
        required=False,
        help_text="Only for a BattleScribe / New Recruit roster: every selection and what it "
        "became, matched or not.",
    )
