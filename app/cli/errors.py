"""The command line's own refusals: one sentence for stderr, a non-zero exit, nothing written."""

from app.core.text import UserError


class CliError(UserError):
    """A refusal: one sentence of the catalogue (a `cli.*` code) for stderr, non-zero exit, nothing written."""
