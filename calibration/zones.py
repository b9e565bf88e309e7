"""Sightings to zones: each card's centre is carried onto the mat, given to the zone that holds it,
and the zone's cards are put in its reading order. A zone's "up" decides which vowel of a two-vowel
card is in play there: the card is read again with the zone's up instead of the picture's."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from calibration.homography import Calibration
from calibration.layout import Layout
from referee.cards import Kind


def facing_zone(sighting, up_in_image: np.ndarray):
    """The sighting as a reader with ``up_in_image`` as their top sees it (two-vowel cards may turn)."""
    if sighting.face.kind is not Kind.TWO_VOWEL:
        return sighting
    own_top = (sighting.corners[0] + sighting.corners[1]) / 2 - sighting.center
    if float(np.dot(own_top, up_in_image)) >= 0:
        return sighting
    return replace(sighting, face=sighting.face.turned(), corners=np.roll(sighting.corners, -2, axis=0))


def assign(sightings, calibration: Calibration, layout: Layout) -> tuple[dict[str, list], list]:
    """(zone -> sightings in reading order, sightings outside every zone)."""
    zones: dict[str, list] = {z.name: [] for z in layout.zones}
    outside = []
    if not sightings:
        return zones, outside
    centres = calibration.to_mat_points(np.array([s.center for s in sightings]))
    for sighting, at in zip(sightings, centres):
        zone = next((z for z in layout.zones if z.contains(at)), None)
        if zone is None:
            outside.append(sighting)
            continue
        up = calibration.image_direction(zone.center, zone.up)
        zones[zone.name].append((float((at - np.asarray(zone.center)) @ zone.right), facing_zone(sighting, up)))
    return {name: [s for _, s in sorted(found, key=lambda kv: kv[0])] for name, found in zones.items()}, outside
