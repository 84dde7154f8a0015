from enum import StrEnum


class GetV1OrganizersOrganizerIdMembersSort(StrEnum):
    NAME = "name"
    RATING = "rating"

    def __str__(self) -> str:
        return str(self.value)
