"""The two sides of GWaS 1904 and their nation codes (notes A-1).

A *side* is ``"Japan"`` or ``"Russia"``: the players, the scenario files' forces and
the events' ``side``. A *nation* is the one-letter code that marks a ship
(``ShipSpec.nation``, ``ships.csv``), starts a counter key (``"J:B06"``) and names a
coast owner on an overlay. Japan is the series' "Allied" player, Russia the
"Central Powers" (A-1).
"""

from __future__ import annotations

JAPAN = "Japan"
RUSSIA = "Russia"
SIDES = (JAPAN, RUSSIA)  # Japan is the series "Allied" player and declares first (6.1)

JAPANESE = "J"
RUSSIAN = "R"
NATIONS = (JAPANESE, RUSSIAN)

SIDE_OF = {JAPANESE: JAPAN, RUSSIAN: RUSSIA}  # a nation code's side
NATION_OF = {JAPAN: JAPANESE, RUSSIA: RUSSIAN}  # a side's nation code
