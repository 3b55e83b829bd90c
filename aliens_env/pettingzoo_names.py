"""The PettingZoo module name of a registered game: ReactorRoom -> reactor_room_v0."""


def pettingzoo_module_name(game: str) -> str:
    snake = "".join("_" + ch.lower() if ch.isupper() and i else ch.lower() for i, ch in enumerate(game))
    return f"{snake}_v0"
