"""The ``referee`` command: one subcommand per job, each a thin layer over the package's API."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from referee import decks, lexicon
from referee.cards import Kind, parse_faces
from referee.errors import UserError

TIERS = {t.name.lower(): t for t in lexicon.Tier}


def _decks(args: argparse.Namespace) -> None:
    if args.deck is None:
        for name in decks.available():
            deck = decks.load(name)
            print(f"{name:<12} {deck.title:<20} {len(deck):>3} cards  lexicon: {deck.language}")
        print("\n`referee decks NAME` shows one deck; a path to your own .toml file works too.")
        return
    deck = decks.load(args.deck)
    print(f"{deck.title} ({deck.name}): {len(deck)} cards, lexicon {deck.language}")
    if deck.notes:
        print("\n" + deck.notes + "\n")
    print(f"{'card':<8} {'copies':>6} {'points':>6}  notes")
    for card in deck.cards:
        face = str(card.face)
        points = "" if not deck.points else (
            "/".join(str(deck.points.get(v, 0)) for v in card.face.letters) if card.face.kind is Kind.TWO_VOWEL
            else str(deck.value(card.face)))
        marks = []
        if card.red:
            marks.append("red border")
        if deck.is_assumed("copies", face):
            marks.append("copies assumed")
        if points and any(deck.is_assumed("points", v) for v in (card.face.letters if card.face.kind is Kind.TWO_VOWEL else [face])):
            marks.append("points assumed")
        print(f"{face:<8} {card.copies:>6} {points:>6}  {', '.join(marks)}")
    if deck.word_points:
        print("\nword length -> points: " + ", ".join(f"{n}: {p}" for n, p in sorted(deck.word_points.items()))
              + ("  (assumed)" if deck.assumed.get("word_points") else ""))
    if deck.board:
        print(f"\nboard {deck.board.size}x{deck.board.size}" + ("  (assumed layout)" if deck.is_assumed("board", "*") else ""))
        for row in deck.board.rows:
            print("  " + " ".join(row))
        print("  . plain  d/t/q letter x2/x3/x4  m letter x-2  D/T/Q word x2/x3/x4  * centre")


def _words_check(args: argparse.Namespace) -> None:
    lex = lexicon.load(args.lang, args.house)
    failed = False
    for word in args.words:
        info = lex.check(word)
        family = lex.family(word) if info.tier else []
        failed |= info.tier is None
        if args.json:
            print(json.dumps({"word": info.word, "valid": info.tier is not None,
                              "tier": info.tier.name.lower() if info.tier else None,
                              "house": info.house, "lemmas": list(info.lemmas), "family": family}, ensure_ascii=False))
        elif info.tier is None:
            print(f"{info.word.upper():<16} not a word")
        else:
            where = "house list" if info.house else f"tier {info.tier.name.lower()}"
            print(f"{info.word.upper():<16} valid ({where}); family: {', '.join(family)}")
    if failed:
        sys.exit(1)


def _words_best(args: argparse.Namespace) -> None:
    lex = lexicon.load(args.lang, args.house)
    cards = parse_faces(" ".join(args.letters))
    if not cards:
        raise UserError("give some letters, e.g. `referee words best TRINGA --reuse`")
    find = lex.best_from_letters if args.reuse else lex.best_from_cards
    words = find(cards, min_length=args.min, tier=TIERS[args.tier], limit=args.limit)
    if args.json:
        print(json.dumps({"cards": [str(c) for c in cards], "reuse": args.reuse, "words": words}, ensure_ascii=False))
        return
    if not words:
        print("no word found")
    for word in words:
        print(word.upper())


def _see(args: argparse.Namespace) -> None:
    import time

    import cv2
    import numpy as np

    import vision
    from vision.annotate import annotate

    up = np.array([float(v) for v in args.up.split(",")]) if args.up else vision.UP
    reader = None
    if args.reader == "tesseract":
        from vision.tesseract import TesseractReader

        reader = TesseractReader()
    if args.annotate and len(args.images) > 1 and not Path(args.annotate).is_dir():
        raise UserError("with several images, --annotate must name an existing folder")
    failed = 0
    for path in args.images:
        try:
            image = vision.load_image(path)
        except vision.ImageError as exc:
            failed += 1
            print(f"referee: {exc}", file=sys.stderr)
            if args.json:
                print(json.dumps({"image": path, "error": str(exc)}, ensure_ascii=False), flush=True)
            continue
        started = time.perf_counter()
        sightings = vision.see(image, up=up, reader=reader, stop_tiles=args.stop_tiles)
        ms = (time.perf_counter() - started) * 1000
        if args.json:
            print(json.dumps({"image": path, "ms": round(ms, 1), "cards": [s.to_json() for s in sightings]},
                             ensure_ascii=False), flush=True)
        else:
            print(f"{path}: {len(sightings)} cards ({ms:.0f} ms)")
            for s in sorted(sightings, key=lambda s: (round(s.center[1] / 50), s.center[0])):
                where = f"({s.center[0]:.0f}, {s.center[1]:.0f})"
                extra = "" if s.visible >= 0.99 else f"  {100 * s.visible:.0f} % visible"
                print(f"  {str(s.face):<8} at {where:<12} confidence {s.confidence:.2f}{extra}{'  sideways' if s.sideways else ''}")
        if args.annotate:
            out = Path(args.annotate)
            if out.is_dir():
                out = out / (Path(path).stem + "-seen.png")
            cv2.imwrite(str(out), annotate(image, sightings))
    if failed == len(args.images):
        sys.exit(1)


def _print_deck(args: argparse.Namespace) -> None:
    from vision.synth.printable import deck_pdf

    deck = decks.load(args.deck)
    out = Path(args.output)
    if out.suffix.lower() != ".pdf":
        raise UserError("the output must be a .pdf file")
    pages = deck_pdf(deck, out, progress=lambda done, total: print(f"\r  drawing card {done}/{total}", end="", file=sys.stderr))
    print(f"\nwrote {out}: {len(deck)} cards on {pages} A4 pages (cut along the marks)", file=sys.stderr)


def _print_mat(args: argparse.Namespace) -> None:
    from calibration import layout, mat

    out = Path(args.output)
    if out.suffix.lower() != ".pdf":
        raise UserError("the output must be a .pdf file")
    board = layout.load(args.game)
    pages = mat.mat_pdf(board, out, args.paper)
    how = "one page" if pages == 1 else f"{pages} pages: print at 100 %, trim, overlap the marked edges and tape"
    print(f"wrote {out}: the {args.game} mat, {board.mat[0]:.0f} x {board.mat[1]:.0f} mm on {args.paper} ({how})")


def _calibrate(args: argparse.Namespace) -> None:
    import vision
    from calibration import homography

    image = vision.load_image(args.image)
    if args.corners:
        values = [float(v) for v in args.corners.replace(";", ",").split(",")]
        if len(values) != 8:
            raise UserError("--corners needs eight numbers: x1,y1,x2,y2,x3,y3,x4,y4")
        calibration = homography.from_corners(list(zip(values[::2], values[1::2])), args.game, image.shape[1::-1])
    elif args.click:
        from calibration.clicks import click_corners

        calibration = homography.from_corners(click_corners(image), args.game, image.shape[1::-1])
    else:
        calibration = homography.from_markers(image, args.game)
    calibration.save(args.output)
    how = "4 corner markers" if calibration.method == "markers" else "4 corners given by hand (an exact fit by construction)"
    print(f"calibrated on {how}: fit error {calibration.error_mm:.2f} mm on the mat; saved {args.output}")


def _play(args: argparse.Namespace) -> None:
    from referee import play

    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value) if value[:1] in "0123456789-[{tf" and value not in ("", "-") else value
    players = [p.strip() for p in args.players.split(",") if p.strip()] if args.players else []
    game, source, display, record, speech = args.game, args.source, args.display, args.record, not args.quiet
    if args.config:  # the referee box: what the command line leaves out comes from its config file
        from hardware import config as hw_config

        cfg = hw_config.load(args.config)
        game = game or cfg.game.get("name")
        players = players or list(cfg.game.get("players", []))
        options = {**cfg.game.get("options", {}), **options}
        source = source or cfg.camera.get("source")
        display = display or cfg.display.get("kind", "none")
        record = record or str(Path(cfg.state.get("folder", ".")) / "current-game")
        speech = speech and cfg.speech.get("enabled", True)
    if not args.resume and (not game or not players):
        raise UserError("give the game and --players A,B (or --resume with --record DIR)")
    show = (lambda v: print(json.dumps(v, ensure_ascii=False), flush=True)) if args.json else None
    buttons = logic = None
    if args.config and not (source or "").startswith("recording:"):
        buttons, logic = play.box_buttons(cfg)
    try:
        play.run(game, players, source or "picamera", options, Path(record) if record else None, args.resume,
                 Path(args.calibration) if args.calibration else None, show, display or "none", speech, args.speed,
                 buttons, logic)
    finally:
        if buttons is not None:
            buttons.close()


def _bench_vision(args: argparse.Namespace) -> None:
    from vision import bench

    print("vision benchmark (held-out typefaces and card designs; medians on this machine)\n")
    for line in bench.run(args.scenes, args.empty, args.seed,
                          progress=lambda msg: print(f"  ... {msg}", file=sys.stderr, flush=True)):
        print(line, flush=True)


def _games(args: argparse.Namespace) -> None:
    from referee.games import REGISTRY

    for name, game in sorted(REGISTRY.items()):
        zones = game.zones(game.min_players)
        more = f" ... ({', '.join(game.zones(game.max_players)[-2:])} with {game.max_players})" if game.zones(game.max_players) != zones else ""
        print(f"{name}: {game.title}, {game.min_players}-{game.max_players} players, deck {game.deck}")
        print(f"  zones: {', '.join(zones)}{more}")
        for key, option in game.options.items():
            choices = f" [{' | '.join(map(str, option.choices))}]" if option.choices else ""
            print(f"  --option {key}={option.default}{choices}: {option.help}")
        print()


def _replay(args: argparse.Namespace) -> None:
    from referee import feedback, recording

    rec = recording.read(args.folder)
    for verdict in recording.replay(rec):
        if args.json:
            print(json.dumps(verdict, ensure_ascii=False), flush=True)
        elif verdict["event"] == "final":
            print("\n" + feedback.describe(verdict))
            width = max(len(n) for n in verdict["scores"])
            for name, points in sorted(verdict["scores"].items(), key=lambda kv: -kv[1]):
                print(f"  {name:<{width}}  {points:>4}")
        else:
            print(f"{verdict['t']:>7.1f}s  {feedback.describe(verdict)}", flush=True)


def _devices(args: argparse.Namespace) -> None:
    from hardware import config as hw_config
    from hardware import survey

    cfg = hw_config.load(args.config)
    findings = survey.survey(cfg)
    for f in findings:
        print(f"{f.device:<8} {'found' if f.ok else 'missing':<8} {f.detail}")
    print()
    kind = args.display or survey.display_kind(cfg, findings[2])
    print("display: " + survey.test_display(kind, Path(args.png_folder)))
    print("sound:   " + survey.test_speech(cfg, Path(args.wav) if args.wav else None))
    if args.buttons:
        for line in survey.wait_for_buttons(cfg):
            print("buttons: " + line)
    else:
        print("buttons: not tested (add --buttons to press each one in turn)")


def _bench_session(args: argparse.Namespace) -> None:
    from referee import session_bench, simulate

    which = tuple(args.game) if args.game else tuple(simulate.BOTS)
    print(f"session benchmark: {args.games} simulated games per game, refereed from rendered camera frames\n")
    for line in session_bench.run(args.games, args.seed, which, progress=lambda m: print(f"  ... {m}", file=sys.stderr, flush=True)):
        print(line, flush=True)


def _bench(args: argparse.Namespace) -> None:
    from referee.lexicon import bench

    print("lexicon benchmark: medians on this machine, baseline measured in the same run;")
    print("ratio = baseline / referee (above 1: the referee is faster or smaller)\n")
    print(bench.HEADER)
    for row in bench.run(progress=lambda msg: print(f"  ... {msg}", file=sys.stderr, flush=True)):
        print(bench.format_row(row), flush=True)
    print("\nsearch results were checked against brute force: identical")


def _demo(args: argparse.Namespace) -> None:
    from referee import demo

    demo.run()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="referee",
        description="A camera referee for letter-card word games (Alpha Playing Cards, Alpha Blitz, Alfapet, AlphaBirds).",
        epilog="Card notation: F, QU, A/E (A upright), ?, ?=G (wild declared as G), BLITZ, QXZ, STEAL, SWAP, TRIBUTE, STOP, ARROW, BACK.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("demo", help="show the referee at work on a laptop with no camera",
                       description="Show what the referee can do, with no camera or hardware needed.")
    p.set_defaults(run=_demo)

    p = sub.add_parser("decks", help="list the decks, or show one deck's cards",
                       description="List the shipped decks, or show the cards, copies and points of one deck.")
    p.add_argument("deck", nargs="?", help="a deck name (alpha, alpha-blitz, alphabirds, alfapet) or a path to a .toml deck file")
    p.set_defaults(run=_decks)

    words = sub.add_parser("words", help="check words and find the best words from letters",
                           description="Look words up in the lexicon, or find the best words some letters or cards make.")
    wsub = words.add_subparsers(dest="words_command", metavar="ACTION", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", default="en", choices=["en", "sv"], help="language (default: en)")
    common.add_argument("--house", action="append", default=[], metavar="FILE",
                        help="add a house word list (one word per line); may be repeated")
    common.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = wsub.add_parser("check", parents=[common], help="is a word valid? which tier? which family?",
                        description="Say for each word whether it is valid, its tier (common, default, large) and its family "
                                    "(the forms counted as the same word). Exits 1 if any word is not valid.")
    p.add_argument("words", nargs="+", metavar="WORD")
    p.set_defaults(run=_words_check)

    p = wsub.add_parser("best", parents=[common], help="best words from letters or cards",
                        description="Find the longest words. Without --reuse each card is used once (a two-vowel card A/E "
                                    "as either vowel, ? as any letter); with --reuse letters may repeat, as on Alpha Blitz's piles.",
                        epilog="Examples: referee words best TRINGA --reuse --min 4;  referee words best 'T R A/E I/O ? S'")
    p.add_argument("letters", nargs="+", metavar="LETTERS", help="letters written together (TRINGA) or cards separated by spaces (T R A/E ?)")
    p.add_argument("--reuse", action="store_true", help="letters may be used more than once")
    p.add_argument("--min", type=int, default=2, metavar="N", help="shortest word length (default: 2)")
    p.add_argument("--tier", default="default", choices=list(TIERS), help="largest word tier to search (default: default)")
    p.add_argument("--limit", type=int, default=20, metavar="N", help="how many words to show (default: 20)")
    p.set_defaults(run=_words_best)

    bench = sub.add_parser("bench", help="measure speed and memory against baselines",
                           description="Benchmarks, each reported as medians beside a baseline measured in the same run.")
    bsub = bench.add_subparsers(dest="bench_command", metavar="WHAT", required=True)
    p = bsub.add_parser("lexicon", help="lexicon load, word check and word search",
                        description="Load time and memory, word check and word search, against a frozenset and brute force.")
    p.set_defaults(run=_bench)
    p = bsub.add_parser("vision", help="card reading: accuracy on held-out designs and real photos, speed",
                        description="Read a fresh synthetic held-out set (unseen typefaces and designs), empty tables and the real "
                                    "photos in ../shared/realdata; time frames on one core; compare with Tesseract on the same crops.")
    p.add_argument("--scenes", type=int, default=100, help="held-out scenes (default: 100)")
    p.add_argument("--empty", type=int, default=100, help="empty tables (default: 100)")
    p.add_argument("--seed", type=int, default=2026)
    p.set_defaults(run=_bench_vision)
    p = bsub.add_parser("session", help="whole simulated games refereed from camera frames",
                        description="Bots play whole games; every moment is rendered as camera frames (mat, perspective, "
                                    "lighting, hands); the referee rules from the frames; its rulings are matched with the truth.")
    p.add_argument("--games", type=int, default=20, help="games per game (default: 20)")
    p.add_argument("--game", action="append", choices=["alpha", "blitz", "alphabet-bang", "taketwo"], help="only this game (repeatable)")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=_bench_session)

    p = sub.add_parser("calibrate", help="map the camera picture to the play mat",
                       description="Find the play mat's four corner markers in a picture and save the mapping from pixels to "
                                   "the mat, with its error; or, without a mat, give the play area's four corners by hand "
                                   "(--corners) or click them in a window (--click).")
    p.add_argument("image", help="a picture from the camera, mat in view")
    p.add_argument("--game", required=True, help="the game whose layout the mat shows")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--corners", metavar="X1,Y1,...,X4,Y4", help="the play area's corners in pixels, clockwise from the first player's top-left")
    how.add_argument("--click", action="store_true", help="click the play area's four corners in a window")
    p.add_argument("-o", "--output", default="calibration.json", metavar="FILE", help="where to save (default: calibration.json)")
    p.set_defaults(run=_calibrate)

    p = sub.add_parser("devices", help="list and test the camera, buttons, display and sound",
                       description="Say which devices this machine has, show a test pattern on the display, say a test "
                                   "sentence, and with --buttons wait for each button in turn.")
    p.add_argument("--config", metavar="FILE", help="config file (default: /etc/alpha-referee/config.toml if present, else the shipped defaults)")
    p.add_argument("--display", choices=["ssd1306", "sh1106", "framebuffer", "window", "png", "dummy", "none"],
                   help="display to test instead of the configured one")
    p.add_argument("--png-folder", default="display-test", metavar="DIR", help="where the png display writes (default: display-test)")
    p.add_argument("--wav", metavar="DIR", help="write speech to WAV files in DIR instead of playing it")
    p.add_argument("--buttons", action="store_true", help="wait for each button to be pressed")
    p.set_defaults(run=_devices)

    p = sub.add_parser("play", help="referee a live game from a camera",
                       description="Referee a game from a camera (or a folder of pictures, or a recording), taking typed words "
                                   "and key presses: WORD, 2 WORD (player 2), pass, draw, !2 (player 2's button), quit.",
                       epilog="Example: referee play alpha --players Peter,Mary --source webcam:0 --record games/tonight")
    p.add_argument("game", nargs="?", help="alpha, blitz, alphabet-bang or taketwo")
    p.add_argument("--players", metavar="A,B", help="player names in turn order")
    p.add_argument("--source", help="picamera, webcam:N, folder:PATH or recording:PATH (default: picamera)")
    p.add_argument("--record", metavar="DIR", help="journal the game (events, verdicts, changed frames) into DIR")
    p.add_argument("--resume", action="store_true", help="carry on with the game journaled in --record DIR (a new game if there is none)")
    p.add_argument("--calibration", metavar="FILE", help="a calibration from `referee calibrate` (default: find the mat's markers)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (see `referee games`)")
    p.add_argument("--display", choices=["none", "window", "png", "sh1106", "ssd1306", "framebuffer"],
                   help="where to show the referee's screen (default: none; png writes into DIR/display)")
    p.add_argument("--quiet", action="store_true", help="no speech")
    p.add_argument("--speed", type=float, default=0.0, metavar="X", help="pace a recording source at X times real time (default: as fast as possible)")
    p.add_argument("--json", action="store_true", help="print verdicts as JSON lines")
    p.add_argument("--config", metavar="FILE", help="the referee box's config file (used by the Pi service)")
    p.set_defaults(run=_play)

    p = sub.add_parser("games", help="list the games, their options, players and table zones",
                       description="List every game the referee knows with its player counts, table zones and options.")
    p.set_defaults(run=_games)

    p = sub.add_parser("replay", help="replay a recorded game and print the verdicts",
                       description="Replay a recording folder (session.toml + events.jsonl) through the table tracker and the rules. "
                                   "Prints a readable game log and score table, or with --json one verdict per line and always a "
                                   "final line {event: final, scores, over, winner}. Same recording, same output.")
    p.add_argument("folder", help="recording folder")
    p.add_argument("--json", action="store_true", help="JSON lines")
    p.set_defaults(run=_replay)

    p = sub.add_parser("see", help="read the cards in photos",
                       description="Find and read every card in each image. Prints a table, or with --json one JSON object per "
                                   "image per line: {image, ms, cards: [{face, upright, corners, confidence, visible}]}.")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.add_argument("--json", action="store_true", help="one JSON object per image per line")
    p.add_argument("--annotate", metavar="OUT", help="write the image with each card outlined and labelled (a folder for several images)")
    p.add_argument("--reader", choices=["cnn", "tesseract"], default="cnn", help="letter reader (default: cnn; tesseract is a slow fallback)")
    p.add_argument("--up", metavar="X,Y", help="the reader's top as a direction in the image (default: 0,-1, the image's top)")
    p.add_argument("--stop-tiles", action="store_true",
                   help="report Alfapet's black stop tiles (off by default: a plain dark square may be a patch of the table)")
    p.set_defaults(run=_see)

    printing = sub.add_parser("print", help="print a deck as a PDF",
                              description="Make printable things: a whole deck as a PDF to cut out.")
    psub = printing.add_subparsers(dest="print_command", metavar="WHAT", required=True)
    p = psub.add_parser("mat", help="a game's play mat with its calibration markers",
                        description="Render a game's play mat (zones, reading directions, ArUco corner markers) as a PDF, "
                                    "tiled over several pages when it is larger than the paper.")
    p.add_argument("game", help="alpha, blitz, alphabet-bang or taketwo")
    p.add_argument("-o", "--output", required=True, metavar="FILE.pdf")
    p.add_argument("--paper", choices=["A4", "A3"], default="A3", help="paper size (default: A3)")
    p.set_defaults(run=_print_mat)
    p = psub.add_parser("deck", help="every card of a deck, nine to an A4 page",
                        description="Render every card of a deck file as a printable PDF (A4, 63x88 mm cards, cut marks).")
    p.add_argument("deck", help="deck name or .toml file")
    p.add_argument("-o", "--output", required=True, metavar="FILE.pdf")
    p.set_defaults(run=_print_deck)
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except UserError as exc:
        print(f"referee: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
