"""PettingZoo AEC environments: ``from aliens_env.pettingzoo import reactor_room_v0``."""
