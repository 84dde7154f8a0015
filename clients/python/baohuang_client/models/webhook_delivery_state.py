from enum import StrEnum


class WebhookDeliveryState(StrEnum):
    DELIVERED = "delivered"
    GAVE_UP = "gave_up"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
