"""Which server was given which folders, and when: the file, its schema, index and recorder."""
