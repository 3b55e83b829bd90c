"""Policy files that load without executing anything: ``.safetensors`` (tensors only) whose
metadata holds one JSON header.

A stable-baselines3 ``.zip`` (and ``torch.load`` without ``weights_only``) unpickles, so a
crafted file runs code when it is loaded. A policy file holds only the policy network's weights
(a flat name -> tensor table) and this header, checked before anything is built from it:

    {"format": "aliens_env.policy", "format_version": 1,
     "game": "ReactorRoom", "side": "hive",            # registered env name and the side it plays
     "observation": "full",                            # the kind of observation (absent: "full")
     "actions": "all",                                 # the kind of action space (absent: "all")
     "observation_size": 4067, "n_actions": 181,       # what the game gives and takes
     "network": {"type": "maskable_ppo_mlp", "pi": [64, 64], "vf": [64, 64], "activation": "tanh"},
     "made_by": "..."}                                 # free text: how it was made

``observation`` is the kind of observation the policy was trained on (aliens_env.envs.observations:
"full" or "compact"); a PPO policy observes every game through that kind, so a policy trained on
compact observations plays in any environment. Files written before the key existed are "full".
``actions`` is the kind of action space it was trained on (aliens_env.envs.actions: "all", the
game's flat space, or "side", only the slices its side may take; ``n_actions`` counts that space):
a PPO policy acts through that kind in any environment. Files written before the key existed are "all".

``network`` may also hold ``"extractor"``: the features extractor of agents.extractors (its JSON
spec: ``{"type": "observation"}``, or the observation's named views and the layer sizes); without
it the observation and the mask are flattened (CombinedExtractor). The extractor is shared by the policy and value nets, so its
weights are stored once, under ``features_extractor.``.

The network is sb3-contrib's MaskableMultiInputActorCriticPolicy (Dict observation
{"action_mask", "observation"}, CombinedExtractor, separate policy and value MLPs), rebuilt from
the header and filled with ``load_state_dict(strict=True)``: a missing, extra or misshapen
tensor is refused.
"""
from __future__ import annotations

import json
import os

FORMAT = "aliens_env.policy"
FORMAT_VERSION = 1
SUFFIX = ".safetensors"
HEADER_KEY = "aliens_env"
ACTIVATIONS = ("tanh", "relu")
NETWORK_TYPE = "maskable_ppo_mlp"


class PolicyFileError(ValueError):
    """A policy file that cannot be used; the message names the file and what is wrong."""


def is_policy_file(path: str) -> bool:
    return os.fspath(path).endswith(SUFFIX)


# -- writing -------------------------------------------------------------------------------------
def header_of(policy, game: str, side: str, made_by: str = "", observation: str = "full", actions: str = "all") -> dict:
    """The header describing an sb3-contrib MaskableMultiInputActorCriticPolicy trained on
    ``observation`` (a kind of aliens_env.envs.observations) and ``actions`` (a kind of
    aliens_env.envs.actions)."""
    import torch
    from aliens_env.envs.actions import check_actions
    from aliens_env.envs.observations import check_observation

    space = policy.observation_space
    arch = policy.net_arch
    if isinstance(arch, list):
        arch = {"pi": arch, "vf": arch}
    activation = {torch.nn.Tanh: "tanh", torch.nn.ReLU: "relu"}.get(policy.activation_fn)
    if activation is None:
        raise PolicyFileError(f"cannot export activation {policy.activation_fn.__name__}; allowed: {list(ACTIVATIONS)}")
    network = {"type": NETWORK_TYPE, "pi": [int(x) for x in arch["pi"]], "vf": [int(x) for x in arch["vf"]],
               "activation": activation}
    spec = getattr(policy.features_extractor, "spec", None)
    if spec is not None:
        if not policy.share_features_extractor:
            raise PolicyFileError("cannot export a policy whose policy and value nets have separate extractors")
        network["extractor"] = spec
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "game": game, "side": side,
        "observation": check_observation(observation), "actions": check_actions(actions),
        "observation_size": int(space["observation"].shape[0]), "n_actions": int(space["action_mask"].shape[0]),
        "network": network, "made_by": made_by,
    }


SHARED = ("pi_features_extractor.", "vf_features_extractor.")  # names of the one features_extractor in a state_dict


def _stored(state: dict) -> dict:
    """The state_dict without the policy and value nets' names of the shared extractor."""
    return {k: v for k, v in state.items() if not k.startswith(SHARED)}


def _expanded(state: dict) -> dict:
    """The stored tensors with the shared extractor's weights under all three names again."""
    out = dict(state)
    for k, v in state.items():
        if k.startswith("features_extractor."):
            for prefix in SHARED:
                out[prefix + k[len("features_extractor."):]] = v
    return out


def save(policy, path: str, game: str, side: str, made_by: str = "", half: bool = False, observation: str = "full",
         actions: str = "all") -> int:
    """Write ``policy`` (its weights, float16 if ``half``) with its header, trained on
    ``observation`` and ``actions``; returns the file size."""
    from safetensors.torch import save_file

    header = header_of(policy, game, side, made_by, observation, actions)
    state = {k: (v.half() if half and v.is_floating_point() else v).detach().contiguous().cpu()
             for k, v in _stored(policy.state_dict()).items()}
    tmp = os.fspath(path) + ".tmp"
    save_file(state, tmp, metadata={HEADER_KEY: json.dumps(header, sort_keys=True)})
    os.replace(tmp, path)
    return os.path.getsize(path)


# -- reading -------------------------------------------------------------------------------------
def read_header(path: str) -> dict:
    """The checked header of a policy file (reads only the file's JSON header, no tensor)."""
    from safetensors import safe_open

    path = os.fspath(path)
    if not os.path.exists(path):
        raise FileNotFoundError(f"no policy file at {path!r}")
    try:
        with safe_open(path, framework="pt") as f:
            meta = f.metadata() or {}
    except Exception as exc:  # safetensors raises its own error types on a damaged file
        raise PolicyFileError(f"{path}: not a readable .safetensors policy file (corrupt or truncated?): {exc}") from None
    if HEADER_KEY not in meta:
        raise PolicyFileError(f"{path}: a .safetensors file without an aliens_env policy header")
    try:
        header = json.loads(meta[HEADER_KEY])
    except json.JSONDecodeError as exc:
        raise PolicyFileError(f"{path}: its policy header is not JSON ({exc})") from None
    check_header(header, path)
    return header


def check_header(header, path: str = "policy file") -> None:
    """A PolicyFileError naming the first field of ``header`` that is missing or wrong."""
    def fail(what: str):
        raise PolicyFileError(f"{path}: policy header {what}")

    if not isinstance(header, dict):
        fail(f"must be a JSON object, got {type(header).__name__}")
    if header.get("format") != FORMAT:
        fail(f"'format' must be {FORMAT!r}, got {header.get('format')!r}")
    if header.get("format_version") != FORMAT_VERSION:
        fail(f"'format_version' {header.get('format_version')!r} is not supported; this version reads {FORMAT_VERSION}")
    for key in ("game", "side"):
        if not isinstance(header.get(key), str) or not header[key]:
            fail(f"needs a non-empty string {key!r}")
    if header["side"] not in ("marines", "hive"):
        fail(f"'side' must be 'marines' or 'hive', got {header['side']!r}")
    from aliens_env.envs.observations import OBSERVATIONS

    if header.get("observation", "full") not in OBSERVATIONS:
        fail(f"'observation' must be one of {list(OBSERVATIONS)}, got {header['observation']!r}")
    from aliens_env.envs.actions import ACTIONS

    if header.get("actions", "all") not in ACTIONS:
        fail(f"'actions' must be one of {list(ACTIONS)}, got {header['actions']!r}")
    for key in ("observation_size", "n_actions"):
        value = header.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            fail(f"needs a positive integer {key!r}, got {value!r}")
    net = header.get("network")
    if not isinstance(net, dict) or net.get("type") != NETWORK_TYPE:
        fail(f"'network' must be an object with type {NETWORK_TYPE!r}")
    for key in ("pi", "vf"):
        layers = net.get(key)
        if not isinstance(layers, list) or not all(isinstance(x, int) and not isinstance(x, bool) and 0 < x <= 65536 for x in layers):
            fail(f"'network.{key}' must be a list of layer sizes (integers 1..65536), got {layers!r}")
    if net.get("activation") not in ACTIVATIONS:
        fail(f"'network.activation' must be one of {list(ACTIVATIONS)}, got {net.get('activation')!r}")
    if "extractor" in net:
        from .extractors import check_spec

        try:
            check_spec(net["extractor"], header["observation_size"])
        except ValueError as exc:
            fail(f"'network.extractor': {exc}")


def build_policy(header: dict):
    """A fresh MaskableMultiInputActorCriticPolicy of the header's shape (untrained weights)."""
    import torch
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableMultiInputActorCriticPolicy

    n, size = header["n_actions"], header["observation_size"]
    obs_space = spaces.Dict({
        "action_mask": spaces.Box(0, 1, (n,), dtype="int8"),
        "observation": spaces.Box(0.0, 1.0, (size,), dtype="float32"),
    })
    net = header["network"]
    activation = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[net["activation"]]
    from .extractors import policy_kwargs

    return MaskableMultiInputActorCriticPolicy(
        obs_space, spaces.Discrete(n), lambda _: 0.0, net_arch={"pi": list(net["pi"]), "vf": list(net["vf"])},
        activation_fn=activation, **policy_kwargs(net.get("extractor")))


def load(path: str):
    """(policy, header): the checked header and the network it describes, filled with the file's
    weights (float32, inference mode)."""
    from safetensors.torch import load_file

    path = os.fspath(path)
    header = read_header(path)
    try:
        state = load_file(path, device="cpu")
    except Exception as exc:
        raise PolicyFileError(f"{path}: cannot read its tensors (corrupt or truncated?): {exc}") from None
    policy = build_policy(header)
    expected = _stored(policy.state_dict())
    missing, extra = sorted(set(expected) - set(state)), sorted(set(state) - set(expected))
    if missing or extra:
        raise PolicyFileError(f"{path}: its tensors do not fit the header's network (missing {missing}, unexpected {extra})")
    for name, tensor in state.items():
        if tuple(tensor.shape) != tuple(expected[name].shape):
            raise PolicyFileError(f"{path}: tensor {name} has shape {tuple(tensor.shape)}, "
                                  f"the header's network needs {tuple(expected[name].shape)}")
        if not tensor.is_floating_point():
            raise PolicyFileError(f"{path}: tensor {name} is {tensor.dtype}, not a float")
    policy.load_state_dict(_expanded({k: v.float() for k, v in state.items()}), strict=True)
    policy.set_training_mode(False)
    return policy, header


def observation_of(header: dict) -> str:
    """The kind of observation a checked header's policy was trained on ("full" when it does not say)."""
    return header.get("observation", "full")


def actions_of(header: dict) -> str:
    """The kind of action space a checked header's policy was trained on ("all" when it does not say)."""
    return header.get("actions", "all")
