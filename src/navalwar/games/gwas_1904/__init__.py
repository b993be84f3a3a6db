"""Great War at Sea: 1904-1905, the Russo-Japanese War (Avalanche Press).

Work in progress (issue 4): the ship data and the combat procedures come
first; the game is registered once its battle scenarios play end to end.
"""
