"""Features extractors for the policy networks, chosen by the config key ``ppo.extractor``.

``flat`` (the default): stable-baselines3's CombinedExtractor, the whole observation flattened
into the policy and value MLPs: the Dict's "observation" and its "action_mask" concatenated.

``observation``: the Dict's "observation" alone, flattened; the action mask stays out of the
network (MaskablePPO applies it to the logits through ``action_masks()`` all the same). For a
small observation (``observation: compact``) the mask's hundreds of values (181-598 in the
games with a compact transform) would be most of the network's input, and each input value
costs training time.

``views``: reads the observation through the game's named views (``game.obs_layout``, listed by
``python -m aliens_env``): every plane view ``(c, h, w)`` through a small CNN (3x3 convolutions,
the later ones with stride 2, then a linear layer), every vector and row view concatenated
through an MLP layer; the two feature vectors are concatenated for the policy and value MLPs.
Built for observations such as Bug Hunt's 14,701 values, of which 14,375 are 23 map planes:
flattened into a first MLP layer of 128 units they need 1.9M weights, through the CNN about 0.5M
that see the same pattern anywhere on the map.

The description of the network (``spec``) is plain JSON: it names the views with their shapes,
so a policy file (agents.policy_file) rebuilds the very same network from its header without the game.
"""
from __future__ import annotations

import numpy as np
import torch
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

EXTRACTORS = ("flat", "observation", "views")
VIEWS_TYPE = "views"
OBSERVATION_TYPE = "observation"
OBSERVATION_SPEC = {"type": OBSERVATION_TYPE}  # no sizes: the network takes the observation as it is
# the sizes of the ``views`` network (one place: the config chooses the kind, not the sizes)
CHANNELS = (32, 32, 32)  # convolutions: the first keeps the map size, the next halve it
PLANES_FEATURES = 256  # the linear layer after the convolutions
VECTOR_FEATURES = 128  # the MLP layer of the vector and row views


def views_spec(layout) -> dict:
    """The JSON description of the ``views`` extractor for an ObsLayout (aliens_env.core.actions)."""
    return {"type": VIEWS_TYPE, "views": [[name, list(shape)] for name, shape in layout.shapes.items()],
            "channels": list(CHANNELS), "planes_features": PLANES_FEATURES, "vector_features": VECTOR_FEATURES}


def spec_for(extractor: str, game_name: str, observation: str = "full") -> dict | None:
    """The extractor spec a config asks for (None: flat) for a registered game and the kind of
    observation it trains on (aliens_env.envs.observations); a ValueError names the allowed
    extractors, or says why the game's observation does not fit."""
    if extractor not in EXTRACTORS:
        raise ValueError(f"unknown extractor {extractor!r}; allowed: {list(EXTRACTORS)}")
    if extractor == "flat":
        return None
    if extractor == OBSERVATION_TYPE:
        return dict(OBSERVATION_SPEC)
    from aliens_env.envs.observations import Observer
    from aliens_env.envs.registry import get_spec

    game = get_spec(game_name).make_game()
    if getattr(game, "obs_layout", None) is None:
        raise ValueError(f"extractor 'views' needs the game's named observation views; {game_name} declares none (use 'flat')")
    return views_spec(Observer(game, observation).layout)


def check_spec(spec, observation_size: int | None = None) -> None:
    """A ValueError naming the first field of an extractor spec that is wrong (it comes from a
    config or a policy file's header)."""
    if not isinstance(spec, dict) or spec.get("type") not in (VIEWS_TYPE, OBSERVATION_TYPE):
        raise ValueError(f"an extractor spec must be an object with type {VIEWS_TYPE!r} or {OBSERVATION_TYPE!r}")
    if spec["type"] == OBSERVATION_TYPE:
        if spec != OBSERVATION_SPEC:
            raise ValueError(f"extractor {OBSERVATION_TYPE!r} has no other field than 'type', got {sorted(spec)}")
        return
    views = spec.get("views")
    if not isinstance(views, list) or not views:
        raise ValueError("extractor 'views' must list the views as [name, shape] pairs")
    size = 0
    for view in views:
        ok = (isinstance(view, list) and len(view) == 2 and isinstance(view[0], str) and isinstance(view[1], list)
              and 1 <= len(view[1]) <= 3 and all(isinstance(k, int) and not isinstance(k, bool) and 0 <= k <= 65536 for k in view[1]))
        if not ok:
            raise ValueError(f"extractor view {view!r} must be [name, shape] with a shape of 1 to 3 whole numbers")
        n = 1
        for k in view[1]:
            n *= k
        size += n
    if observation_size is not None and size != observation_size:
        raise ValueError(f"extractor views hold {size} values, the observation has {observation_size}")
    channels = spec.get("channels")
    if not isinstance(channels, list) or not channels or not all(isinstance(c, int) and not isinstance(c, bool) and 0 < c <= 1024 for c in channels):
        raise ValueError(f"extractor 'channels' must be a list of channel counts (1..1024), got {channels!r}")
    for key in ("planes_features", "vector_features"):
        value = spec.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= 65536:
            raise ValueError(f"extractor {key!r} must be a whole number 1..65536, got {value!r}")


def policy_kwargs(spec: dict | None) -> dict:
    """The extra policy_kwargs of a MaskablePPO policy using this extractor (none for flat)."""
    if spec is None:
        return {}
    if spec.get("type") == OBSERVATION_TYPE:
        return {"features_extractor_class": ObservationExtractor}
    return {"features_extractor_class": ViewsExtractor, "features_extractor_kwargs": {"spec": spec}}


class ObservationExtractor(BaseFeaturesExtractor):
    """The Dict observation's "observation" flattened, without its "action_mask" (see the module doc)."""

    def __init__(self, observation_space):
        super().__init__(observation_space, features_dim=int(np.prod(observation_space["observation"].shape)))
        self.spec = dict(OBSERVATION_SPEC)  # what a policy file's header stores (agents.policy_file)

    def forward(self, observations):
        return torch.flatten(observations["observation"], start_dim=1)


class ViewsExtractor(BaseFeaturesExtractor):
    """Plane views through a CNN, the other views through an MLP layer (see the module doc).
    Takes the Dict observation {"observation", "action_mask"}; the mask is not a feature."""

    def __init__(self, observation_space, spec: dict):
        size = int(observation_space["observation"].shape[0])
        check_spec(spec, size)
        planes, vectors, offset = [], [], 0
        for _, shape in spec["views"]:
            n = int(np.prod(shape))
            (planes if len(shape) == 3 else vectors).append((offset, n, tuple(shape)))
            offset += n
        if len({s[1:] for _, _, s in planes}) > 1:
            raise ValueError(f"extractor 'views': plane views of different map sizes: {[s for _, _, s in planes]}")
        out = (spec["planes_features"] if planes else 0) + (spec["vector_features"] if vectors else 0)
        super().__init__(observation_space, features_dim=out)
        self.spec = spec  # what a policy file's header stores (agents.policy_file)
        self.planes = planes
        self.cnn = self.mlp = None
        if planes:
            layers, c_in = [], sum(s[0] for _, _, s in planes)
            h, w = planes[0][2][1:]
            for i, c in enumerate(spec["channels"]):
                stride = 1 if i == 0 else 2
                layers += [nn.Conv2d(c_in, c, 3, stride=stride, padding=1), nn.ReLU()]
                c_in, h, w = c, (h - 1) // stride + 1, (w - 1) // stride + 1
            self.cnn = nn.Sequential(*layers, nn.Flatten(), nn.Linear(c_in * h * w, spec["planes_features"]), nn.ReLU())
        if vectors:
            index = np.concatenate([np.arange(o, o + n) for o, n, _ in vectors])
            self.register_buffer("vector_index", torch.as_tensor(index, dtype=torch.long), persistent=False)
            self.mlp = nn.Sequential(nn.Linear(len(index), spec["vector_features"]), nn.ReLU())

    def forward(self, observations):
        obs = observations["observation"]
        parts = []
        if self.cnn is not None:
            maps = [obs[:, o:o + n].reshape(-1, *s) for o, n, s in self.planes]
            parts.append(self.cnn(maps[0] if len(maps) == 1 else torch.cat(maps, dim=1)))
        if self.mlp is not None:
            parts.append(self.mlp(obs.index_select(1, self.vector_index)))
        return torch.cat(parts, dim=1)
