"""Entry point of the frozen build: the same CLI as `rootkeeper` and `python -m app`."""

import os
import sys

if sys.argv[1:2] == ["--confined-launch"]:  # app.core.confine.wrap.FROZEN_SWITCH: confine, then become the server
    from app.core.confine.launch import main as launch

    sys.exit(launch(sys.argv[2:]))

from app.cli.main import main

# The frozen build ships no Wayland platform plugin (packaging/bundle.py says why): a session that
# asks for Wayland alone still gets a window through XWayland instead of Qt aborting.
_platform = os.environ.get("QT_QPA_PLATFORM", "")
if _platform.startswith("wayland") and "xcb" not in _platform:
    os.environ["QT_QPA_PLATFORM"] = _platform + ";xcb"

sys.exit(main())
