"""The tests' root on ``sys.path`` (pytest's default import mode puts a rootless conftest's directory
there), so that helpers shared by the rulesets' test directories live beside this file: grid_rules.py
(the grid's tables read by the rules), recorded_games.py."""
