"""Qt item models and the snapshot they show: one consistent picture of the app's state."""
