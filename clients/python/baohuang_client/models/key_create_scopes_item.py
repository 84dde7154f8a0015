from enum import StrEnum


class KeyCreateScopesItem(StrEnum):
    ENTER = "enter"
    KEYS = "keys"
    MANAGE = "manage"
    READ = "read"

    def __str__(self) -> str:
        return str(self.value)
