from enum import StrEnum


class ViolationCode(StrEnum):
    CALLED_CARD_NOT_ALLOWED = "called_card_not_allowed"
    CALLED_CARD_NOT_HELD = "called_card_not_held"
    CALL_AFTER_KICK = "call_after_kick"
    CALL_NOT_IN_RULESET = "call_not_in_ruleset"
    CROWN_OUT_OF_ORDER = "crown_out_of_order"
    DEAL_NOT_THE_DECK = "deal_not_the_deck"
    DEAL_WRONG_SIZE = "deal_wrong_size"
    DOES_NOT_BEAT = "does_not_beat"
    DUPLICATE_CALL = "duplicate_call"
    GAME_OVER = "game_over"
    INCOMPLETE = "incomplete"
    KICK_WITHOUT_DECLARATION = "kick_without_declaration"
    MARKED_CARD_DOUBLED = "marked_card_doubled"
    MARKED_CARD_MISSING = "marked_card_missing"
    MUST_LEAD = "must_lead"
    NOT_A_SET = "not_a_set"
    NOT_IN_HAND = "not_in_hand"
    OUT_OF_TURN = "out_of_turn"
    REBEL_NOT_ALLOWED = "rebel_not_allowed"
    REVEAL_BY_NON_GUARD = "reveal_by_non_guard"
    SECOND_KICK = "second_kick"
    SIXES_NOT_LAST = "sixes_not_last"
    SOLO_NOT_ALLOWED = "solo_not_allowed"
    SOLO_TOO_LATE = "solo_too_late"
    SURRENDER_NOT_ALLOWED = "surrender_not_allowed"
    TRANSFER_WITHOUT_BOTH = "transfer_without_both"

    def __str__(self) -> str:
        return str(self.value)
