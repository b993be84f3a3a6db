"""Every cell of the Tokyo Express data pack that the rulebook reveals.

The printed components (ship counters and logs, Gunnery Cards, Torpedo Combat Table,
Movement Chart, Freedom of Action Table, Battle Movement Display) are not in the rules,
but the rules' text and worked examples fix some of their cells. Any pack, the bundled
reconstruction or an owner's transcription, must agree with all of them.

A :class:`KnownCell` names the pack file, a key path into it, the expected value (as the
text the file would hold), the rule that reveals it and a note.

Key paths (first element = the file's stem):

* ``("ships", NAME, FIELD)``: the ships.csv cell of column FIELD for ship NAME, as written
  in the file (``yes``/``no`` for booleans, ``""`` for a blank cell).
* ``("ships", NAME, "torpedoes", "port")``: the Torpedo values of the salvos that can fire
  into the port broadside (mount P or C), highest first, comma-separated.
* ``("ships", NAME, "torpedoes", "mounts")``: the distinct mounts of the ship's salvos,
  sorted, comma-separated (e.g. ``"C,P,S"``).
* ``("ships", "JPN CL", FIELD)``: FIELD for every Japanese light cruiser, comma-separated
  in file order (a group instead of a ship name).
* ``("movement_chart", SPEED)``: the row, comma-separated (``"2,1,1,1,1,1"``).
* ``("movement_chart", SPEED, PHASE)``: one cell (hexes moved in Movement Phase PHASE).
* ``("movement_chart", SPEED, "moving_phases")``: how many phases of the row are not 0.
* ``("torpedo_table", "japan" | "us", COLUMN_HEADER, ROLL)``: a result (``"N"`` or a
  number); ROLL is a modified die roll, looked up in the row whose key contains it.
* ``("gunnery_cards", DECK, CARD, "lowest_row")``: the card's lowest gunnery-value row.
* ``("gunnery_cards", DECK, CARD, ROW, COLUMN)``: a damage cell (``""`` = blank, no hit);
  COLUMN is ``<target>_<S|M|L>``.
* ``("freedom_of_action", COLUMN_HEADER, ROLL)``: a result (``-``, ``A`` or ``C``).
* ``("battle_movement_display", SECTOR, "light" | "heavy", ROLL, "order" | "heading")``:
  an entry's order or arrow heading for a die roll.

Expected values are in the core's known-cell language (:mod:`navalwar.known`): a plain
string must equal the cell; ``">=N"`` / ``"<=N"`` are numeric bounds; ``"contains:a,b"``
means the comma list holds at least these items (with repeats); ``"same:PATH"`` means
equal to the cell at PATH (a key path joined by ``/``).
"""

from __future__ import annotations

from navalwar.known import KnownCell

__all__ = ["KNOWN_CELLS", "ROSTER_NAMES", "KnownCell"]

_EX_SPEED = "TE 3.2 Example of Formation Speed"
_EX_TORP = "TE 3.6 Example of Torpedo Attack"
_EX_GUN = "TE 3.7 Example of Gunnery Combat"
_EX_BMD = "TE 3.3 Example of the Battle Movement Display"
_EX_FOA = "TE 3.3 Example of US Freedom of Action"

_CELLS: list[KnownCell] = [
    # -- Movement Chart (Card #1) ----------------------------------------------------------
    KnownCell(
        "movement_chart.toml",
        ("movement_chart", "7"),
        "2,1,1,1,1,1",
        "TE 3.4 Example",
        "Speed 7 moves two hexes in phase 1, then one in each (also TE 3.3 60° Turn example)",
    ),
    KnownCell(
        "movement_chart.toml",
        ("movement_chart", "6"),
        "1,1,1,1,1,1",
        "TE 3.3 Example of S-Turn",
        "Speed 6 moves one hex in every phase",
    ),
    KnownCell(
        "movement_chart.toml",
        ("movement_chart", "4"),
        "1,1,0,1,1,0",
        "TE 3.4 Example",
        "Speed 4 skips phases 3 and 6 (also TE 3.3 Japanese 60° Turn and About examples)",
    ),
    KnownCell(
        "movement_chart.toml",
        ("movement_chart", "5", "3"),
        ">=1",
        "TE 3.4 Example of US Movement Restriction",
        "a Speed-5 formation moves in phase 3",
    ),
    KnownCell(
        "movement_chart.toml",
        ("movement_chart", "2", "moving_phases"),
        "2",
        "TE 3.3 Countermarch",
        "Speed 2 makes its two turns in two allowable phases",
    ),
    # -- Torpedo Combat Table (Card #1) ----------------------------------------------------
    KnownCell(
        "torpedo_table.toml",
        ("torpedo_table", "japan", "12-15", "6"),
        "4",
        _EX_TORP,
        "combined value 15, no DRM (Chicago at Speed 6), roll 6",
    ),
    # -- Gunnery Cards ---------------------------------------------------------------------
    KnownCell(
        "gunnery_cards.csv",
        ("gunnery_cards", "CL", "6", "lowest_row"),
        "2",
        _EX_GUN,
        "the lowest row on CL card #6 is a 2 (the split-fire shift cannot go lower)",
    ),
    KnownCell(
        "gunnery_cards.csv",
        ("gunnery_cards", "CL", "6", "2", "DD_S"),
        "1",
        _EX_GUN,
        "Boise (value 2 after splitting) hits a DD at 2 hexes for 1 Damage Point",
    ),
    KnownCell(
        "gunnery_cards.csv",
        ("gunnery_cards", "CL", "20", "2", "DD_S"),
        "",
        _EX_GUN,
        "the same attack on card #20 misses (blank box)",
    ),
    KnownCell(
        "gunnery_cards.csv",
        ("gunnery_cards", "CL", "20", "lowest_row"),
        "2",
        _EX_GUN,
        "implied: the example 'again' uses row 2 despite the down shift",
    ),
    # -- US Freedom of Action Table, Basic (Card #1) ---------------------------------------
    KnownCell(
        "freedom_of_action.toml",
        ("freedom_of_action", "2", "5"),
        "-",
        _EX_FOA,
        "2 ships, roll 6 - 1 = 5: no change",
    ),
    KnownCell(
        "freedom_of_action.toml",
        ("freedom_of_action", "2", "2"),
        "A",
        _EX_FOA,
        "2 ships, roll 3 - 1 = 2: Ahead",
    ),
    # -- Battle Movement Display -----------------------------------------------------------
    KnownCell(
        "battle_movement_display.toml",
        ("battle_movement_display", "2", "heavy", "6", "order"),
        "60S",
        _EX_BMD,
        "2 CA + CL (heavy, blue band), sector 2, roll 6: 60° Turn Starboard",
    ),
    KnownCell(
        "battle_movement_display.toml",
        ("battle_movement_display", "2", "light", "6", "order"),
        "AbS",
        _EX_BMD,
        "2 DD + CL (light, red band), sector 2, roll 6: About Starboard",
    ),
    KnownCell(
        "battle_movement_display.toml",
        ("battle_movement_display", "2", "light", "6", "heading"),
        "same:battle_movement_display/2/heavy/6/heading",
        _EX_BMD,
        "both bands turn the formation to the same hexside (the arrow itself is not given)",
    ),
    # -- Ships (counters and logs) ---------------------------------------------------------
    KnownCell("ships.csv", ("ships", "Gwin", "max_speed"), "7", _EX_SPEED, ""),
    KnownCell("ships.csv", ("ships", "Duncan", "max_speed"), "7", _EX_SPEED, ""),
    KnownCell("ships.csv", ("ships", "Laffey", "max_speed"), "7", _EX_SPEED, ""),
    KnownCell("ships.csv", ("ships", "Juneau", "max_speed"), "6", _EX_SPEED, ""),
    KnownCell("ships.csv", ("ships", "Washington", "max_speed"), "5", _EX_SPEED, ""),
    KnownCell(
        "ships.csv",
        ("ships", "Ralph Talbot", "max_speed"),
        ">=7",
        "TE 3.3 Example of 60° Turn",
        "alone in her formation at Speed 7",
    ),
    KnownCell(
        "ships.csv",
        ("ships", "Chicago", "max_speed"),
        "6",
        _EX_TORP,
        "current Speed 6; after the stern hit (-1) her log notes a maximum of 5",
    ),
    KnownCell(
        "ships.csv",
        ("ships", "Chicago", "damage_boxes"),
        ">=6",
        _EX_TORP,
        "she takes 5 boxes and is not sunk",
    ),
    KnownCell(
        "ships.csv",
        ("ships", "Chicago", "level1_box"),
        ">=6",
        _EX_TORP,
        "after 5 boxes the only Speed change noted is the stern hit's 6 -> 5, so no "
        "Damage Level box lies among Chicago's first 5",
    ),
    KnownCell("ships.csv", ("ships", "Boise", "stern_primary"), "5", _EX_GUN, ""),
    KnownCell(
        "ships.csv",
        ("ships", "Atlanta", "primary_caliber"),
        "Light",
        "TE 3.7",
        "Atlanta's primaries carry the L (also the TE 3.7 example)",
    ),
    KnownCell(
        "ships.csv",
        ("ships", "JPN CL", "primary_caliber"),
        "contains:Light",
        "TE 2.4",
        "some Japanese light cruisers have the L and use the Light deck",
    ),
    KnownCell(
        "ships.csv",
        ("ships", "Jintsu", "torpedoes", "port"),
        "4",
        _EX_TORP,
        "Jintsu fires one salvo of value 4 into her port broadside at Short range, where "
        "a ship fires two if it can: exactly one port-capable salvo",
    ),
    KnownCell(
        "ships.csv",
        ("ships", "Asagumo", "torpedoes", "port"),
        "contains:4,4",
        _EX_TORP,
        "Asagumo fires two salvos of value 4 into her port broadside",
    ),
    KnownCell(
        "ships.csv",
        ("ships", "Cushing", "torpedoes", "mounts"),
        "C,P,S",
        "TE 3.6 Example of Firing Arcs",
        "port, starboard and centre mounts",
    ),
]

#: Japanese battleship secondaries use the CL deck (TE 2.4, 3.7 note).
for _name in ("Hiei", "Kirishima", "Musashi", "Yamato"):
    _CELLS.append(
        KnownCell(
            "ships.csv",
            ("ships", _name, "secondary_caliber"),
            "CL",
            "TE 2.4",
            "Japanese BB secondaries are 'CL'",
        )
    )

#: The Ship Roster: type and late-war asterisk of every ship (Vincennes from TE 2.5).
_ROSTER_TEXT: tuple[tuple[str, str, str, str], ...] = (
    ("AUS", "CA", "Canberra", ""),
    (
        "US",
        "BB",
        "California; Iowa; Missouri; South Dakota; Washington",
        "California; Iowa; Missouri",
    ),
    (
        "US",
        "CA",
        "Astoria; Baltimore; Chicago; Minneapolis; New Orleans; Northampton; "
        "Pensacola; Pittsburgh; Portland; Quincy; Salt Lake City; San Francisco; Vincennes",
        "Baltimore; Pittsburgh",
    ),
    ("US", "CL", "Atlanta; Boise; Helena; Honolulu; Juneau", ""),
    (
        "US",
        "DD",
        "Aaron Ward; Allen M. Sumner; Bagley; Barton; Benham; Blue; Buchanan; Craven; "
        "Cushing; Drayton; Duncan; Dunlap; Farenholt; Fletcher; Gearing; Gwin; Gyatt; Helm; "
        "Jarvis; Laffey; Lamson; Lang; Lardner; Maury; McCalla; Meredith; Monssen; O'Bannon; "
        "Patterson; Perkins; Preston; Ralph Talbot; Selfridge; Sterett; Taylor; Walke; Wilson; "
        "Woodworth",
        "Allen M. Sumner; Gearing; Gyatt; Meredith",
    ),
    ("US", "DMS", "Southard", "Southard"),
    ("JPN", "BB", "Hiei; Kirishima; Musashi; Yamato", "Musashi; Yamato"),
    ("JPN", "CA", "Aoba; Atago; Chokai; Furutaka; Haguro; Kako; Kinugasa; Myoko; Takao", ""),
    ("JPN", "CL", "Jintsu; Kitakami; Nagara; Sendai; Tenryu; Yubari", "Kitakami"),
    (
        "JPN",
        "DD",
        "Akigumo; Amagiri; Amatsukaze; Arashi; Asagumo; Ayanami; Fubuki; Hagikaze; "
        "Hamakaze; Harusame; Hatsukaze; Hatsuyuki; Ikazuchi; Inazuma; Isokaze; Kagero; Kawakaze; "
        "Kazegumo; Kuroshio; Makinami; Matsukaze; Mikazuki; Minazuki; Murasame; Naganami; "
        "Oyashio; Samidare; Shikinami; Shimakaze; Shimotsuki; Shirayuki; Suzukaze; Teruzuki; "
        "Uranami; Yudachi; Yukikaze; Yunagi",
        "Shimakaze; Shimotsuki",
    ),
)


def _split(text: str) -> list[str]:
    return [s.strip() for s in text.split(";") if s.strip()]


ROSTER_NAMES: tuple[str, ...] = tuple(n for _, _, ships, _ in _ROSTER_TEXT for n in _split(ships))
"""All 119 ship names: the Ship Roster's 118 plus Vincennes (TE 2.5, 9.2)."""

for _nation, _type, _ships, _late in _ROSTER_TEXT:
    for _name in _split(_ships):
        _rule = "TE 2.5" if _name == "Vincennes" else "TE Ship Roster"
        _CELLS.append(KnownCell("ships.csv", ("ships", _name, "nation"), _nation, _rule, ""))
        _CELLS.append(KnownCell("ships.csv", ("ships", _name, "type"), _type, _rule, ""))
        _CELLS.append(
            KnownCell(
                "ships.csv",
                ("ships", _name, "late_war"),
                "yes" if _name in _split(_late) else "no",
                _rule,
                "the roster's asterisk",
            )
        )
        _CELLS.append(
            KnownCell(
                "ships.csv",
                ("ships", _name, "last_box_speed"),
                "1" if _name == "California" else "2",
                "TE 3.8",
                "the number in parentheses in the last Damage Box",
            )
        )

#: Counter abbreviations (TE 2.5, plus four used in the historical scenarios' set-ups).
_COUNTERS: tuple[tuple[str, str, str], ...] = (
    ("TE 2.5", "Kirishima", "Kirshma"),
    ("TE 2.5", "Furutaka", "Furutak"),
    ("TE 2.5", "Kinugasa", "Kinugas"),
    ("TE 2.5", "Amatsukaze", "Amatkaz"),
    ("TE 2.5", "Harusame", "Harusam"),
    ("TE 2.5", "Hatsuyuki", "Hatsyuk"),
    ("TE 2.5", "Ikazuchi", "Ikazuch"),
    ("TE 2.5", "Kawakaze", "Kawakaz"),
    ("TE 2.5", "Kuroshio", "Kurosho"),
    ("TE 2.5", "Makinami", "Makinam"),
    ("TE 2.5", "Murasame", "Murasam"),
    ("TE 2.5", "Naganami", "Naganam"),
    ("TE 2.5", "Samidare", "Samidar"),
    ("TE 2.5", "Shikinami", "Shiknam"),
    ("TE 2.5", "Suzukaze", "Suzukaz"),
    ("TE 2.5", "Teruzuki", "Teruzuk"),
    ("TE 2.5", "Yukikaze", "Yukikaz"),
    ("TE 2.5", "Kitakami", "Kitakam"),
    ("TE 2.5", "Hamakaze", "Hamakaz"),
    ("TE 2.5", "Hatsukaze", "Hatskaz"),
    ("TE 2.5", "Kazegumo", "Kazgumo"),
    ("TE 2.5", "Matsukaze", "Matskaz"),
    ("TE 2.5", "Mikazuki", "Mikazuk"),
    ("TE 2.5", "Minazuki", "Minazuk"),
    ("TE 2.5", "Shimakaze", "Shimkaz"),
    ("TE 2.5", "Shimotsuki", "Smotsuk"),
    ("TE 2.5", "South Dakota", "So Dakt"),
    ("TE 2.5", "Canberra", "Canbera"),
    ("TE 2.5", "Minneapolis", "Minnpls"),
    ("TE 2.5", "New Orleans", "N Orlns"),
    ("TE 2.5", "Northampton", "Northtn"),
    ("TE 2.5", "Pensacola", "Penscol"),
    ("TE 2.5", "Portland", "Portlnd"),
    ("TE 2.5", "Salt Lake City", "S L Cty"),
    ("TE 2.5", "San Francisco", "Sn Fran"),
    ("TE 2.5", "Vincennes", "Vincens"),
    ("TE 2.5", "Honolulu", "Honlulu"),
    ("TE 2.5", "Fletcher", "Fletchr"),
    ("TE 2.5", "O'Bannon", "O'Banon"),
    ("TE 2.5", "Patterson", "Pattrsn"),
    ("TE 2.5", "Ralph Talbot", "RTalbt"),
    ("TE 2.5", "California", "Califrn"),
    ("TE 2.5", "Missouri", "Missour"),
    ("TE 2.5", "Allen M. Sumner", "AM Smr"),
    ("TE 2.5", "Meredith", "Merdith"),
    ("TE 2.5", "Southard", "Southrd"),
    ("TE 2.5", "Selfridge", "Selfrdg"),
    ("TE 2.5", "Woodworth", "Woodwth"),
    ("TE 15.1", "Farenholt", "Farnhlt"),
    ("TE 15.1", "Buchanan", "Buchnan"),
    ("TE 15.2", "Aaron Ward", "An Ward"),
    ("TE 15.3", "Washington", "Washton"),
)
for _rule, _name, _counter in _COUNTERS:
    _CELLS.append(
        KnownCell(
            "ships.csv", ("ships", _name, "counter"), _counter, _rule, "abbreviated counter name"
        )
    )

#: Historical / ahistorical ships named in TE 2.5 (only ships with abbreviated names).
_HISTORICAL_25 = (
    "Kirishima; Furutaka; Kinugasa; Amatsukaze; Harusame; Hatsuyuki; Ikazuchi; Kawakaze; "
    "Kuroshio; Makinami; Murasame; Naganami; Samidare; Shikinami; Suzukaze; Teruzuki; Yukikaze; "
    "South Dakota; Canberra; Minneapolis; New Orleans; Northampton; Pensacola; Portland; "
    "Salt Lake City; San Francisco; Vincennes; Honolulu; Fletcher; O'Bannon; Patterson; "
    "Ralph Talbot"
)
_AHISTORICAL_25 = (
    "Kitakami; Hamakaze; Hatsukaze; Kazegumo; Matsukaze; Mikazuki; Minazuki; Shimakaze; "
    "Shimotsuki; California; Missouri; Allen M. Sumner; Meredith; Southard; Selfridge; Woodworth"
)
for _text, _flag in ((_HISTORICAL_25, "yes"), (_AHISTORICAL_25, "no")):
    for _name in _split(_text):
        _CELLS.append(
            KnownCell(
                "ships.csv",
                ("ships", _name, "historical"),
                _flag,
                "TE 2.5",
                "historical / ahistorical counter lists",
            )
        )

KNOWN_CELLS: tuple[KnownCell, ...] = tuple(_CELLS)
"""Every known cell, grouped by file (movement, torpedo, gunnery, FoA, BMD, ships)."""

__all__ = ["KNOWN_CELLS", "ROSTER_NAMES", "KnownCell"]
