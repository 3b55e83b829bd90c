"""The Drop Ship (Aliens Expansion, 1989): Spunkmeyer, Ferro and one Alien, map-free."""
