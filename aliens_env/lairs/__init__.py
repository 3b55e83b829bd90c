"""The Alien lairs of the Aliens Expansion (1989): the map, Room and Sentry Cards, Facehuggers, the
Queen, Waves; the scenario Hunt for the Queen."""
