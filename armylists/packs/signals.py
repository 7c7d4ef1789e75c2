"""Who may build on a pack changes with its row (visibility, token, deletion) and its
editors: each change tells this process's kept pinned versions at once
(``selectors.pinned_versions``); other processes see it at their next check."""

from django.db.models.signals import m2m_changed, post_delete, post_save

from armylists.packs import models, selectors


def pack_changed(sender, instance, reverse=False, pk_set=None, **kwargs):
    """A pack's row saved or deleted, or its editors changed: who may build on it. From
    a user's side of the editors (``reverse``), the packs are ``pk_set`` (None: all)."""
    if not reverse:
        selectors.pinned_versions.changed(instance.pk)
    elif pk_set is None:
        selectors.pinned_versions.forget()
    else:
        for pack_id in pk_set:
            selectors.pinned_versions.changed(pack_id)


def connect():
    post_save.connect(pack_changed, sender=models.Pack, dispatch_uid="pack-saved")
    post_delete.connect(pack_changed, sender=models.Pack, dispatch_uid="pack-deleted")
    m2m_changed.connect(
        pack_changed, sender=models.Pack.editors.through, dispatch_uid="pack-editors"
    )
