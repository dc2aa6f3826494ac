import sys

from app import VERSION_TEXT


def _run() -> int:
    import signal

    try:
        from app.cli.main import main
    except KeyboardInterrupt:  # Ctrl+C while starting up: nothing was done yet
        return 130
    code = main()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the outcome is decided; exiting must not print a traceback
    return code


if sys.argv[1:] == ["--version"]:  # answered before anything else is imported (app.cli.main.main answers it alike)
    print(VERSION_TEXT)
    sys.exit(0)
sys.exit(_run())
