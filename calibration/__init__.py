"""Pixels to table: the play mat's markers, each game's table layout, and which zone a card lies in.

Not built yet (see the project's issue on calibration and live sessions).
"""
