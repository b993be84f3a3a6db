"""Coral Sea (GDW, 2nd edition 1976): carrier air-naval operations, 1942 (issue 17).

Under construction: the modules are being built to the contract in ``model.py``,
``units.py``, ``table_types.py``, ``air_state.py`` and ``combat_state.py``.
"""
