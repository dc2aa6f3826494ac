"""The app's dialogs; each is opened with `open()` and awaited through `app.ui.flows.asking.ask`."""
