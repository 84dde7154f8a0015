"""The rules core: pure Python, no web framework, no database.

Everything a rule decides lives here: cards and notation (:mod:`.cards`), sets
and comparison (:mod:`.sets`), the ruleset (:mod:`.ruleset`), the call phase
(:mod:`.calls`), the play phase and the whole record (:mod:`.engine`), scores
(:mod:`.scoring`), the error codes (:mod:`.errors`) and which game a record is
(:mod:`.identity`).

The modules can also run compiled (see :mod:`._compiled`); ``COMPILED`` says which form runs.
"""

from ._compiled import COMPILED  # first: it refuses compiled modules older than their source
from .calls import Call, CallKind, kick_allowed
from .cards import Card, NotationError, Rank, Suit, format_card, format_cards, parse_card, parse_cards
from .engine import Adjudication, Verdict, adjudicate, read_ruleset
from .errors import Problem, RecordError, Violation, ViolationCode
from .identity import record_fingerprint
from .random_game import random_record
from .roles import Mode
from .ruleset import PRESETS, WEIHAI, Ruleset, RulesetError
from .scoring import GameFacts, Outcome, score
from .sets import CardSet

__all__ = [
    "COMPILED",
    "PRESETS",
    "WEIHAI",
    "Adjudication",
    "Call",
    "CallKind",
    "Card",
    "CardSet",
    "GameFacts",
    "Mode",
    "NotationError",
    "Outcome",
    "Problem",
    "Rank",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "Suit",
    "Verdict",
    "Violation",
    "ViolationCode",
    "adjudicate",
    "format_card",
    "format_cards",
    "kick_allowed",
    "parse_card",
    "parse_cards",
    "random_record",
    "read_ruleset",
    "record_fingerprint",
    "score",
]
