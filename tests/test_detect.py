"""Finding cards and strips in a picture (vision.detect): edges, outlines, fans cut into strips."""

import cv2
import numpy as np
import pytest

from drawn import table


def column_fan(faint=(), margin=2, strips=5, strip=70, width=150, top=225):
    """A grey picture of a fan running down the rows, and its outline as found (``margin`` pixels
    round it): ``strips`` covered cards' strips, then the card on top; the edges of the cards lying
    on others listed in ``faint`` (0: the second card's) show along only three quarters of the
    fan's width, as an edge lying askew of the fan does once the fan is straightened."""
    from vision.detect import Region, order_quad

    x0, y0, length = 100, 100, strips * strip + top
    image = np.full((length + 2 * y0, width + 2 * x0), 60, np.uint8)
    cv2.rectangle(image, (x0, y0), (x0 + width, y0 + length), 210, -1)
    for k in range(strips):
        y = y0 + (k + 1) * strip
        cv2.line(image, (x0, y), (x0 + width, y), 110, 2)
        if k in faint:
            image[y - 3 : y + 4, x0 + width // 3 : x0 + width // 3 + width // 4] = 210
    quad = np.float32([[x0, y0], [x0 + width, y0], [x0 + width, y0 + length], [x0, y0 + length]])
    quad += np.float32([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * margin
    return image, Region(order_quad(quad), float(cv2.contourArea(quad)))


def double_framed_fan(lefts, insets):
    """A grey picture of cards 100 x 150 pixels fanned out sideways, their left edges at ``lefts``
    (the covered cards from the bottom up, then the card on top), each printed with two frames
    ``insets`` pixels inside its edge and an index in its top-left corner; the card on top shows a K."""
    image = np.full((400, 560), 50, np.uint8)
    for x in lefts:
        image[120:270, x : x + 100] = 215
        cv2.line(image, (x, 120), (x, 269), 120, 1)  # its edge's shade on the card under it
        for inset in insets:
            cv2.rectangle(image, (x + inset, 120 + inset), (x + 99 - inset, 269 - inset), 90, 2)
        cv2.putText(image, "M", (x + 11, 146), cv2.FONT_HERSHEY_SIMPLEX, 0.6, 30, 2)
    cv2.putText(image, "K", (lefts[-1] + 22, 225), cv2.FONT_HERSHEY_SIMPLEX, 2.4, 20, 6)
    return cv2.GaussianBlur(image, (3, 3), 0)


@pytest.mark.parametrize("faint", [(4,), (2, 3, 4), (1, 2, 3, 4)])
@pytest.mark.parametrize("margin", [2, 8])
def test_a_fan_is_cut_at_the_card_edges_that_cross_it_askew(faint, margin):
    # the cards nearest the one on top lie askew of the fan, so their edges cross the straightened
    # fan along less of its width than the others: what lies beyond the plain edges is longer than
    # any card, and is cut at the fainter ones (also where the fan's outline was found loose)
    from vision.detect import split_overlaps

    image, fan = column_fan(faint, margin)
    pieces = split_overlaps(image, fan)
    assert [p.partial for p in pieces] == [True] * 5 + [False]
    assert [round(p.center[1]) for p in pieces] == pytest.approx([135, 205, 275, 345, 415, 562], abs=6)


@pytest.mark.parametrize("edges, strips", [([170], 0), ([170, 140], 2), ([170, 140, 110], 3)])
def test_faint_edges_beside_a_card_divide_strips_only_where_they_make_a_fan(edges, strips):
    # a card on a sheet of paper, and faint straight edges beside it: one is as likely the print of
    # the sheet or of a card lying beside it, two or more a step apart are the covered cards of a fan
    from vision import detect

    image = np.full((400, 400), 60, np.uint8)
    image[40:360, 40:360] = 215
    image[100:240, 200:300] = 228
    cv2.rectangle(image, (200, 100), (299, 239), 170, 1)
    cv2.putText(image, "K", (228, 190), cv2.FONT_HERSHEY_SIMPLEX, 1.6, 20, 4)
    for x in edges:
        image[100:240, x : x + 4] = 200
    card = detect.order_quad(np.float32([[200, 100], [300, 100], [300, 240], [200, 240]]))
    found = detect.strips_beside(cv2.GaussianBlur(image, (3, 3), 0), card)
    beside = sorted(round(float(q[:, 0].mean())) for q in found if q[:, 0].mean() < 200)  # its left side's
    bounds = [200] + [x + 2 for x in edges]  # the card's edge, then each covered card's
    assert beside == pytest.approx(sorted((a + b) / 2 for a, b in zip(bounds, bounds[1:]))[len(edges) - strips :], abs=5)


@pytest.mark.parametrize("frame", [2, 4])
def test_narrow_strips_whose_frames_run_into_their_edges_are_found_beside_a_card_in_a_finer_view(frame):
    # four cards fanned out from under a card 60 pixels wide, 14 of each showing, each with a frame
    # printed a few pixels inside its edge: in the small picture the bands beside a card are looked
    # at in, each edge and frame run together and hide the strips; they show in a finer one
    from vision import detect

    image = np.full((400, 500), 50, np.uint8)
    for x in (244, 258, 272, 286, 300):  # the covered cards from the bottom up, then the card on top
        image[150:240, x : x + 60] = 215
        cv2.line(image, (x, 150), (x, 239), 120, 1)  # its edge's shade on the card under it
        cv2.rectangle(image, (x + frame, 150 + frame), (x + 59 - frame, 239 - frame), 110, 1)
        cv2.putText(image, "M", (x + 5, 168), cv2.FONT_HERSHEY_SIMPLEX, 0.4, 30, 1)
    cv2.putText(image, "K", (312, 215), cv2.FONT_HERSHEY_SIMPLEX, 1.6, 20, 4)
    card = detect.order_quad(np.float32([[300, 150], [360, 150], [360, 240], [300, 240]]))
    found = detect.strips_beside(cv2.GaussianBlur(image, (3, 3), 0), card)
    assert sorted(float(q[:, 0].mean()) for q in found) == pytest.approx([251, 265, 279, 293], abs=4)


def test_strips_are_found_beside_a_card_found_along_the_inner_of_its_two_frames():
    # three cards fanned out from under a card printed with two frames, which was found along the
    # inner one: beside that outline lie the frames' lines and the card's margin before its edge
    from vision import detect

    inner = detect.order_quad(np.float32([[310, 130], [390, 130], [390, 260], [310, 260]]))
    found = detect.strips_beside(double_framed_fan((210, 240, 270, 300), (4, 8)), inner)
    # within three pixels of the small picture they are found in (2.5 here): each is grown to its
    # card's own edges before it is read (vision.indices._grown)
    assert sorted(float(q[:, 0].mean()) for q in found) == pytest.approx([225, 255, 285], abs=8)


def test_strips_beside_a_card_end_at_the_covered_cards_edges_not_at_their_frames():
    # three cards fanned out from under a card, each printed with two frames just inside its edge:
    # in the small picture each edge and its frames run together into one line, whose far side from
    # the card on top is the edge; each strip's index lies against that edge, and a strip cut at the
    # frames leaves it half out of the square its end is read in
    from vision import detect

    edges = (200, 235, 270, 305)  # the covered cards from the bottom up, then the card on top
    card = detect.order_quad(np.float32([[305, 120], [405, 120], [405, 270], [305, 270]]))
    found = detect.strips_beside(double_framed_fan(edges, (6, 10)), card)
    beside = sorted((float(q[:, 0].min()), float(q[:, 0].max())) for q in found if q[:, 0].mean() < 305)
    assert beside == [(pytest.approx(a, abs=4), pytest.approx(b, abs=4)) for a, b in zip(edges, edges[1:])]


def test_a_quad_traced_with_a_corner_pulled_off_is_snapped_back_onto_the_cards_sides():
    from vision import detect

    image, [corners] = table([("F", (480, 360), 20)])
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    pulled = corners.copy()
    pulled[2] += (corners[2] - corners.mean(axis=0)) * 0.25  # as if traced into a shadow beyond that corner
    snapped = detect.snapped(gray, pulled)
    assert np.abs(snapped - corners).max() < 2.0, (snapped, corners)  # the same corners, in the same order


def framed_card(table_grey, beside_grey=None, table_colour=None):
    """A grey picture of a card 120 x 180 px with a frame line printed 12 px inside its edge, turned
    10 degrees on a plain table (with a card's paper running on beyond its right side, if given; in
    colour, BGR, on a table of ``table_colour``, if given): the picture, and the corners of the card
    and of the inside of its frame, clockwise."""
    gray = np.full((400, 400, 3), table_colour, np.uint8) if table_colour else np.full((400, 400), table_grey, np.uint8)
    center, turn = np.float32([200, 200]), cv2.getRotationMatrix2D((0, 0), 10, 1.0)[:, :2].astype(np.float32)

    def box(w, h):
        return np.float32([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2 @ turn.T + center

    if beside_grey is not None:
        cv2.fillConvexPoly(gray, (box(120, 180) + (turn @ np.float32([70, 0]))).round().astype(np.int32), (beside_grey,) * 3)
    cv2.fillConvexPoly(gray, box(120, 180).round().astype(np.int32), (225, 225, 225))
    cv2.polylines(gray, [box(96, 156).round().astype(np.int32)], True, (70, 70, 70), 2)
    return cv2.GaussianBlur(gray, (3, 3), 0), box(120, 180), box(92, 152)


@pytest.mark.parametrize("beside", [None, 225])
def test_a_card_found_along_its_printed_frame_is_moved_out_onto_its_own_edges(beside):
    # a card found along the inside of its frame: beyond each side lie the frame's line, then paper
    # as far as its edge, then the table; where a card's paper runs on beyond one side (a card lying
    # beside it, or under it), that side moves out as far as the others
    from vision import detect

    gray, card, inside_frame = framed_card(60, beside)
    assert np.abs(detect.to_own_edges(gray, inside_frame) - card).max() < 2.5  # the same corners, in the same order


def test_a_card_on_a_table_as_light_as_itself_but_of_another_hue_is_moved_out_of_its_frame():
    # in grey a pastel table is the card's paper running on; in colour it is not
    from vision import detect

    image, card, inside_frame = framed_card(None, table_colour=(170, 230, 200))
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    assert abs(float(gray[5, 5]) - 225) < 15  # as light as the card's paper
    assert np.abs(detect.to_own_edges(gray, inside_frame) - inside_frame).max() < 0.5  # grey alone cannot tell
    assert np.abs(detect.to_own_edges(gray, inside_frame, image) - card).max() < 2.5  # the same corners, in the same order


def test_a_card_found_askew_inside_its_frame_is_put_onto_its_own_edges():
    # its outline traced along the frame's inside at a slant (its letter biting into the face): no
    # side's frame lies as far out as another's, but the straight lines near its sides hold it
    from vision import detect

    gray, card, inside_frame = framed_card(60)
    center = inside_frame.mean(axis=0)
    turn = cv2.getRotationMatrix2D((0, 0), 4, 1.0)[:, :2].astype(np.float32)
    askew = (inside_frame - center) @ turn.T * 0.9 + center
    assert np.abs(detect.to_own_edges(gray, askew) - card).max() < 2.5  # the same corners, in the same order


def test_a_card_found_along_its_own_edges_or_on_a_light_table_stays_as_found():
    from vision import detect

    gray, card, _ = framed_card(60)
    assert np.abs(detect.to_own_edges(gray, card) - card).max() < 0.5
    gray, _, inside_frame = framed_card(215)  # a table nearly as light as the card: its edges cannot be told
    assert np.abs(detect.to_own_edges(gray, inside_frame) - inside_frame).max() < 0.5


def test_a_bitten_face_reaches_its_sides_a_blot_does_not():
    from vision import detect

    square = np.float32([[10, 10], [110, 10], [110, 110], [10, 110]])
    face = np.zeros((121, 121), np.uint8)
    cv2.fillConvexPoly(face, square.astype(np.int32), 1)
    cv2.circle(face, (105, 60), 25, 0, -1)  # a round glyph running into the right-hand side
    assert detect._bitten(face, square, 100 * 100)
    blot = np.zeros((121, 121), np.uint8)  # a cross: its hull's sides span its hollows
    cv2.rectangle(blot, (45, 10), (75, 110), 1, -1)
    cv2.rectangle(blot, (10, 45), (110, 75), 1, -1)
    assert not detect._bitten(blot, square, 100 * 100)


def test_a_block_found_within_a_bigger_block_stands_for_its_tiles():
    # the same block of tiles is found twice, once without its top tile: its tiles are what lies on
    # the bigger one, not the smaller block (no card, being no card's shape)
    from vision import detect

    def box(x, y, w, h):
        quad = np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
        return detect.Region(quad, float(w * h))

    tiles = [box(100 + 150 * col, 100 + 150 * row, 140, 140) for row in range(4) for col in range(2)]
    lower = box(95, 245, 300, 600)  # the rows under the first
    outer = box(90, 90, 310, 760)
    inner = sorted([lower, *tiles], key=lambda r: -r.area)
    assert sorted(id(r) for r in detect._cards_on(outer, inner)) == sorted(id(r) for r in tiles)

def test_contours_are_sifted_all_at_once_as_opencv_measures_them_one_by_one():
    from vision import detect

    # a drawing of nested rings and specks: outsides and holes several levels deep
    drawing = np.zeros((300, 300), np.uint8)
    for r in (140, 110, 80, 50, 20):
        cv2.circle(drawing, (150, 150), r, 255, 3)
    for k in range(40):
        cv2.rectangle(drawing, (7 * k % 280, 13 * k % 280), (7 * k % 280 + k % 5, 13 * k % 280 + 2), 255, 1)
    contours, hierarchy = cv2.findContours(drawing, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    assert detect._bounding_boxes(contours).tolist() == [list(cv2.boundingRect(c)) for c in contours]
    parents = hierarchy[0][:, 3]

    def depth(k):
        return 0 if parents[k] < 0 else 1 + depth(parents[k])

    assert detect._holes(parents).tolist() == [depth(k) % 2 == 1 for k in range(len(contours))]
    assert max(depth(k) for k in range(len(contours))) >= 9  # five rings: ten nested outlines


def test_a_large_photo_is_shrunk_without_aliasing():
    """A phone photo is shrunk several times over before the search: fine texture (cloth, wood grain,
    print) must come out as its average, not as stripes that look like card edges."""
    from vision.detect import shrink

    yy, xx = np.mgrid[0:3000, 0:4000]
    fine = np.where((xx // 2 + yy // 2) % 2 == 0, 40, 220).astype(np.uint8)  # a 2-pixel checkerboard
    photo = np.dstack([fine] * 3)
    small = shrink(photo, 0.2)
    assert small.shape[:2] == (600, 800)
    assert abs(float(small.mean()) - 130) < 3 and float(small.std()) < 5
    # a camera frame comes out at the search's size too
    frame = shrink(photo[:960, :1280], 800 / 1280)
    assert frame.shape[:2] == (600, 800)


@pytest.mark.parametrize("size, whole", [(1.0, True), (0.6, False)])
def test_a_face_cut_in_two_from_edge_to_edge_is_found_whole_where_it_is_as_big_as_the_cards(size, whole):
    # a card whose print runs from its top edge to its foot (a Blitz card's bolt joining the words at
    # its ends) cuts its face into two halves, neither shaped like a card, and the table's stripes run
    # into its outline on both sides: its halves are joined. Two such halves much smaller than the
    # cards around (the insides of two strips' printed frames, side by side in a fan) are not a card
    from vision import detect

    gray = np.full((420, 560), 90, np.uint8)
    gray[205:, :] = 150  # the table's stripes meet under the card
    for x in (40, 400):
        cv2.rectangle(gray, (x, 10), (x + 119, 179), 230, -1)  # cards lying whole on the dark stripe
    w, h = 120 * size, 170 * size
    card = np.float32([[280 - w / 2, 205 - h / 2], [280 + w / 2, 205 + h / 2]])
    cv2.rectangle(gray, *card.round().astype(int).tolist(), 230, -1)
    bolt = card[0] + np.float32([[0.83, 0], [0.25, 0.56], [0.67, 0.47], [0.17, 1]]) * (card[1] - card[0])
    cv2.polylines(gray, [bolt.round().astype(np.int32)], False, 70, round(9 * size))
    gray = cv2.GaussianBlur(gray, (3, 3), 0)
    found = [r for r in detect.find_cards(cv2.cvtColor(gray, cv2.COLOR_GRAY2BGR)) if not r.partial]
    joined = [r for r in found if detect.inside(np.float32([280, 205]), r.quad) and r.area > 0.6 * w * h]
    assert len(joined) == int(whole)  # pieces of a half may be found, not the two halves together
    if whole:
        assert joined[0].sides == pytest.approx((w, h), abs=8)
