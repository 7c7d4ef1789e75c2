"""Boarding Action's special actions (docs/rules/boarding_action.md): bought only for the
list's own role, paid beyond the free points out of the army's, and with one of its
variants where the action has some."""

from __future__ import annotations

from collections.abc import Iterator

from rules.engine.validation import Context, Validator
from rules.engine.violations import N_, Violation
from rules.systems.boarding_action.points import actions_overspend, budget
from rules.systems.boarding_action.units import list_roles


class SpecialActionRoleValidator(Validator):
    """`special_action_role` (docs/rules/boarding_action.md): only actions of the list's own role.

    A list that buys special actions must say its role: with no role (or a role that
    is not one of ``roles``) one list-wide violation asks for it, since no action can
    be judged. A list without special actions needs no role. An action whose role is
    null in the pack is open to both roles.

    Params: ``roles`` (default: the roles the pack's special actions have).
    """

    code = "special_action_role"
    message = N_("{action} is a special action of the {action_role}; this list is the {role}")
    no_role = N_("Choose the list's role ({roles}) to buy special actions")
    bad_role = N_("The list's role '{role}' is not one of {roles}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        cat, doc = ctx.catalogue, ctx.document
        roles = list_roles(cat, self.params)
        bought = [
            (k, cat.special_actions[pick.action])
            for k, pick in enumerate(doc.special_actions)
            if pick.action in cat.special_actions
        ]
        if doc.role is not None and roles and doc.role not in roles:
            yield self.violation(
                message=self.bad_role, role=doc.role, roles=", ".join(roles), words=("roles",)
            )
            return
        if not bought:
            return
        if doc.role is None:
            yield self.violation(message=self.no_role, roles=", ".join(roles), words=("roles",))
            return
        for k, action in bought:
            if action.role is not None and action.role != doc.role:
                yield self.violation(
                    action=action.name,
                    action_key=action.key,
                    action_role=action.role,
                    role=doc.role,
                    index=k,
                    path=f"special_actions[{k}]",
                    words=("action_role", "role"),
                )


class SpecialActionBudgetValidator(Validator):
    """`special_action_budget` (docs/rules/boarding_action.md): actions beyond the free points.

    Each player gets ``free_special_action_points`` (30) for special actions and may buy
    more with army points, without limit. So the only way the special actions break a
    list is by taking its counted total over the battle size. This violation names the
    special-action numbers when they are the cause: the models alone fit, and the paid
    part of the special actions pushes the total over (dropping that part would make the
    list fit). It then stands alone (one overspend, one violation); when the models alone
    are already over, only `battle_size` is reported. A list within its battle size never
    gets it.
    """

    code = "special_action_budget"
    message = N_(
        "Special actions cost {special_actions} points: {free} are free, the other {paid} "
        "come out of the army's points and take the total to {total}, {over} over the "
        "battle size of {limit}"
    )

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        if ctx.limit is None or ctx.total <= ctx.limit:
            return
        b = budget(ctx.catalogue, ctx.document, ctx.entry_points)
        if actions_overspend(b, ctx.limit):
            yield self.violation(
                special_actions=b.special_actions,
                free=b.free,
                paid=b.paid,
                models=b.models,
                total=ctx.total,
                limit=ctx.limit,
                over=ctx.total - ctx.limit,
            )


class SpecialActionVariantValidator(Validator):
    """`special_action_variant` (docs/rules/boarding_action.md): an action with variants needs one.

    The sentry gun is bought with one of its weapons (flame, heavy, rapid fire); without
    a choice the list is incomplete. It is priced at the action's own points meanwhile.
    A variant the action does not have is unknown_key's.
    """

    code = "special_action_variant"
    message = N_("{action} needs one of its variants: {variants}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        for k, pick in enumerate(ctx.document.special_actions):
            action = ctx.catalogue.special_actions.get(pick.action)
            if action is None or not action.variants or pick.variant is not None:
                continue
            yield self.violation(
                action=action.name,
                action_key=action.key,
                variants=", ".join(f"{v.name} ({v.points})" for v in action.variants),
                variant_keys=[v.key for v in action.variants],
                index=k,
                path=f"special_actions[{k}].variant",
            )
