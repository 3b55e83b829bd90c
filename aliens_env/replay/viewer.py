"""The replay viewer: one self-contained HTML file (inline CSS and JavaScript, pictures as data:
URIs; its Content-Security-Policy lets it load nothing from anywhere).

The game is played again from the replay (every step checked, see ``replay_states``) and each
position is drawn in Python by the ruleset's ``render_rgb(viewer)`` (the same pictures as
``rgb_array`` and the videos) and written as ``render_text(viewer)``. The page holds these frames
as JSON data: a step slider, play / pause, the action of each step, who took it, the dice, the
events, whose turn it is and the result. Every string from the replay or the game reaches the
page as text (``textContent``), never as markup: a replay is a stranger's file.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json

import numpy as np

from ..render.draw import BACKGROUND, png_bytes
from . import replay_states

VIEWERS = ("all", "marines", "hive")

CSS = """
body { background: #111318; color: #ddd; font: 14px/1.4 system-ui, sans-serif; margin: 12px; }
h1 { font-size: 18px; margin: 0 0 4px 0; }
#meta { color: #999; margin-bottom: 8px; }
#controls { display: flex; gap: 8px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
#slider { flex: 1; min-width: 240px; }
button { background: #2a2e38; color: #eee; border: 1px solid #555; padding: 4px 10px; cursor: pointer; }
#main { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
#board { image-rendering: pixelated; border: 1px solid #333; max-width: 100%; }
#side { flex: 1; min-width: 320px; }
.label { color: #8ab; }
#events li { margin: 0; }
pre { background: #1a1d24; padding: 8px; overflow-x: auto; font-size: 12px; }
#result { font-weight: bold; color: #fc6; }
"""

JS = r"""
"use strict";
const data = JSON.parse(document.getElementById("replay-data").textContent);
const frames = data.frames;
const T = data.tile;
// every frame as its full list of tile numbers (later frames are stored as the tiles that changed)
let current = null;
for (const f of frames) {
  if (f.full) { current = f.full.slice(); }
  else { current = current.slice(); for (let k = 0; k < f.diff.length; k += 2) current[f.diff[k]] = f.diff[k + 1]; }
  f.tiles = current;
}
const atlases = data.atlases.map((uri) => { const im = new Image(); im.src = uri; return im; });
const board = document.getElementById("board");
const ctx = board.getContext("2d");

function draw(f) {
  if (board.width !== f.w || board.height !== f.h) { board.width = f.w; board.height = f.h; }
  f.tiles.forEach((t, pos) => {
    const atlas = atlases[Math.floor(t / data.atlas_tiles)];
    const k = t % data.atlas_tiles;
    const sx = (k % data.atlas_columns) * T, sy = Math.floor(k / data.atlas_columns) * T;
    const dx = (pos % f.cols) * T, dy = Math.floor(pos / f.cols) * T;
    ctx.drawImage(atlas, sx, sy, T, T, dx, dy, T, T);
  });
}
const slider = document.getElementById("slider");
const playButton = document.getElementById("play");
let timer = null;

function setText(id, text) { document.getElementById(id).textContent = text; }

function show(i) {
  i = Math.max(0, Math.min(frames.length - 1, i));
  slider.value = String(i);
  const f = frames[i];
  draw(f);
  setText("step", "step " + i + " / " + (frames.length - 1));
  setText("turn", f.to_move);
  const step = i > 0 ? data.steps[i - 1] : null;
  setText("action", step ? step.name : "(the starting position)");
  setText("player", step ? step.player + (data.players[step.player] ? " (" + data.players[step.player] + ")" : "") : "");
  setText("dice", step ? (step.choice_dice.map(r => r[2]).concat(step.dice).join(", ") || "none") : "");
  const list = document.getElementById("events");
  list.replaceChildren();
  for (const e of f.events) {
    const li = document.createElement("li");
    li.textContent = e;
    list.appendChild(li);
  }
  setText("text", f.text);
  setText("result", i === frames.length - 1 ? data.result : "");
}

function stop() { if (timer !== null) { clearInterval(timer); timer = null; } setText("play", "play"); }
function play() {
  if (Number(slider.value) >= frames.length - 1) show(0);
  timer = setInterval(() => {
    const i = Number(slider.value) + 1;
    if (i >= frames.length) { stop(); return; }
    show(i);
  }, Number(document.getElementById("speed").value));
  setText("play", "pause");
}

slider.max = String(frames.length - 1);
slider.addEventListener("input", () => show(Number(slider.value)));
playButton.addEventListener("click", () => (timer === null ? play() : stop()));
document.getElementById("prev").addEventListener("click", () => { stop(); show(Number(slider.value) - 1); });
document.getElementById("next").addEventListener("click", () => { stop(); show(Number(slider.value) + 1); });
document.getElementById("first").addEventListener("click", () => { stop(); show(0); });
document.getElementById("last").addEventListener("click", () => { stop(); show(frames.length - 1); });
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") { stop(); show(Number(slider.value) + 1); }
  if (e.key === "ArrowLeft") { stop(); show(Number(slider.value) - 1); }
  if (e.key === " ") { e.preventDefault(); timer === null ? play() : stop(); }
});
setText("title", data.title);
setText("meta", data.meta);
Promise.all(atlases.map((im) => im.decode())).then(() => {
  show(0);
  document.body.dataset.ready = "yes";
});
"""

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'sha256-{css_hash}'; script-src 'sha256-{js_hash}'">
<title>{title}</title>
<style>{css}</style>
</head><body>
<h1 id="title"></h1>
<div id="meta"></div>
<div id="controls">
<button id="first" title="first step">|&lt;</button><button id="prev" title="previous step (left arrow)">&lt;</button>
<button id="play" title="play / pause (space)">play</button>
<button id="next" title="next step (right arrow)">&gt;</button><button id="last" title="last step">&gt;|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<span id="step"></span>
<select id="speed" aria-label="speed"><option value="1000">slow</option><option value="400" selected>normal</option><option value="100">fast</option></select>
</div>
<div id="main">
<canvas id="board" width="1" height="1" aria-label="the board at this step"></canvas>
<div id="side">
<div><span class="label">to move: </span><span id="turn"></span></div>
<div><span class="label">action: </span><span id="action"></span></div>
<div><span class="label">by: </span><span id="player"></span></div>
<div><span class="label">dice: </span><span id="dice"></span></div>
<div class="label">events:</div><ul id="events"></ul>
<div id="result"></div>
<pre id="text"></pre>
</div></div>
<script type="application/json" id="replay-data">{data}</script>
<script>{js}</script>
</body></html>
"""


def _sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def _json_for_script(data) -> str:
    """JSON that is safe inside a <script> element: no '<', '>' or '&' appear as such (they are
    written as \\u escapes, which JSON.parse reads back), so no string can end the element."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def result_text(replay: dict, game) -> str:
    if not game.is_terminal():
        return "the replay ends before the game does"
    cut = game.truncated_by()
    if cut:
        return f"no result: the game was cut by {cut}"
    outcome = game.outcome()
    names = {1: "win", 0: "draw", -1: "loss"}
    return f"result: marines {names.get(outcome['marines'], outcome['marines'])}, hive " \
           f"{names.get(outcome['hive'], outcome['hive'])}; score {json.dumps(outcome.get('score', {}))}"


def to_move(game) -> str:
    player = game.current_player()
    return "nobody: the game is over" if player is None else player


TILE = 32  # the pictures are cut into TILE x TILE tiles; each distinct tile is stored once (TILE * 3 % 8 == 0)
ATLAS_COLUMNS, ATLAS_ROWS = 64, 128  # tiles across and down one atlas picture


class _Tiles:
    """Distinct tiles of all frames, and each frame as tile numbers (the first in full, later
    ones as the tiles that changed: [position, tile, ...])."""

    def __init__(self):
        self.index: dict[bytes, int] = {}
        self.tiles: list[np.ndarray] = []
        self.last: tuple | None = None

    def frame(self, img: np.ndarray) -> dict:
        h, w, _ = img.shape
        rows, cols = -(-h // TILE), -(-w // TILE)
        padded = np.empty((rows * TILE, cols * TILE, 3), dtype=np.uint8)
        padded[:] = np.asarray(BACKGROUND, dtype=np.uint8)
        padded[:h, :w] = img
        same_size = self.last is not None and self.last[0] == (w, h)
        if same_size:  # only the tiles that changed since the last frame are looked up
            numbers = list(self.last[1])
            # compared 8 bytes at a time: a tile's row of pixels is TILE * 3 bytes (a multiple of 8)
            now = padded.reshape(rows, TILE, cols, TILE * 3).view(np.uint64)
            moved = (now != self.last[2].reshape(rows, TILE, cols, TILE * 3).view(np.uint64)).any(axis=(1, 3))
            changed = np.flatnonzero(moved).tolist()
        else:
            numbers = [0] * (rows * cols)
            changed = range(rows * cols)
        for pos in changed:
            r, c = divmod(pos, cols)
            block = padded[r * TILE:(r + 1) * TILE, c * TILE:(c + 1) * TILE]
            key = block.tobytes()
            if key not in self.index:
                self.index[key] = len(self.tiles)
                self.tiles.append(block.copy())  # not a view: it would keep the whole frame
            numbers[pos] = self.index[key]
        out = {"w": w, "h": h, "cols": cols}
        if same_size:
            out["diff"] = [v for pos in changed for v in (pos, numbers[pos])]
        else:
            out["full"] = numbers
        self.last = ((w, h), numbers, padded)
        return out

    def atlases(self) -> list[str]:
        """The tiles as PNG pictures, ATLAS_COLUMNS x ATLAS_ROWS tiles each, as data: URIs."""
        per = ATLAS_COLUMNS * ATLAS_ROWS
        out = []
        for start in range(0, len(self.tiles), per):
            chunk = self.tiles[start:start + per]
            rows = -(-len(chunk) // ATLAS_COLUMNS)
            sheet = np.zeros((rows * TILE, ATLAS_COLUMNS * TILE, 3), dtype=np.uint8)
            for k, tile in enumerate(chunk):
                r, c = divmod(k, ATLAS_COLUMNS)
                sheet[r * TILE:(r + 1) * TILE, c * TILE:(c + 1) * TILE] = tile
            out.append("data:image/png;base64," + base64.b64encode(png_bytes(sheet)).decode("ascii"))
        return out


def frames(replay: dict, viewer: str = "all", any_version: bool = False) -> dict:
    """The page's data: every position's picture (as tiles, see _Tiles), text, events and whose
    turn it is, with the replay's steps."""
    if viewer not in VIEWERS:
        raise ValueError(f"unknown viewer {viewer!r}; allowed: {list(VIEWERS)}")
    side = None if viewer == "all" else viewer
    tiles = _Tiles()
    out = []
    game = None
    for i, game in replay_states(replay, any_version):
        frame = tiles.frame(game.render_rgb(viewer=side))
        frame.update({"text": game.render_text(viewer=side), "to_move": to_move(game),
                      "events": [str(e) for e in getattr(game, "events", [])] if i > 0 else []})
        out.append(frame)
    players = replay["players"]
    meta = (f"{replay['env']}  seed {replay['seed']}  marines: {players.get('marines', '?')}  hive: "
            f"{players.get('hive', '?')}  viewer: {viewer}  {len(replay['steps'])} steps  "
            f"recorded with aliens_env {replay['aliens_env_version']}")
    steps = [{"name": s["name"], "player": s["player"], "dice": s["dice"], "choice_dice": s["choice_dice"]}
             for s in replay["steps"]]
    return {"title": f"{replay['env']} replay", "meta": meta, "players": players, "steps": steps,
            "frames": out, "tile": TILE, "atlas_columns": ATLAS_COLUMNS, "atlas_tiles": ATLAS_COLUMNS * ATLAS_ROWS,
            "atlases": tiles.atlases(), "result": result_text(replay, game)}


def page(replay: dict, viewer: str = "all", any_version: bool = False) -> str:
    """The HTML page of ``replay`` (checked as it is played)."""
    data = frames(replay, viewer, any_version)
    return PAGE.format(title=html.escape(data["title"]), css=CSS, js=JS, data=_json_for_script(data),
                       css_hash=_sha256(CSS), js_hash=_sha256(JS))


def write(replay: dict, out: str, viewer: str = "all", any_version: bool = False) -> str:
    import os

    text = page(replay, viewer, any_version)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    return out
