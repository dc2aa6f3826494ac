"""The command line: `rootkeeper` and `python -m app` land in `app.cli.main.main`."""
