"""Time limits that work from any thread, and pathological inputs that end in a no-verdict."""
from __future__ import annotations

import os
import threading
import time

import pytest

from judgesuite.judges import NoVerdict, Sample, make_judge
from judgesuite.judges.sandbox.bounded import ERROR, OK, TIMEOUT, BoundedPool, run_once

from .workers import crash, die, echo_or_sleep, start_grandchild_and_hang


def test_timeout_kills_only_the_stuck_call_and_keeps_order():
    with BoundedPool(echo_or_sleep, workers=2, timeout=1.0) as pool:
        out = pool.map([1, "sleep", 3, "sleep", 5])
        assert [o.status for o in out] == [OK, TIMEOUT, OK, TIMEOUT, OK]
        assert [o.value for o in out if o.status == OK] == [1, 3, 5]
        assert pool.restarts == 2
        assert [o.value for o in pool.map([7, 8])] == [7, 8]  # replaced workers still serve


def test_errors_and_dead_workers_are_reported_not_raised():
    with BoundedPool(crash, workers=1, timeout=5.0) as pool:
        out = pool.map(["raise", "exit", "ok"])
    assert out[0].status == ERROR and "ValueError: bad input" in out[0].error
    assert out[1].status == ERROR and "died" in out[1].error
    assert out[2].status == OK and out[2].value == "ok"


def test_pool_works_from_a_non_main_thread():
    result = {}

    def target():
        with BoundedPool(echo_or_sleep, workers=1, timeout=0.5) as pool:
            result["out"] = [o.status for o in pool.map(["sleep", 2])]

    t = threading.Thread(target=target)
    t.start()
    t.join(60)
    assert result["out"] == [TIMEOUT, OK]


def test_workers_do_not_rerun_the_callers_script(tmp_path):
    import subprocess
    import sys

    script = tmp_path / "user_script.py"  # no `if __name__ == "__main__"` guard, on purpose
    script.write_text(
        "print('SCRIPT BODY RAN')\n"
        "from judgesuite.judges.sandbox.bounded import BoundedPool\n"
        "from tests.workers import echo_or_sleep\n"
        "with BoundedPool(echo_or_sleep, workers=2, timeout=5) as p:\n"
        "    print([o.value for o in p.map([1, 2, 3])])\n")
    root = str(__import__("pathlib").Path(__file__).resolve().parent.parent)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                          env={**__import__("os").environ, "PYTHONPATH": root})
    assert proc.stdout.splitlines() == ["SCRIPT BODY RAN", "[1, 2, 3]"], proc.stderr


def test_inputs_that_are_not_json_are_an_error_outcome():
    with BoundedPool(echo_or_sleep, workers=1, timeout=5) as pool:
        out = pool.map([{1, 2}, 4])
    assert out[0].status == ERROR and "cannot send task" in out[0].error and out[1].value == 4


def test_run_once_replies_from_a_fresh_interpreter():
    out = run_once(echo_or_sleep, {"a": [1, 2]}, timeout=60)
    assert out.status == OK and out.value == {"a": [1, 2]}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:  # a zombie is dead
        return f.read().split(")")[-1].split()[0] != "Z"


def test_run_once_stops_a_hanging_child_and_everything_it_started(tmp_path):
    pid_file = tmp_path / "grandchild.pid"
    out = run_once(start_grandchild_and_hang, str(pid_file), timeout=3)
    assert out.status == TIMEOUT and "no reply within 3 s" in out.error and "killed" in out.error
    grandchild = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while _alive(grandchild) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(grandchild)


@pytest.mark.parametrize("how, cause", [("signal", "was killed by SIGKILL"),
                                        ("exit", "exited with code 3 before replying (fatal: the model file is corrupt)")])
def test_run_once_names_how_a_dead_child_ended(how, cause):
    out = run_once(die, how, timeout=60)
    assert out.status == ERROR and cause in out.error


def test_run_once_reports_what_the_function_raised():
    out = run_once(crash, "raise", timeout=60)
    assert out.status == ERROR and out.error == "ValueError: bad input"


def test_run_once_refuses_what_json_cannot_carry():
    with pytest.raises(TypeError):
        run_once(echo_or_sleep, {1, 2}, timeout=60)


PATHOLOGICAL = {
    "exponent tower": r"Final answer: $10^{10^{10^{10}}}$",
    "python power tower": "Final answer: 9**9**9**9",
    "factorial tower": r"Final answer: $((100!)!)!$",
    "deep brackets": "Final answer: " + "(" * 10_000 + "1" + ")" * 10_000,
    "deep latex": "Final answer: $" + r"\frac{1}{" * 3_000 + "2" + "}" * 3_000 + "$",
    "1 MB candidate": "Final answer: " + "1+" * 500_000 + "1",
}


@pytest.mark.parametrize("judge_name", ["math-verify", "regex"])
def test_pathological_math_inputs_end_within_the_timeout(judge_name):
    samples = [Sample(k, "math", "q", v, ["10"]) for k, v in PATHOLOGICAL.items()]
    samples.append(Sample("fine", "math", "q", "Final answer: 10", ["10"]))

    def work(out):
        with make_judge(judge_name, timeout=2.0) as judge:
            out.extend(judge.judge(samples))

    verdicts: list = []
    t0 = time.monotonic()
    worker = threading.Thread(target=work, args=(verdicts,), daemon=True)
    worker.start()
    worker.join(300)  # a hang guard, not a speed goal
    assert not worker.is_alive(), "judge hung on a pathological input"
    assert len(verdicts) == len(samples)
    assert verdicts[-1].correct is True, "a normal sample after the pathological ones is still judged"
    for s, v in zip(samples[:-1], verdicts[:-1]):
        # Either a definite verdict (the input is not 10) or a no-verdict: timeout, or
        # unparseable where the parser gives up on its own (10,000 nested brackets).
        assert v.correct is False or v.reason in {NoVerdict.TIMEOUT, NoVerdict.UNPARSEABLE}, (s.id, v)
    assert sum(v.reason is NoVerdict.TIMEOUT for v in verdicts) >= 3
    assert time.monotonic() - t0 < 300
