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

PASTED_PATHS: list[tuple[str, str]] = [
    ("empty", ""),
    ("spaces-only", "   "),
    ("newlines-only", "\n\n"),
    ("nul-byte", "/tmp/a\x00b"),
    ("percent-nul-in-uri", "file:///tmp/a%00b"),
    ("remote-uri", "file://evil.example/etc"),
    ("http-uri", "http://example.org/x"),
    ("ftp-uri", "ftp://example.org/x"),
    ("smb-uri", "smb://server/share"),
    ("query-in-uri", "file:///tmp?x=1"),
    ("fragment-in-uri", "file:///tmp#top"),
    ("empty-file-uri", "file://"),
    ("bare-file-scheme", "file:"),
    ("relative-file-uri", "file:relative/path"),
    ("localhost-no-path", "file://localhost"),
    ("javascript-uri", "javascript:alert(1)"),
    ("data-uri", "data:text/plain,hello"),
    ("dotdot-escape", "/../../../../etc/passwd"),
    ("dotdot-to-tmp", "/../../tmp"),
    ("encoded-dotdot", "file:///%2e%2e/%2e%2e/etc"),
    ("proc-self", "/proc/self"),
    ("proc-self-root", "/proc/self/root"),
    ("proc-self-fd", "/proc/self/fd/0"),
    ("dev-zero", "/dev/zero"),
    ("dev-null", "/dev/null"),
    ("sys-kernel", "/sys/kernel"),
    ("root-folder", "/"),
    ("double-slash", "//"),
    ("triple-slash", "///"),
    ("etc-shadow", "/etc/shadow"),
    ("etc-ssl-private", "/etc/ssl/private"),
    ("var-lib", "/var/lib"),
    ("missing", "/no/such/folder/anywhere"),
    ("tilde-unknown-user", "~no_such_user_xyz/x"),
    ("very-long-name", "/tmp/" + "a" * 300),
    ("very-long-path", "/tmp/" + "/".join(["abcdefgh"] * 600)),
    ("quoted-missing", '"/no/such/folder"'),
    ("mismatched-quotes", "\"/tmp'"),
    ("smart-quotes", "“/no/such”"),
    ("backticks", "`/no/such`"),
    ("command-substitution", "$(touch /tmp/rk-pwned)"),
    ("shell-variable", "$HOME/../../etc"),
    ("glob", "/tmp/*"),
    ("windows-drive", "C:\\Windows\\System32"),
    ("unc-path", "\\\\server\\share"),
    ("escape-in-path", "/no/such/\x1b[2J"),
    ("newline-in-path", "/no/such\n/etc"),
    ("rtl-override", "/no/such/\u202egpj.exe"),
    ("zero-width", "/no/such/\u200b"),
    ("lone-surrogate", "/no/such/\udcff"),
    ("html-in-path", "/no/such/<img src=x>"),
    ("percent-encoded-utf8", "file:///no/such/caf%C3%A9"),
    ("percent-encoded-invalid-utf8", "file:///no/such/caf%E9"),
    ("bad-percent-escape", "file:///no/such/%zz"),
    ("uri-with-user", "file://user@localhost/tmp"),
    ("uri-with-port", "file://localhost:22/tmp"),
    ("dash-path", "-rf"),
    ("double-dash-path", "--allow-broad"),
    ("only-dot", "."),
    ("only-dotdot", ".."),
]
"""What a user may paste or type as a folder to share; none may crash, none may share the wrong thing."""
