import signal
import sys


def _run() -> int:
    try:
        from app.cli import main
    except KeyboardInterrupt:  # Ctrl+C while starting up: nothing was done yet
        return 130
    code = main()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the outcome is decided; exiting must not print a traceback
    return code


sys.exit(_run())
