"""`judgesuite run`'s choice of executor: this machine (default) or a Ray cluster."""
from __future__ import annotations

import argparse
from typing import Any


def add_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("executor (docs/scale-out.md)")
    g.add_argument("--executor", choices=["local", "ray"], default="local",
                   help="local: this machine (in this process, or --workers processes); ray: a Ray cluster "
                        "(needs the [ray] extra); the results and the cache are the same")
    g.add_argument("--ray-address", default=None, metavar="ADDR",
                   help="a running Ray cluster ('auto' or HOST:PORT; default: start a local Ray instance)")
    g.add_argument("--ray-retries", type=int, default=3, metavar="N",
                   help="times a task, or an actor and its calls, run again after their worker dies (default: 3)")
    g.add_argument("--ray-actors", type=int, default=None, metavar="N",
                   help="actors per model judge (default: as many as the cluster's CPUs hold)")
    g.add_argument("--ray-actor-cpus", type=float, default=1.0, metavar="N",
                   help="CPUs per model-judge actor, and its threads (default: 1)")
    g.add_argument("--ray-gpus-per-actor", type=float, default=None, metavar="N",
                   help="GPUs per model-judge actor (default: a vLLM judge's tensor x data parallel size, else 0)")
    g.add_argument("--ray-batch-rows", type=int, default=None, metavar="N",
                   help="rows per actor call: what a lost actor judges again (default: 256 encoder, 16 LLM)")


def executor_from(args: argparse.Namespace, workers: int) -> Any:
    """The executor the options name (raises ImportError, in one line, when Ray is missing)."""
    if args.executor == "ray":
        from judgesuite.suite.evaluation.ray_executor import RayExecutor

        return RayExecutor(args.ray_address, retries=args.ray_retries, actor_cpus=args.ray_actor_cpus,
                           actors=args.ray_actors, gpus_per_actor=args.ray_gpus_per_actor,
                           batch_rows=args.ray_batch_rows)
    ray_only = [o for o in ("ray_address", "ray_actors", "ray_gpus_per_actor", "ray_batch_rows")
                if getattr(args, o) is not None]
    if ray_only:
        raise ValueError(f"--{ray_only[0].replace('_', '-')} needs --executor ray")
    from judgesuite.suite.evaluation.workers import LocalExecutor

    return LocalExecutor(workers)
