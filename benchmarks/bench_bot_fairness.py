"""A person's wait for their bot's move beside busy all-bot search tables.

Starts ``spieltisch serve`` in a subprocess on a fresh SQLite file, opens ``--busy`` all-bot
Cento tables whose two seats search ``--busy-bot`` (``ismcts:time=10``: ten seconds a
move, the most a table may ask), waits ``--warm`` seconds so that their searches hold the
workers, then opens a table of Cento for one person and ``--bot`` (``ismcts:time=1``, as
strong as the level "hard") and plays ``--moves`` of the person's moves there. The wait of
a move runs from the person's acknowledged action to the state where the person must act
again: the bot's decision, its time in the queue included. Also counted: the actions the
all-bot tables made meanwhile (they must go on too).

``--before SRC`` runs the same with the server from another source tree first (for
example ``/work/main/src``: the code before the fair queue), in the same run. Each server
gets ``--flags`` of its own (``--after-flags``: only the second)::

    python benchmarks/bench_bot_fairness.py --busy 4 --moves 3
    python benchmarks/bench_bot_fairness.py --busy 4 --moves 3 --before /work/main/src --alone

``--alone`` first times the person's table on a server of its own (the reference).

Prints one line per server and a table (``--json``: one JSON object). Needs ``httpx``.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(src: Path, flags: list[str], db: Path, log: Path) -> tuple[Any, str]:
    port = free_port()
    command = [sys.executable, "-m", "spieltisch.cli.main", "serve", "--port", str(port)]
    command += ["--db", str(db), *flags]
    env = {**os.environ, "PYTHONPATH": str(src)}
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=out, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server did not start:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return process, base
        except httpx.TransportError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not answer within 60 s")


def actions_played(client: httpx.Client, tables: list[str]) -> int:
    total = 0
    for table in tables:
        public = client.get(f"/api/tables/{table}").json()
        total += int(public["step"])
    return total


def wait_for_turn(client: httpx.Client, table: str, token: str, timeout: float) -> dict[str, Any]:
    """The person's state once they must act (or the game is over)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        mine: dict[str, Any] = client.get(f"/api/tables/{table}", params={"token": token}).json()
        seat = mine["seat"]
        if mine["over"] or seat in mine["to_act"]:
            return mine
        time.sleep(0.02)
    raise SystemExit(f"the person's bot did not move within {timeout:g} s")


def run(
    src: Path, flags: list[str], args: argparse.Namespace, workdir: Path, busy_tables: int
) -> dict[str, Any]:
    """One server: ``busy_tables`` all-bot tables, then the person's moves and their
    waits."""
    db = workdir / f"tables-{time.monotonic_ns()}.sqlite3"
    process, base = start_server(src, flags, db, workdir / "server.log")
    try:
        with httpx.Client(base_url=base, timeout=120) as client:
            busy = []
            for index in range(busy_tables):
                body = {
                    "game": "cento",
                    "players": 2,
                    "seats": [f"bot:{args.busy_bot}"] * 2,
                    "seed": 1000 + index,
                }
                response = client.post("/api/tables", json=body)
                if response.status_code != 201:
                    raise SystemExit(f"an all-bot table was refused: {response.text}")
                busy.append(response.json()["table"])
            time.sleep(args.warm)
            before = actions_played(client, busy)
            body = {"game": "cento", "players": 2, "seats": ["human", f"bot:{args.bot}"]}
            body["seed"] = 7
            created = client.post("/api/tables", json=body).json()
            table = created["table"]
            token = next(s["token"] for s in created["seats"] if s["token"])
            start = time.perf_counter()
            mine = wait_for_turn(client, table, token, args.timeout)
            waits = [time.perf_counter() - start] if mine["step"] > 0 else []
            while len(waits) < args.moves and not mine["over"]:
                action = mine["legal_actions"][0]["action"]
                response = client.post(
                    f"/api/tables/{table}/actions", json={"token": token, "action": action}
                )
                response.raise_for_status()
                sent = time.perf_counter()
                mine = response.json()
                if mine["over"] or mine["seat"] in mine["to_act"]:
                    continue  # the person's turn goes on (Cento: two cards or more a turn)
                mine = wait_for_turn(client, table, token, args.timeout)
                waits.append(time.perf_counter() - sent)
            elapsed = time.perf_counter() - start
            busy_actions = actions_played(client, busy) - before
    finally:
        process.terminate()
        process.wait(30)
    return {
        "src": str(src),
        "busy_tables": busy_tables,
        "flags": flags,
        "waits": [round(w, 2) for w in waits],
        "median_wait": round(statistics.median(waits), 2),
        "max_wait": round(max(waits), 2),
        "busy_actions": busy_actions,
        "seconds": round(elapsed, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy", type=int, default=4, help="all-bot tables (default 4)")
    parser.add_argument("--busy-bot", default="ismcts:time=10")
    parser.add_argument("--bot", default="ismcts:time=1", help="the person's bot")
    parser.add_argument("--moves", type=int, default=3, help="the person's moves to time")
    parser.add_argument("--warm", type=float, default=2.0, help="seconds before the person")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--before", type=Path, help="a source tree to run first, as before")
    parser.add_argument(
        "--alone", action="store_true", help="first the person's table alone (the reference)"
    )
    parser.add_argument("--flags", default="", help="serve flags for every server")
    parser.add_argument(
        "--after-flags",
        default="--all-bot-tables on",
        help="serve flags for this tree's server only (default: --all-bot-tables on)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    flags = shlex.split(args.flags)
    runs = []
    with tempfile.TemporaryDirectory(prefix="bench-bot-fairness-") as tmp:
        after = [*flags, *shlex.split(args.after_flags)]
        if args.alone:
            runs.append(("alone", run(SRC, after, args, Path(tmp), 0)))
        if args.before is not None:
            runs.append(("before", run(args.before, flags, args, Path(tmp), args.busy)))
        runs.append(("after", run(SRC, after, args, Path(tmp), args.busy)))
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"load": load, "runs": dict(runs)}))
        return
    print(f"{args.busy} all-bot tables of {args.busy_bot}; the person's bot {args.bot}")
    print(f"load average (1 min) after the runs: {load:.1f}")
    print("| server | all-bot tables | waits (s) | median | max | all-bot actions meanwhile |")
    print("|---|---|---|---|---|---|")
    for name, result in runs:
        waits = ", ".join(f"{w:g}" for w in result["waits"])
        print(
            f"| {name} | {result['busy_tables']} | {waits} | {result['median_wait']:g} | "
            f"{result['max_wait']:g} | {result['busy_actions']} |"
        )


if __name__ == "__main__":
    main()
