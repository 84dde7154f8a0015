from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.table_player import TablePlayer


T = TypeVar("T", bound="Link")


@_attrs_define
class Link:
    """
    Attributes:
        table (int):
        token (None | str): the table token (X-Table-Token); null when it cannot be made again (the server's secret
            changed): make new links
        path (None | str):
        url (None | str): the table's page, for its QR code
        players (list[TablePlayer]):
    """

    table: int
    token: None | str
    path: None | str
    url: None | str
    players: list[TablePlayer]

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        token: None | str
        token = self.token

        path: None | str
        path = self.path

        url: None | str
        url = self.url

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
                "token": token,
                "path": path,
                "url": url,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table_player import TablePlayer

        d = dict(src_dict)
        table = d.pop("table")

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))

        def _parse_path(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        path = _parse_path(d.pop("path"))

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = TablePlayer.from_dict(players_item_data)

            players.append(players_item)

        link = cls(
            table=table,
            token=token,
            path=path,
            url=url,
            players=players,
        )

        return link
