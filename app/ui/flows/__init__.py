"""What happens when the user asks for something: dialogs, edits, services, reports."""
