"""The command line's own refusals: one sentence for stderr, a non-zero exit, nothing written."""


class CliError(Exception):
    """A refusal: one sentence for stderr, non-zero exit, nothing written."""
