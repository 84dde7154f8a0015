from enum import StrEnum


class GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat(StrEnum):
    CSV = "csv"
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)
