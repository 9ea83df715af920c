"""The base of every response model: unknown fields are kept, so fields a newer server adds break nothing."""

from __future__ import annotations

from typing import Any

import pydantic


class BaseModel(pydantic.BaseModel):
    """A pydantic model that keeps fields it does not know (`model_extra`) instead of failing."""

    model_config = pydantic.ConfigDict(extra="allow", populate_by_name=True)

    def to_dict(self) -> dict[str, Any]:
        """The model as plain JSON-ready data, as the API sent it."""
        return self.model_dump(mode="json", by_alias=True)
