from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.evening import Evening
    from ..models.freshness import Freshness
    from ..models.member_event import MemberEvent
    from ..models.met import Met
    from ..models.rating_step import RatingStep
    from ..models.role_figures import RoleFigures


T = TypeVar("T", bound="MemberDetail")


@_attrs_define
class MemberDetail:
    """
    Attributes:
        rating (float): mu − 3 sigma: the skill held with near certainty
        mu (float): the skill estimate (Weng-Lin, openskill Plackett-Luce)
        sigma (float): its uncertainty
        games (int): the rated games it is made of
        provisional (bool): fewer than 10 rated games
        id (int):
        organizer_id (int):
        name (str):
        merged_into (int | None):
        ratings (Freshness):
        evenings (list[Evening]): a page of the member's evenings in order: the latest, or those before ?before=
        evenings_total (int): how many evenings the member has in all
        evenings_before (int | None): the earlier page: ?before= this tournament (null: this page is the first)
        rating_history (list[RatingStep]): the rating at the end of each evening of the page (every step: …/rating-
            history)
        rating_series (list[RatingStep]): the rating over the whole history: at most 120 of its steps, spread evenly
        rating_steps (int): how many steps the full history has
        by_role (list[RoleFigures]): as emperor (皇帝), guard (保子) and neither (平民): every counted game in one of them
        rebellion (RoleFigures):
        partners (list[Met]): on the same side most, in their latest 1,000 rated games
        opponents (list[Met]): on the other side most, in their latest 1,000 rated games
        events (list[MemberEvent]): the audit trail (the organizer only)
    """

    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool
    id: int
    organizer_id: int
    name: str
    merged_into: int | None
    ratings: Freshness
    evenings: list[Evening]
    evenings_total: int
    evenings_before: int | None
    rating_history: list[RatingStep]
    rating_series: list[RatingStep]
    rating_steps: int
    by_role: list[RoleFigures]
    rebellion: RoleFigures
    partners: list[Met]
    opponents: list[Met]
    events: list[MemberEvent]

    def to_dict(self) -> dict[str, Any]:
        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        provisional = self.provisional

        id = self.id

        organizer_id = self.organizer_id

        name = self.name

        merged_into: int | None
        merged_into = self.merged_into

        ratings = self.ratings.to_dict()

        evenings = []
        for evenings_item_data in self.evenings:
            evenings_item = evenings_item_data.to_dict()
            evenings.append(evenings_item)

        evenings_total = self.evenings_total

        evenings_before: int | None
        evenings_before = self.evenings_before

        rating_history = []
        for rating_history_item_data in self.rating_history:
            rating_history_item = rating_history_item_data.to_dict()
            rating_history.append(rating_history_item)

        rating_series = []
        for rating_series_item_data in self.rating_series:
            rating_series_item = rating_series_item_data.to_dict()
            rating_series.append(rating_series_item)

        rating_steps = self.rating_steps

        by_role = []
        for by_role_item_data in self.by_role:
            by_role_item = by_role_item_data.to_dict()
            by_role.append(by_role_item)

        rebellion = self.rebellion.to_dict()

        partners = []
        for partners_item_data in self.partners:
            partners_item = partners_item_data.to_dict()
            partners.append(partners_item)

        opponents = []
        for opponents_item_data in self.opponents:
            opponents_item = opponents_item_data.to_dict()
            opponents.append(opponents_item)

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "provisional": provisional,
                "id": id,
                "organizer_id": organizer_id,
                "name": name,
                "merged_into": merged_into,
                "ratings": ratings,
                "evenings": evenings,
                "evenings_total": evenings_total,
                "evenings_before": evenings_before,
                "rating_history": rating_history,
                "rating_series": rating_series,
                "rating_steps": rating_steps,
                "by_role": by_role,
                "rebellion": rebellion,
                "partners": partners,
                "opponents": opponents,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evening import Evening
        from ..models.freshness import Freshness
        from ..models.member_event import MemberEvent
        from ..models.met import Met
        from ..models.rating_step import RatingStep
        from ..models.role_figures import RoleFigures

        d = dict(src_dict)
        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        provisional = d.pop("provisional")

        id = d.pop("id")

        organizer_id = d.pop("organizer_id")

        name = d.pop("name")

        def _parse_merged_into(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        merged_into = _parse_merged_into(d.pop("merged_into"))

        ratings = Freshness.from_dict(d.pop("ratings"))

        evenings = []
        _evenings = d.pop("evenings")
        for evenings_item_data in _evenings:
            evenings_item = Evening.from_dict(evenings_item_data)

            evenings.append(evenings_item)

        evenings_total = d.pop("evenings_total")

        def _parse_evenings_before(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        evenings_before = _parse_evenings_before(d.pop("evenings_before"))

        rating_history = []
        _rating_history = d.pop("rating_history")
        for rating_history_item_data in _rating_history:
            rating_history_item = RatingStep.from_dict(rating_history_item_data)

            rating_history.append(rating_history_item)

        rating_series = []
        _rating_series = d.pop("rating_series")
        for rating_series_item_data in _rating_series:
            rating_series_item = RatingStep.from_dict(rating_series_item_data)

            rating_series.append(rating_series_item)

        rating_steps = d.pop("rating_steps")

        by_role = []
        _by_role = d.pop("by_role")
        for by_role_item_data in _by_role:
            by_role_item = RoleFigures.from_dict(by_role_item_data)

            by_role.append(by_role_item)

        rebellion = RoleFigures.from_dict(d.pop("rebellion"))

        partners = []
        _partners = d.pop("partners")
        for partners_item_data in _partners:
            partners_item = Met.from_dict(partners_item_data)

            partners.append(partners_item)

        opponents = []
        _opponents = d.pop("opponents")
        for opponents_item_data in _opponents:
            opponents_item = Met.from_dict(opponents_item_data)

            opponents.append(opponents_item)

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = MemberEvent.from_dict(events_item_data)

            events.append(events_item)

        member_detail = cls(
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            provisional=provisional,
            id=id,
            organizer_id=organizer_id,
            name=name,
            merged_into=merged_into,
            ratings=ratings,
            evenings=evenings,
            evenings_total=evenings_total,
            evenings_before=evenings_before,
            rating_history=rating_history,
            rating_series=rating_series,
            rating_steps=rating_steps,
            by_role=by_role,
            rebellion=rebellion,
            partners=partners,
            opponents=opponents,
            events=events,
        )

        return member_detail
