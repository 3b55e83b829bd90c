"""Instructions a step, counted by callgrind (deterministic, unlike timings on a shared machine):
the benchmark's random legal play (``aliens_env.benchmark.AECRunner``) of one environment, WARM
loop turns first, then STEPS turns with the counting switched on around them alone.

    python tools/callgrind_steps.py OperationsAirDuctsTactics [--warm 1000] [--steps 1000]

prints "ENV N M" (millions of instructions in the counted turns) and the callgrind output file, for
``callgrind_annotate``. It needs valgrind on the PATH. The counting is switched on while
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


def play(name: str, warm: int, steps: int) -> None:
    """The measured process: warm-up turns, then the counted turns inside one operator.call."""
    from aliens_env.benchmark import AECRunner, aec_env_function

    runner = AECRunner(aec_env_function(name))
    runner.steps(warm)
    operator.call(runner.steps, steps)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("env", help="a registered environment, e.g. OperationsAirDuctsTactics")
    parser.add_argument("--warm", type=int, default=1000, help="loop turns played before counting (default 1000)")
    parser.add_argument("--steps", type=int, default=1000, help="loop turns counted (default 1000)")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # (the process under valgrind)
    args = parser.parse_args(argv)
    if args.inner:
        play(args.env, args.warm, args.steps)
        return
    out = os.path.join(tempfile.mkdtemp(), f"callgrind.{args.env}.out")
    command = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=_operator_call*",
               f"--callgrind-out-file={out}", sys.executable, os.path.abspath(__file__), args.env,
               "--warm", str(args.warm), "--steps", str(args.steps), "--inner"]
    try:
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except FileNotFoundError:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)") from None
    except subprocess.CalledProcessError as exc:
        raise SystemExit(f"the measured run failed ({exc.returncode}): {' '.join(command)}") from None
    with open(out) as f:
        totals = [int(line.split()[1]) for line in f if line.startswith("totals:")]
    if not totals:
        raise SystemExit(f"callgrind wrote no totals line to {out}: nothing was counted")
    total = totals[0]
    print(f"{args.env} {total / 1e6:.1f} M {out}")


if __name__ == "__main__":
    main()
