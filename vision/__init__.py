"""Pixels to sightings: where each card lies in a camera image and what its face shows.

Knows no game. Not built yet (see the project's issue on vision); the package exists so that the
distribution's layout is fixed from the start.
"""
