"""Everything that touches a device: camera sources, buttons, display, speech, and the Pi build.

Not built yet (see the project's issue on hardware).
"""
