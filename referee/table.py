"""Successive observations of the table to physical changes: a card put on a zone, taken back from
it, or every card of a zone taken away.

An observation maps zone names to the faces seen there in reading order; a pile lists its top card,
or its last few cards bottom to top when they can be told apart (needed to see the same card played
on an identical card); a camera's view of a line may give its covered cards as UNKNOWN. The
tracker remembers each zone's history. A pile whose top goes back to the card seen before it is a
card taken back when the referee asked for that (the play on it was refused, see
:meth:`TableTracker.expect_take_back`); otherwise it is a new card like the one under it, which is
far more common. A two-vowel card merely turned, or a wild card that has been declared, is the same
card. A zone an observation leaves out, or whose top is unreadable, is taken as unchanged; a covered
card of a line that cannot be read is the card seen at its place before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import Face, Kind, parse_face


Observation = dict[str, tuple[str, ...]]  # zone -> faces in reading order (notation strings)


@dataclass
class Settler:
    """Accepts what each zone shows only once it has settled: the same in the last ``agree`` frames
    and in most of the last ``window``, nothing moving for ``settle`` seconds, and - when cards would
    disappear - for ``settle_removal`` seconds (a hand resting on a pile hides it; it does not take
    it away) unless the referee asked for them to be taken (:attr:`expected`). Zones settle one by
    one, so a card that is misread in one frame and read in the next holds up only its own zone,
    never the rest of the table - though zones that changed together
    (cards turned up at once) wait up to ``together`` seconds for each other, to be ruled as one
    change. One misread frame is outvoted; a change is accepted once."""

    settle: float = 0.3
    settle_removal: float = 1.5
    agree: int = 2
    window: int = 5
    history: list[tuple[float, Observation]] = field(default_factory=list)
    last_motion: float = float("-inf")
    accepted: Observation | None = None
    since: dict[str, tuple[tuple[str, ...], float]] = field(default_factory=dict)  # zone -> (reading, since when)
    expected: set[str] = field(default_factory=set)  # zones whose cards the referee asked to be taken away
    together: float = 0.4  # seconds a settled zone waits for others that changed with it
    ready_since: float | None = None

    def feed(self, t: float, observation: Observation, moving: bool = False) -> Observation | None:
        """The table as now accepted when this frame changed it, else None."""
        if moving:
            self.last_motion = t
        self.history.append((t, observation))
        del self.history[: -self.window]
        for zone, faces in observation.items():
            if self.since.get(zone, (None,))[0] != faces:
                self.since[zone] = (faces, t)
        if len(self.history) < self.agree:
            return None
        accepted = dict(self.accepted or {})
        pending = False
        for zone, faces in observation.items():
            if self.accepted is not None and accepted.get(zone) == faces:
                continue
            if self._settled(t, zone, faces):
                accepted[zone] = faces
            elif "UNKNOWN" not in faces and self.since[zone][1] > self.last_motion - 1e-9:
                pending = True  # changed since the hands left, not settled yet
        if not accepted or accepted == self.accepted:
            self.ready_since = None
            return None
        if pending and self.accepted is not None:  # cards turned up together are accepted together
            self.ready_since = t if self.ready_since is None else self.ready_since
            if t - self.ready_since < self.together:
                return None
        self.ready_since = None
        for zone, faces in accepted.items():
            if not faces:
                self.expected.discard(zone)
        self.accepted = {**{z: accepted[z] for z in observation if z in accepted}, **accepted}  # in the table's zone order
        return self.accepted

    def unsettled(self, t: float) -> bool:
        """Whether hands moved just now, or the table shows something not yet accepted."""
        if t - self.last_motion < self.settle:
            return True
        return bool(self.history) and self.accepted is not None and any(
            self.accepted.get(zone) != faces for zone, faces in self.history[-1][1].items())

    def _settled(self, t: float, zone: str, faces: tuple[str, ...]) -> bool:
        readings = [(ts, obs.get(zone)) for ts, obs in self.history]
        if any(seen != faces for _, seen in readings[-self.agree :]):
            return False
        votes = sum(seen == faces for _, seen in readings)
        if votes * 2 <= len(readings) and len(readings) == self.window:
            return False
        first_seen = self.since[zone][1]
        before = self.accepted.get(zone, ()) if self.accepted else ()
        # the zone's end moved back - unless the zone shows more cards than before (one laid on cards like it)
        removes = bool(before) and (not faces or (faces[-1] in before[:-1] and len(faces) <= len(before)))
        wait = self.settle_removal if removes and zone not in self.expected else self.settle
        return t - max(first_seen, self.last_motion) >= wait


@dataclass(frozen=True)
class Change:
    kind: str  # "play", "take_back", "clear" or "declare" (a wild card shown with its letter)
    zone: str
    face: Face | None = None
    count: int = 0


class TableTracker:
    def __init__(self, zones: list[str], piles: bool = True) -> None:
        self.zones = list(zones)
        self.piles = piles
        self.seen: dict[str, list[Face]] = {z: [] for z in zones}
        self.refused: set[str] = set()  # zones whose last play was refused: its card should come back off

    def expect_take_back(self, zone: str) -> None:
        self.refused.add(zone)

    def declare(self, zone: str, face: Face) -> None:
        """The zone's newest card, a wild, stands for a letter from now on (an input said so)."""
        known = self.seen[zone]
        if known and known[-1].card() == face.card():
            known[-1] = face

    def observe(self, table: dict[str, list]) -> list[Change]:
        changes: list[Change] = []
        for zone, faces in table.items():
            if zone not in self.seen:
                raise KeyError(zone)
            shown = [f if isinstance(f, Face) else parse_face(f) for f in faces]
            if self.piles:
                if not any(f.kind is Kind.UNKNOWN for f in shown):
                    changes += self._pile(zone, shown)
            else:
                changes += self._line(zone, shown)
        return changes

    def _pile(self, zone: str, shown: list[Face]) -> list[Change]:
        history = self.seen[zone]
        top = shown[-1] if shown else None
        if len(shown) > 1:
            same = lambda a, b: len(a) == len(b) and all(x.card() == y.card() for x, y in zip(a, b))  # noqa: E731
            if same(history[-len(shown):], shown):
                return []
            if same(history[-(len(shown) - 1):], shown[:-1]):
                history.append(top)
                return [Change("play", zone, top)]
        if top is None:
            if not history:
                return []
            count = len(history)
            history.clear()
            return [Change("clear", zone, count=count)]
        if history and history[-1].card() == top.card():  # the same card
            if top.kind is Kind.WILD:  # the camera sees only "?": a declared wild keeps its letter
                if top.letters and not history[-1].letters:
                    history[-1] = top
                    return [Change("declare", zone, top)]
                return []
            history[-1] = top  # turned over
            return []
        if len(history) >= 2 and history[-2].card() == top.card() and zone in self.refused:
            self.refused.discard(zone)
            history.pop()
            return [Change("take_back", zone)]
        self.refused.discard(zone)
        history.append(top)
        return [Change("play", zone, top)]

    def _line(self, zone: str, shown: list[Face]) -> list[Change]:
        """A line changes at its end, where the newest card lies whole. Its covered cards show only
        their indices, often unreadable or half seen (one vowel of a two-vowel card): while any is
        unread, a new newest card is a card laid at the end, and the newest shown twice is the same
        card laid again; a fully read line is compared card by card. An unreadable newest card
        means: wait and look again - and if the next card covers it first, the card read under the
        newest that cannot be the card known there was laid too."""
        known = self.seen[zone]
        if not shown:
            count = len(known)
            known.clear()
            return [Change("clear", zone, count=count)] if count else []
        newest = shown[-1]
        if newest.kind is Kind.UNKNOWN:
            return []
        unread = any(f.kind is Kind.UNKNOWN for f in shown)
        marked = len(shown) >= 3 and shown[0].kind is Kind.UNKNOWN and shown[-2].card() == newest.card()
        again = marked or (not unread and len(shown) > len(known))  # a fully read line grown by one
        if known and newest.card() == known[-1].card() and not again:  # unchanged, unless laid again
            return []
        if unread:
            if not known:
                return []  # covered cards never seen whole: nothing to go on
            laid = [newest]
            under = shown[-2] if len(shown) >= 3 else None
            if under is not None and under.kind is not Kind.UNKNOWN and not again and not _fits(under, known[-1]):
                laid.insert(0, under)  # laid unreadable, then covered by the newest: read by its index
            known.extend(laid)
            return [Change("play", zone, face) for face in laid]
        common = 0
        while common < min(len(known), len(shown)) and _fits(shown[common], known[common]):
            common += 1
        changes = [Change("take_back", zone) for _ in range(len(known) - common)]
        del known[common:]
        for face in shown[common:]:
            known.append(face)
            changes.append(Change("play", zone, face))
        return changes


def _fits(seen: Face, card: Face) -> bool:
    """Whether what is seen of a covered card can be ``card``."""
    if seen.kind is Kind.UNKNOWN or seen.card() == card.card():
        return True
    return card.kind is Kind.TWO_VOWEL and seen.kind is Kind.LETTER and seen.letters in card.letters
