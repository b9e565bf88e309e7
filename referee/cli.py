"""The ``referee`` command: one subcommand per job, each a thin layer over the package's API."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

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
