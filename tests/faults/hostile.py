"""The table of hostile text every interface must survive: names, folder names, server output.

Each entry is (case id, text). The text is valid as a file name on Linux (no NUL, no '/'), so the
same table serves as root names, folder names, server commands and server-controlled output.
"""

from __future__ import annotations

TERMINAL_ESCAPES: list[tuple[str, str]] = [
    ("newline-forges-a-row", "x\nr0000000  ok                 forged  etc"),
    ("carriage-return-overwrites", "innocent\rmalicious"),
    ("osc-retitles-terminal", "\x1b]0;owned\x07name"),
    ("osc-hyperlink", "\x1b]8;;https:evil.example\x1b\\click\x1b]8;;\x1b\\"),
    ("csi-clears-screen", "\x1b[2J\x1b[Hcleared"),
    ("csi-colour", "\x1b[31mred\x1b[0m"),
    ("c1-csi-clears-screen", "\x9b2J\x9bHcleared"),
    ("c1-osc", "\x9d0;owned\x9c"),
    ("delete-character", "abc\x7fdef"),
    ("backspace-hides", "safe\x08\x08\x08\x08evil"),
    ("bell", "ding\x07ding"),
    ("vertical-tab-and-form-feed", "a\x0bb\x0cc"),
    ("tab", "col\tumn"),
    ("bidi-override-reverses", "evil\u202etxt.exe"),
    ("bidi-isolate", "a\u2066b\u2069c"),
    ("line-separator", "one\u2028two"),
    ("paragraph-separator", "one\u2029two"),
    ("next-line-c1", "one\x85two"),
    ("escape-alone", "\x1b"),
    ("many-escapes", "\x1b[A" * 50),
]
"""Text that, printed raw, would move the cursor, retitle or clear the terminal, or forge a row."""

HTML_INJECTION: list[tuple[str, str]] = [
    ("bold", "<b>x</b>"),
    ("image", "<img src='file:///etc/passwd'>"),
    ("link", "<a href='http://evil.example/'>click</a>"),
    ("red-headline", "<h1 style='color:red'>Hacked</h1>"),
    ("qt-tag", "<qt>plain?</qt>"),
    ("entity", "&lt;b&gt;not bold&lt;/b&gt;"),
    ("table", "<table><tr><td>forged</td></tr></table>"),
    ("html-with-escape", "<b>\x1b[2J</b>"),
]
"""Text that, rendered as rich text, would change what a label shows or load a resource."""


def is_terminal_safe(text: str) -> bool:
    """No character that a terminal acts on (controls, C1, bidi and line separators), except line ends."""
    for ch in text:
        code = ord(ch)
        if ch == "\n":
            continue
        if code < 0x20 or 0x7F <= code <= 0x9F or ch in BIDI_AND_SEPARATORS:
            return False
    return True


BIDI_AND_SEPARATORS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")
