from typing import Literal, cast

AuditListEntriesItemActorType = Literal["cli", "key", "system", "user"]

AUDIT_LIST_ENTRIES_ITEM_ACTOR_TYPE_VALUES: set[AuditListEntriesItemActorType] = {
    "cli",
    "key",
    "system",
    "user",
}


def check_audit_list_entries_item_actor_type(
    value: str,
) -> AuditListEntriesItemActorType:
    if value in AUDIT_LIST_ENTRIES_ITEM_ACTOR_TYPE_VALUES:
        return cast(AuditListEntriesItemActorType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_LIST_ENTRIES_ITEM_ACTOR_TYPE_VALUES!r}"
    )
