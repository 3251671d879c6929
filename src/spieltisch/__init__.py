"""Spieltisch: a digital game table for five German number card games.

Every face of Spieltisch (command line, bots, simulator, server) drives games through the
same small API in :mod:`spieltisch.core`; the rules live only in :mod:`spieltisch.games`.
"""

__version__ = "0.1.0"
