"""Contains all the data models used in inputs/outputs"""

from .adjudication import Adjudication
from .adjudication_verdict import AdjudicationVerdict
from .board import Board
from .board_counts import BoardCounts
from .board_table import BoardTable
from .call import Call
from .call_call import CallCall
from .claim_check import ClaimCheck
from .closed_round import ClosedRound
from .confirm import Confirm
from .correction import Correction
from .correction_action import CorrectionAction
from .deal_ref import DealRef
from .difference import Difference
from .entries import Entries
from .entry_seat import EntrySeat
from .evening import Evening
from .freshness import Freshness
from .game import Game
from .game_detail import GameDetail
from .game_detail_record_type_0 import GameDetailRecordType0
from .game_detail_sheet_type_0 import GameDetailSheetType0
from .game_page import GamePage
from .game_seat import GameSeat
from .game_seat_role import GameSeatRole
from .game_submission import GameSubmission
from .game_submission_claimed import GameSubmissionClaimed
from .get_v1_organizers_organizer_id_members_sort import (
    GetV1OrganizersOrganizerIdMembersSort,
)
from .get_v1_organizers_organizer_id_seasons_season_id_standings_format import (
    GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat,
)
from .get_v1_organizers_organizer_id_seasons_season_id_standings_lang import (
    GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang,
)
from .get_v1_tournaments_tournament_id_standings_format import (
    GetV1TournamentsTournamentIdStandingsFormat,
)
from .get_v1_tournaments_tournament_id_standings_lang import (
    GetV1TournamentsTournamentIdStandingsLang,
)
from .health import Health
from .history import History
from .key import Key
from .key_create import KeyCreate
from .key_create_scopes_item import KeyCreateScopesItem
from .key_list import KeyList
from .left import Left
from .link import Link
from .links import Links
from .member import Member
from .member_detail import MemberDetail
from .member_event import MemberEvent
from .member_event_action import MemberEventAction
from .member_list import MemberList
from .merge import Merge
from .merged import Merged
from .met import Met
from .multiplier import Multiplier
from .new_key import NewKey
from .option import Option
from .organizer import Organizer
from .organizer_create import OrganizerCreate
from .organizer_created import OrganizerCreated
from .organizer_patch import OrganizerPatch
from .outcome import Outcome
from .outcome_claim import OutcomeClaim
from .outcome_mode import OutcomeMode
from .pagination_metadata import PaginationMetadata
from .pins import Pins
from .play import Play
from .player import Player
from .player_create import PlayerCreate
from .player_page import PlayerPage
from .player_patch import PlayerPatch
from .player_pin import PlayerPin
from .post_v1_positions_check_body import PostV1PositionsCheckBody
from .post_v1_positions_check_body_move import PostV1PositionsCheckBodyMove
from .post_v1_positions_check_response_200 import PostV1PositionsCheckResponse200
from .post_v1_positions_check_response_200_awaiting_type_0 import (
    PostV1PositionsCheckResponse200AwaitingType0,
)
from .post_v1_positions_check_response_200_verdict import (
    PostV1PositionsCheckResponse200Verdict,
)
from .post_v1_positions_response_200 import PostV1PositionsResponse200
from .post_v1_positions_response_200_legal import PostV1PositionsResponse200Legal
from .post_v1_positions_response_200_legal_plays_type_0_item import (
    PostV1PositionsResponse200LegalPlaysType0Item,
)
from .post_v1_positions_response_200_phase import PostV1PositionsResponse200Phase
from .post_v1_positions_response_200_roles_type_0 import (
    PostV1PositionsResponse200RolesType0,
)
from .post_v1_positions_response_200_roles_type_0_mode import (
    PostV1PositionsResponse200RolesType0Mode,
)
from .post_v1_positions_response_200_trick_type_0 import (
    PostV1PositionsResponse200TrickType0,
)
from .problem import Problem
from .problem_item import ProblemItem
from .problem_item_code import ProblemItemCode
from .rating_history import RatingHistory
from .rating_step import RatingStep
from .record import Record
from .record_claimed import RecordClaimed
from .record_meta import RecordMeta
from .record_ruleset_type_1 import RecordRulesetType1
from .record_ruleset_type_1_options import RecordRulesetType1Options
from .redelivery import Redelivery
from .reopened_round import ReopenedRound
from .resolve import Resolve
from .resolve_claimed import ResolveClaimed
from .resolved import Resolved
from .role_figures import RoleFigures
from .role_figures_role import RoleFiguresRole
from .round_ import Round
from .round_list import RoundList
from .round_method import RoundMethod
from .round_seat import RoundSeat
from .round_table import RoundTable
from .ruleset import Ruleset
from .ruleset_list import RulesetList
from .ruleset_ref import RulesetRef
from .ruleset_ref_options import RulesetRefOptions
from .score_answer import ScoreAnswer
from .score_answer_claim import ScoreAnswerClaim
from .score_answer_mode import ScoreAnswerMode
from .score_sheet import ScoreSheet
from .score_sheet_mode import ScoreSheetMode
from .score_sheet_ruleset_type_1 import ScoreSheetRulesetType1
from .score_sheet_ruleset_type_1_options import ScoreSheetRulesetType1Options
from .season import Season
from .season_create import SeasonCreate
from .season_create_counting import SeasonCreateCounting
from .season_list import SeasonList
from .season_patch import SeasonPatch
from .season_patch_counting import SeasonPatchCounting
from .season_standing import SeasonStanding
from .season_standings import SeasonStandings
from .season_tournament import SeasonTournament
from .sitting_out import SittingOut
from .standing import Standing
from .standings import Standings
from .table import Table
from .table_deal import TableDeal
from .table_deal_create import TableDealCreate
from .table_deal_create_claimed import TableDealCreateClaimed
from .table_deal_state import TableDealState
from .table_entry import TableEntry
from .table_entry_kind import TableEntryKind
from .table_entry_outcome import TableEntryOutcome
from .table_entry_side import TableEntrySide
from .table_entry_state import TableEntryState
from .table_game import TableGame
from .table_player import TablePlayer
from .table_tournament import TableTournament
from .tournament import Tournament
from .tournament_create import TournamentCreate
from .tournament_create_ruleset_type_1 import TournamentCreateRulesetType1
from .tournament_create_ruleset_type_1_options import (
    TournamentCreateRulesetType1Options,
)
from .tournament_create_seating import TournamentCreateSeating
from .tournament_page import TournamentPage
from .tournament_patch import TournamentPatch
from .tournament_patch_ruleset_type_1 import TournamentPatchRulesetType1
from .tournament_patch_ruleset_type_1_options import TournamentPatchRulesetType1Options
from .tournament_patch_seating import TournamentPatchSeating
from .tournament_patch_status import TournamentPatchStatus
from .tournament_seating import TournamentSeating
from .tournament_status import TournamentStatus
from .version import Version
from .version_action import VersionAction
from .violation import Violation
from .violation_code import ViolationCode
from .violation_state import ViolationState
from .webhook import Webhook
from .webhook_attempt import WebhookAttempt
from .webhook_create import WebhookCreate
from .webhook_create_events_item import WebhookCreateEventsItem
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_list import WebhookDeliveryList
from .webhook_delivery_state import WebhookDeliveryState
from .webhook_list import WebhookList
from .who import Who
from .withdraw import Withdraw

__all__ = (
    "Adjudication",
    "AdjudicationVerdict",
    "Board",
    "BoardCounts",
    "BoardTable",
    "Call",
    "CallCall",
    "ClaimCheck",
    "ClosedRound",
    "Confirm",
    "Correction",
    "CorrectionAction",
    "DealRef",
    "Difference",
    "Entries",
    "EntrySeat",
    "Evening",
    "Freshness",
    "Game",
    "GameDetail",
    "GameDetailRecordType0",
    "GameDetailSheetType0",
    "GamePage",
    "GameSeat",
    "GameSeatRole",
    "GameSubmission",
    "GameSubmissionClaimed",
    "GetV1OrganizersOrganizerIdMembersSort",
    "GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat",
    "GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang",
    "GetV1TournamentsTournamentIdStandingsFormat",
    "GetV1TournamentsTournamentIdStandingsLang",
    "Health",
    "History",
    "Key",
    "KeyCreate",
    "KeyCreateScopesItem",
    "KeyList",
    "Left",
    "Link",
    "Links",
    "Member",
    "MemberDetail",
    "MemberEvent",
    "MemberEventAction",
    "MemberList",
    "Merge",
    "Merged",
    "Met",
    "Multiplier",
    "NewKey",
    "Option",
    "Organizer",
    "OrganizerCreate",
    "OrganizerCreated",
    "OrganizerPatch",
    "Outcome",
    "OutcomeClaim",
    "OutcomeMode",
    "PaginationMetadata",
    "Pins",
    "Play",
    "Player",
    "PlayerCreate",
    "PlayerPage",
    "PlayerPatch",
    "PlayerPin",
    "PostV1PositionsCheckBody",
    "PostV1PositionsCheckBodyMove",
    "PostV1PositionsCheckResponse200",
    "PostV1PositionsCheckResponse200AwaitingType0",
    "PostV1PositionsCheckResponse200Verdict",
    "PostV1PositionsResponse200",
    "PostV1PositionsResponse200Legal",
    "PostV1PositionsResponse200LegalPlaysType0Item",
    "PostV1PositionsResponse200Phase",
    "PostV1PositionsResponse200RolesType0",
    "PostV1PositionsResponse200RolesType0Mode",
    "PostV1PositionsResponse200TrickType0",
    "Problem",
    "ProblemItem",
    "ProblemItemCode",
    "RatingHistory",
    "RatingStep",
    "Record",
    "RecordClaimed",
    "RecordMeta",
    "RecordRulesetType1",
    "RecordRulesetType1Options",
    "Redelivery",
    "ReopenedRound",
    "Resolve",
    "ResolveClaimed",
    "Resolved",
    "RoleFigures",
    "RoleFiguresRole",
    "Round",
    "RoundList",
    "RoundMethod",
    "RoundSeat",
    "RoundTable",
    "Ruleset",
    "RulesetList",
    "RulesetRef",
    "RulesetRefOptions",
    "ScoreAnswer",
    "ScoreAnswerClaim",
    "ScoreAnswerMode",
    "ScoreSheet",
    "ScoreSheetMode",
    "ScoreSheetRulesetType1",
    "ScoreSheetRulesetType1Options",
    "Season",
    "SeasonCreate",
    "SeasonCreateCounting",
    "SeasonList",
    "SeasonPatch",
    "SeasonPatchCounting",
    "SeasonStanding",
    "SeasonStandings",
    "SeasonTournament",
    "SittingOut",
    "Standing",
    "Standings",
    "Table",
    "TableDeal",
    "TableDealCreate",
    "TableDealCreateClaimed",
    "TableDealState",
    "TableEntry",
    "TableEntryKind",
    "TableEntryOutcome",
    "TableEntrySide",
    "TableEntryState",
    "TableGame",
    "TablePlayer",
    "TableTournament",
    "Tournament",
    "TournamentCreate",
    "TournamentCreateRulesetType1",
    "TournamentCreateRulesetType1Options",
    "TournamentCreateSeating",
    "TournamentPage",
    "TournamentPatch",
    "TournamentPatchRulesetType1",
    "TournamentPatchRulesetType1Options",
    "TournamentPatchSeating",
    "TournamentPatchStatus",
    "TournamentSeating",
    "TournamentStatus",
    "Version",
    "VersionAction",
    "Violation",
    "ViolationCode",
    "ViolationState",
    "Webhook",
    "WebhookAttempt",
    "WebhookCreate",
    "WebhookCreateEventsItem",
    "WebhookDelivery",
    "WebhookDeliveryList",
    "WebhookDeliveryState",
    "WebhookList",
    "Who",
    "Withdraw",
)
