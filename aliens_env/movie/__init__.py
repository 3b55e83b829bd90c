"""The Movie Scenario of Aliens (1989): the Reactor Room then Operations/Air Ducts, one episode."""
