from enum import StrEnum


class GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang(StrEnum):
    EN = "en"
    ZH = "zh"

    def __str__(self) -> str:
        return str(self.value)
