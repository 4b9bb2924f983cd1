"""A fixed sample of tests/fuzzing.py: real files of every format mutated at the byte
level, each format's smallest file swept (cut every few bytes, bytes replaced), and
the tasks' and the API's JSON arguments; every reader and command gives a result
or a PuzzleError, within a CPU bound per input (a hang or a blow-up fails it).
Inputs: tests/fuzz_inputs.py; larger runs by hand: see tests/fuzzing.py."""
import pytest

import fuzz_inputs
import fuzzing

CPU = 5.0  # seconds of this process's CPU per input and target: none needs 1


def failures(jobs, targets):
    out = []
    for name, data in jobs:
        for tname in targets:
            target = fuzzing.t_task if tname == "task" else fuzzing.TARGETS[tname]
            why = fuzzing.run_one(target, data, CPU)
            if why is not None:
                out.append(f"{tname} on {name} {repr(data)[:200]}: {why}")
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_real_files(seed):
    """The shared corpus when it is there (tests/conftest.py's PUZZLES), the site's always."""
    jobs = list(fuzz_inputs.inputs(300, seed, per_folder=12))
    assert failures(jobs, fuzzing.READERS + ["read", "nikoli", "state", "recipe"]) == []


def test_command_line_on_mutated_files():
    jobs = list(fuzz_inputs.inputs(80, 3, per_folder=4))
    assert failures(jobs, ["cli"]) == []


def test_each_format_swept():
    jobs = [(n, d) for n, d in fuzz_inputs.swept(31)]
    assert len(jobs) > 300
    assert failures(jobs, fuzzing.READERS + ["read"]) == []


def test_task_and_api_arguments():
    jobs = [("task", job) for job in fuzz_inputs.task_inputs(1500, 1)]
    assert failures(jobs, ["task"]) == []


def test_a_hang_is_a_failure():
    def spin(data):
        while True:
            pass
    assert fuzzing.run_one(spin, b"", 0.2) == "over 0.2 CPU s"
    assert fuzzing.run_one(lambda d: {}[d], b"k", 1).startswith("KeyError: b'k' at ")
