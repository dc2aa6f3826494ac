"""asyncio, no SDK, no Qt: the roots watcher, background chores, the store edits told to servers."""
