"""Shared folders: finding one, ids, access checks, overlaps, and what each server may see."""
