"""The game packages, one per game; each registers a ``GAME`` object.

``navalwar.games()`` lists the registered game ids. Because importing this
package makes ``navalwar.games`` refer to it, the package itself is callable
and does the same, so both ``navalwar.games()`` and ``import navalwar.games.x``
work.
"""

import sys
import types


class _CallableModule(types.ModuleType):
    def __call__(self) -> list[str]:
        from navalwar.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableModule
