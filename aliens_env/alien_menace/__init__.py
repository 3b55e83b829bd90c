"""Alien Menace (Hazgaard Editions, 2011): the Marine against the Alien, a card duel.

``game.AlienMenace`` is the rules; ``dice_ai.AlienMenaceDiceAI`` the scripted player for either
side; ``cards`` loads data/cards.yaml and data/rules.yaml; ``tune`` measures win rates and speed.
"""
