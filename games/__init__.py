"""The rules of every game Kibitz knows: pure Python, standard library only.

Nothing below this package may import Django (tests/games/test_purity.py enforces it).
"""
