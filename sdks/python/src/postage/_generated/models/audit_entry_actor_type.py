from typing import Literal, cast

AuditEntryActorType = Literal["cli", "key", "system", "user"]

AUDIT_ENTRY_ACTOR_TYPE_VALUES: set[AuditEntryActorType] = {
    "cli",
    "key",
    "system",
    "user",
}


def check_audit_entry_actor_type(value: str) -> AuditEntryActorType:
    if value in AUDIT_ENTRY_ACTOR_TYPE_VALUES:
        return cast(AuditEntryActorType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_ENTRY_ACTOR_TYPE_VALUES!r}"
    )
