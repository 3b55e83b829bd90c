"""Instructions a step, counted by callgrind (deterministic, unlike timings on a shared machine):
the benchmark's random legal play (``aliens_env.benchmark.AECRunner``) of one environment, WARM
loop turns first, then STEPS turns with the counting switched on around them alone.

    python tools/callgrind_steps.py OperationsAirDuctsTactics [--warm 1000] [--steps 1000]
    python tools/callgrind_steps.py BugHuntTactics --cache      # and the simulated cache misses
    python tools/callgrind_steps.py connect_four_v3 --cache     # the benchmark's peer, likewise

prints "ENV N M" (millions of instructions in the counted turns) and the callgrind output file, for
``callgrind_annotate``. ``--cache`` simulates this host's caches too (``CACHES``: a 32 KB first level
for instructions and for data, and the 1 MB second level as the last): it prints the counted turns'
misses of each level, first level and second, a time the instruction count does not weigh (session 61,
docs/speed.md: the peer misses the second level almost never, BugHuntTactics about 2,200 times a step). It needs valgrind on the PATH. The counting is switched on while
``operator.call`` runs (``--toggle-collect=_operator_call*``): the counted turns are played inside one
such call, and nothing else in the process calls it (``--steps 0`` counts nothing). Until session 41
the switch was Python's ``eval``, which runs at import time too (``namedtuple``'s among others): every
figure before then holds about 7.6 M counted outside the turns. Runs of one build differ by about 2%
(CPython's type cache).

Reading the output: the call counts hold the warm-up turns' calls too (callgrind counts calls while
the counting of instructions is off): at the default, halve them before working out a cost per call
(checked: RipleyQueen's observe arc read 1,487 calls with ``--warm 0 --steps 500``, 2,979 with
``--warm 500``, for the same 56.5-56.7 M). And a ``memcpy`` or ``memset`` done by ``rep movsb``/``rep
stosb`` counts about one instruction a byte: the copy of a large observation weighs more here than in
real time.
"""
from __future__ import annotations

import argparse
import operator
import os
import subprocess
import sys
import tempfile


#: --cache: callgrind's simulated caches (size, ways, line bytes), as on this host (AMD EPYC, `lscpu`): the
#: first level's, and its 1 MB second level's as the "last level" (callgrind simulates two levels)
CACHES = ["--I1=32768,8,64", "--D1=32768,8,64", "--LL=1048576,8,64"]
#: the events --cache prints, per 1,000 counted turns: first-level misses (instruction fetches, data reads,
#: data writes), then the same at the second level
MISSES = ["I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"]


def play(name: str, warm: int, steps: int) -> None:
    """The measured process: warm-up turns, then the counted turns inside one operator.call."""
    from aliens_env.benchmark import PEER, AECRunner, aec_env_function, peer_env_function

    runner = AECRunner(peer_env_function() if name == PEER else aec_env_function(name))
    runner.steps(warm)
    operator.call(runner.steps, steps)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("env", help="a registered environment, e.g. OperationsAirDuctsTactics, or connect_four_v3")
    parser.add_argument("--cache", action="store_true", help="simulate the caches too and print their misses")
    parser.add_argument("--warm", type=int, default=1000, help="loop turns played before counting (default 1000)")
    parser.add_argument("--steps", type=int, default=1000, help="loop turns counted (default 1000)")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # (the process under valgrind)
    args = parser.parse_args(argv)
    if args.inner:
        play(args.env, args.warm, args.steps)
        return
    out = os.path.join(tempfile.mkdtemp(), f"callgrind.{args.env}.out")
    simulate = ["--cache-sim=yes", *CACHES] if args.cache else []
    command = ["valgrind", "--tool=callgrind", *simulate, "--collect-atstart=no", "--toggle-collect=_operator_call*",
               f"--callgrind-out-file={out}", sys.executable, os.path.abspath(__file__), args.env,
               "--warm", str(args.warm), "--steps", str(args.steps), "--inner"]
    try:
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except FileNotFoundError:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)") from None
    except subprocess.CalledProcessError as exc:
        raise SystemExit(f"the measured run failed ({exc.returncode}): {' '.join(command)}") from None
    counts = read_totals(out)
    print(f"{args.env} {counts['Ir'] / 1e6:.1f} M {out}")
    if args.cache:
        per = 1000 / max(args.steps, 1)
        print("misses per 1,000 turns: " + ", ".join(f"{event} {counts[event] * per:,.0f}" for event in MISSES))


def read_totals(path: str) -> dict[str, int]:
    """The counted events of a callgrind output file by name (its "events:" and "totals:" lines)."""
    events = totals = None
    with open(path) as f:
        for line in f:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("totals:"):
                totals = [int(value) for value in line.split()[1:]]
    if events is None or totals is None:
        raise SystemExit(f"callgrind wrote no events or totals line to {path}: nothing was counted")
    return dict(zip(events, totals))


if __name__ == "__main__":
    main()
