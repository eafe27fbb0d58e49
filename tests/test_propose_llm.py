"""The LLM proposer over real HTTP against a scripted OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from autokernel.problem import Problem
from autokernel.propose.base import History
from autokernel.propose.llm import LLMConfig, LLMProposer, endpoint_configured, extract_code, parse_ideas

FIXTURES = Path(__file__).resolve().parent / "fixtures"
GOOD = (FIXTURES / "honest" / "relu_constexpr.py").read_text()
BROKEN = "import torch\n\nclass ModelNew(torch.nn.Module):\n    def forward(self, x)\n        return x\n"


class ScriptedServer:
    """Answers /v1/chat/completions from a script: ("ok", text), ("429",), ("sleep", seconds, text); a subclass
    answers otherwise by overriding `step`."""

    def __init__(self, script):
        self.script = list(script)
        self.requests: list[dict] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(body)
                step = server.step(body)
                if step[0] == "429":
                    self._send(429, {"error": {"message": "rate limited", "type": "rate_limit"}})
                    return
                if step[0] == "sleep":
                    time.sleep(step[1])
                    step = ("ok", step[2])
                msg = {"role": "assistant", "content": step[1]}
                payload = {
                    "id": "x",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body["model"],
                    "choices": [{"index": 0, "message": msg, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
                }
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client timed out first
                    self._send(200, payload)

            def _send(self, code, payload):
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def step(self, body: dict) -> tuple:
        return self.script.pop(0)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def _fence(code: str) -> str:
    return f"Here is the kernel.\n\n```python\n{code}\n```\nIt fuses the load and the max."


SCRIPT = [
    ("429",),  # ideas call: rate limited, then answered
    ("ok", "Ideas:\n1. one program per 256 elements\n2. use a while loop\n3. vectorise loads\n"),
    ("ok", _fence(GOOD)),  # idea 1: a good kernel
    ("sleep", 3.0, _fence(GOOD)),  # idea 2: the first answer times out ...
    ("ok", _fence(BROKEN)),  # ... the retry is a broken kernel
    ("ok", "I would vectorise the loads, but I cannot write the code right now."),  # idea 3: no code
]


def _proposer(url: str) -> LLMProposer:
    return LLMProposer(
        LLMConfig(
            base_url=url,
            model="scripted",
            api_key="k",
            timeout_s=1.0,
            max_retries=3,
            backoff_s=0.05,
            include_starter=False,
        )
    )


def test_llm_proposer_over_http_retries_extracts_and_counts_tokens():
    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    with ScriptedServer(SCRIPT) as server:
        proposer = _proposer(server.url)
        cands = proposer.propose(problem, History(), n_ideas=3, n_branches=1)
    assert [c.idea for c in cands] == ["one program per 256 elements", "use a while loop"]
    assert cands[0].source.strip() == GOOD.strip() and cands[1].source.strip() == BROKEN.strip()
    assert all(c.proposer == "llm" and c.parent is None for c in cands)
    assert proposer.stats["retries"] == 2  # the 429 and the timeout
    assert proposer.stats["no_code"] == 1
    # each candidate: its own call (100 + 10) plus half of the ideas call
    assert proposer.usage[cands[0].digest] == {"prompt_tokens": 150, "completion_tokens": 15}
    assert len(server.requests) == 6
    first = server.requests[1]["messages"]
    assert first[0]["role"] == "system" and "ModelNew" in first[0]["content"]
    assert "def get_inputs" in first[1]["content"] and "No correct kernel yet" in first[1]["content"]
    assert "Implement this idea: one program per 256 elements" in server.requests[2]["messages"][1]["content"]


def test_llm_in_the_search_feedback_and_tokens_reach_the_ledger(tmp_path):
    from autokernel.evaluate import EvalConfig
    from autokernel.ledger import Ledger
    from autokernel.search import SearchConfig
    from autokernel.search.backend import LocalBackend
    from autokernel.search.loop import run_search

    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    script = [
        ("ok", "1. block of 256\n2. a broken try\n"),
        ("ok", _fence(GOOD)),
        ("ok", _fence(BROKEN)),
        ("ok", "1. try a bigger block\n"),
        ("ok", "no code here"),
    ]
    cfg = EvalConfig.for_device("cpu", timeout_s=120.0, num_correct_trials=2, num_perf_trials=3)
    backend = LocalBackend(cfg)
    try:
        with ScriptedServer(script) as server:
            proposer = _proposer(server.url)
            ledger = Ledger(tmp_path / "run", device="cpu", policy=cfg.ledger_policy())
            out = run_search(
                [problem],
                proposer,
                backend,
                ledger,
                SearchConfig(rounds=1, ideas_per_round=2, branches_per_idea=1, patience=None),
                progress=False,
                log=lambda m: None,
            )
    finally:
        backend.close()
    (p,) = out.problems
    assert p.evaluated == 2 and p.correct == 1 and p.best.candidate.idea == "block of 256"
    assert p.stop_reason == "proposer has no new ideas"
    assert p.tokens == 2 * (110 + 55)
    rows = [json.loads(x) for x in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    assert {r["verdict"]["verdict"] for r in rows} == {"correct", "compile_error"}
    # round 1's prompt carries the best kernel and the harness's precise feedback on round 0
    prompt = server.requests[3]["messages"][1]["content"]
    assert "Current best kernel (correct)" in prompt and "relu_kernel" in prompt
    assert "verdict: compile_error" in prompt and "speedup vs eager" in prompt
    assert "- a broken try: compile_error" in prompt
    tsv = (tmp_path / "run" / "results.tsv").read_text().splitlines()
    assert all(line.split("\t")[16] == "165" for line in tsv[1:])


def test_request_that_keeps_failing_is_counted_not_raised():
    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    with ScriptedServer([("429",)] * 3) as server:
        proposer = LLMProposer(
            LLMConfig(
                base_url=server.url,
                model="m",
                api_key="k",
                max_retries=2,
                backoff_s=0.01,
                include_starter=False,
            )
        )
        assert proposer.propose(problem, History(), 2, 1) == []
    assert proposer.stats["failed_requests"] == 1 and proposer.stats["retries"] == 2


def test_extract_code_takes_the_block_defining_modelnew():
    text = (
        "```bash\npip install triton\n```\n```python\nimport torch\n```\n"
        "```py\nimport torch\nclass ModelNew(torch.nn.Module):\n    pass\n```"
    )
    assert extract_code(text) == "import torch\nclass ModelNew(torch.nn.Module):\n    pass\n"
    assert extract_code("no code at all") is None
    assert extract_code("```python\ndef helper():\n    pass\n```") is None
    assert (
        extract_code("import torch\nclass ModelNew:\n    pass\n")
        == "import torch\nclass ModelNew:\n    pass\n"
    )


def test_parse_ideas_reads_numbered_and_bulleted_lines():
    assert parse_ideas("Sure:\n1. a\n2) b\n- c\n* a\nthanks", 10) == ["a", "b", "c"]
    assert parse_ideas("1. a\n2. b", 1) == ["a"]


def test_endpoint_configuration(monkeypatch):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("AUTOKERNEL_KB_MODEL", raising=False)
    assert not endpoint_configured()
    assert endpoint_configured("http://x/v1", "m")
    with pytest.raises(ValueError, match="--base-url"):
        LLMProposer(LLMConfig(model="m"))
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("AUTOKERNEL_KB_MODEL", "m")
    assert endpoint_configured()


# -- end to end through the CLI, against recorded kernels -------------------------------------------------------

REPO = FIXTURES.parents[1]
RELU = FIXTURES / "problems" / "relu.py"
ROGUES = FIXTURES / "rogues"
SLOW = GOOD.replace("BLOCK = 256", "BLOCK = 16")  # correct, 16x the programs: slower in the interpreter
assert SLOW != GOOD
RECORDED = {  # idea -> the kernel the "model" answers with (recorded fixture files)
    "one program per 256 elements": GOOD,
    "drop the type annotations": (ROGUES / "crash_syntax_error.py").read_text(),  # syntax error
    "write the result into the input": (ROGUES / "h13_inplace_alias.py").read_text(),  # aliasing cheat
    "skip the store on masked lanes": (ROGUES / "h01_empty_unwritten.py").read_text(),  # writes nothing
    "smaller blocks of 16": SLOW,
}


class RecordedServer(ScriptedServer):
    """An OpenAI-compatible endpoint that answers an ideas request with the next list of ``rounds`` ("no further
    ideas" after the last) and an implementation request with the recorded kernel of its idea; 100 prompt and 10
    completion tokens a reply. ``asked`` holds (kind, user prompt) per request."""

    def __init__(self, rounds: list[list[str]]):
        super().__init__([])
        self.rounds = list(rounds)
        self.asked: list[tuple[str, str]] = []

    def step(self, body: dict) -> tuple:
        user = body["messages"][1]["content"]
        if "Implement this idea: " in user:
            line = user.split("Implement this idea: ", 1)[1].splitlines()[0]
            self.asked.append(("code", user))
            return ("ok", _fence(next(kernel for idea, kernel in RECORDED.items() if line.startswith(idea))))
        self.asked.append(("ideas", user))
        ideas = self.rounds.pop(0) if self.rounds else []
        return ("ok", "".join(f"{n}. {i}\n" for n, i in enumerate(ideas, 1)) or "I have no further ideas.")

    def prompts(self, kind: str) -> list[str]:
        return [text for k, text in self.asked if k == kind]


def _kb_run(tmp_path: Path, out: Path, url: str, *flags: str):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "AUTOKERNEL_KB_MODEL")}
    env.update(PYTHONPATH=str(REPO), AUTOKERNEL_KB_CACHE=str(tmp_path / "cache"))
    cmd = [sys.executable, "-m", "kb", "run", str(RELU), "--device", "cpu", "--rounds", "2", "--out", str(out),
           "--base-url", url, "--model", "recorded", "--api-key", "k", "--no-progress", *flags]
    proc = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


def _rows(out: Path) -> list[dict]:
    return [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]


def test_llm_run_through_the_cli_judges_recorded_kernels_and_states_tokens_and_cost(tmp_path):
    rounds = [["one program per 256 elements", "drop the type annotations", "write the result into the input"],
              ["skip the store on masked lanes"], ["smaller blocks of 16"]]
    out = tmp_path / "run"
    with RecordedServer(rounds) as server:
        _kb_run(tmp_path, out, server.url, "--proposer", "llm", "--no-starter", "--ideas", "3",
                "--price-per-mtok-in", "3", "--price-per-mtok-out", "15")
        asked = len(server.asked)
        by_idea = {r["idea"]: r for r in _rows(out)}
        verdict = {idea: r["verdict"] for idea, r in by_idea.items()}
        assert verdict["one program per 256 elements"]["verdict"] == "correct"
        assert verdict["drop the type annotations"]["verdict"] == "compile_error"
        cheat = verdict["write the result into the input"]
        assert cheat["verdict"] == "rejected" and cheat["failed_check"] == "aliasing"
        assert verdict["skip the store on masked lanes"]["verdict"] == "incorrect"
        assert verdict["smaller blocks of 16"]["verdict"] == "correct"
        best = json.loads((out / "problems" / "relu" / "best.json").read_text())
        assert best["idea"] == "one program per 256 elements"  # correct, and faster than the 16-wide variant

        # round 1's prompt carries round 0's verdicts: reasons, the deciding check, eager / compile times
        ideas_prompts = server.prompts("ideas")
        assert len(ideas_prompts) == 3 and asked == 3 + 3 + 1 + 1
        first, second = ideas_prompts[1], ideas_prompts[2]
        good = verdict["one program per 256 elements"]
        assert "judging protocol: kernelbench" in first and "No correct kernel yet" in ideas_prompts[0]
        assert "Current best kernel (correct)" in first and "relu_kernel" in first
        assert f"pytorch eager: {good['eager']['median_ms']:.4g} ms median" in first
        assert f"kernel: {good['kernel']['median_ms']:.4g} ms median" in first
        assert "torch.compile: not timed in this run (no compile baseline on CPU)" in first
        assert "deciding check: aliasing" in first and cheat["reason"] in first
        broken = verdict["drop the type annotations"]
        assert "verdict: compile_error" in first and f"reason: {broken['reason']}" in first
        assert "- write the result into the input: rejected, check aliasing" in first
        assert "verdict: incorrect" in second and "- skip the store on masked lanes: incorrect" in second

        # tokens and cost: per candidate in the ledger, per problem in usage.json and the summary
        row = by_idea["one program per 256 elements"]
        assert row["tokens"] == {"prompt_tokens": 100 + 33, "completion_tokens": 10 + 3}  # + a third of the ideas
        assert row["cost_usd"] == pytest.approx((133 * 3 + 13 * 15) / 1e6)
        usage = json.loads((out / "problems" / "relu" / "usage.json").read_text())
        assert usage["requests"] == 8 and usage["failed_requests"] == 0 and usage["latency_s"] > 0
        assert (usage["prompt_tokens"], usage["completion_tokens"]) == (800, 80)
        assert usage["cost_usd"] == pytest.approx(8 * (100 * 3 + 10 * 15) / 1e6)
        summary = (out / "summary.txt").read_text()
        assert "llm_requests: 8 (0 retried, 0 failed after retries)" in summary
        assert "llm_tokens: 800 prompt + 80 completion" in summary and "tokens: 880" in summary
        assert "cost_usd: $0.0036\n" in summary
        (table_row,) = [line for line in summary.splitlines() if line.startswith("relu ")]
        assert " 880 " in table_row and " $0.0036 " in table_row and "rounds exhausted (2)" in table_row

        # a resumed run does not ask again for the rounds it judged
        _kb_run(tmp_path, out, server.url, "--proposer", "llm", "--no-starter", "--ideas", "3",
                "--price-per-mtok-in", "3", "--price-per-mtok-out", "15")
        assert len(server.asked) == asked
    assert "candidates_evaluated: 0" in (out / "summary.txt").read_text()
    assert json.loads((out / "problems" / "relu" / "usage.json").read_text()) == usage


def test_mixed_run_through_the_cli_puts_tuner_moves_and_llm_ideas_in_every_round(tmp_path):
    out = tmp_path / "run"
    with RecordedServer([["one program per 256 elements"], ["drop the type annotations"]]) as server:
        _kb_run(tmp_path, out, server.url, "--proposer", "mixed", "--ideas", "1")
    rows = _rows(out)
    by_round = {rnd: sorted(r["proposer"] for r in rows if r["round"] == rnd) for rnd in (0, 1, 2)}
    assert by_round == {0: ["llm", "tuner"], 1: ["llm", "tuner"], 2: ["tuner"]}
    starter = next(r for r in rows if r["round"] == 0 and r["proposer"] == "tuner")
    assert starter["idea"].startswith("generated starter") and starter["verdict"]["verdict"] == "correct"
    tuner_move = next(r for r in rows if r["round"] == 1 and r["proposer"] == "tuner")
    assert tuner_move["parent"] == starter["candidate_digest"]  # the tuner moves around its own lineage
    # the LLM's round-1 prompt carries the tuner starter's verdict
    second = server.prompts("ideas")[1]
    assert "generated starter" in second and f"{starter['verdict']['eager']['median_ms']:.4g} ms median" in second
    summary = (out / "summary.txt").read_text()
    assert "proposer: mixed" in summary and "llm_requests: 5 " in summary
    assert "cost_usd: unknown (no prices given" in summary  # no prices: the cost is not stated
    assert {r["verdict"]["verdict"] for r in rows if r["proposer"] == "llm"} == {"correct", "compile_error"}


def test_mixed_without_an_endpoint_is_refused_before_anything_is_written(tmp_path, monkeypatch, capsys):
    from kb.cli import main

    for name in ("OPENAI_BASE_URL", "AUTOKERNEL_KB_MODEL"):
        monkeypatch.delenv(name, raising=False)
    out = tmp_path / "run"
    assert main(["run", str(RELU), "--device", "cpu", "--proposer", "mixed", "--out", str(out)]) == 2
    assert "--proposer mixed needs an OpenAI-compatible endpoint" in capsys.readouterr().err
    assert not out.exists()
    assert main(["run", str(RELU), "--device", "cpu", "--proposer", "llm", "--out", str(out),
                 "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--price-per-mtok-in", "1"]) == 2
    assert "give both prices" in capsys.readouterr().err and not out.exists()


# -- the prompt: complete feedback, bounded ----------------------------------------------------------------------


def _h200_attempt():
    """A real H200 verdict (L2/12, tuner, kernelbench tolerance): compile timed, roofline floor, three kernels."""
    from autokernel.propose.base import Attempt
    from autokernel.records import Candidate, Verdict

    data = json.loads((FIXTURES / "h200_runs" / "L2_12_12_Gemm_Multiply_LeakyReLU" / "best.json").read_text())
    fields = set(Verdict.__dataclass_fields__)
    verdict = Verdict.from_dict({k: v for k, v in data.items() if k in fields})
    return Attempt(candidate=Candidate(source="# kernel\n", idea=data["idea"]), verdict=verdict), data


def test_feedback_states_every_figure_the_verdict_carries():
    from dataclasses import replace

    from autokernel.propose.feedback import format_feedback

    attempt, data = _h200_attempt()
    text = format_feedback(attempt)
    assert f"kernel: {data['kernel']['median_ms']:.4g} ms median" in text
    assert f"pytorch eager: {data['eager']['median_ms']:.4g} ms median" in text
    assert f"torch.compile: {data['compiled']['median_ms']:.4g} ms median" in text
    assert "speedup vs eager: 1.75x, vs torch.compile: 1.74x" in text
    assert "roofline floor 0.3447 ms: the kernel runs at 22.1% of it" in text
    # the judge counts launches over its 5 correctness trials: per forward, two split launches and one of each other
    assert "own kernel launches per forward: _tf32_split_kernel x2, _matmul_kernel x1, _fused0_kernel x1" in text
    assert "max abs error 5.25e-05, max rel error 144 (atol = rtol = 0.0001)" in text
    assert "host launch" not in text  # a verdict recorded before launch times were kept says none
    attempt.verdict.kernel = replace(attempt.verdict.kernel, launch_ms=0.177)
    assert "calls, host launch 0.177 ms a call)" in format_feedback(attempt)


def test_protocol_brief_says_what_precision_is_admissible():
    from autokernel.propose.feedback import protocol_brief

    strict = protocol_brief("strict", "kernelbench")
    assert "TF32 off" in strict and "float32 0.0001" in strict
    kb = protocol_brief("kernelbench", "kernelbench")
    assert "PyTorch's default precision flags" in kb and "float32 0.0001" in kb
    attempt, _ = _h200_attempt()
    assert "reference precision: fp32 reference with TF32 disabled" in protocol_brief("strict", "", attempt.verdict)
    assert protocol_brief("", "").startswith("judging protocol: strict")  # ledgers made before protocols


def test_prompt_is_bounded_best_few_and_latest_failures():
    from autokernel.propose.base import Attempt
    from autokernel.records import Candidate, Verdict

    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    proposer = LLMProposer(LLMConfig(base_url="http://127.0.0.1:9/v1", model="m", feedback_failures=3,
                                     feedback_chars=2500), client=object())
    good, _ = _h200_attempt()
    fails = [Attempt(candidate=Candidate(source=f"# {i}\n", round=i, idea=f"idea {i}"),
                     verdict=Verdict(verdict="runtime_error", reason=f"failure number {i}", log_tail="x\n" * 400))
             for i in range(40)]
    history = History(attempts=[good, *fails], seeds=[good], round=41, protocol="strict", tolerance="kernelbench")
    prompt = proposer._context(problem, history)
    shown = [i for i in range(40) if f"reason: failure number {i}\n" in prompt]
    assert shown == [37, 38, 39]  # the latest three failures, in full
    assert prompt.index("failure number 39") < prompt.index("failure number 38")  # newest first
    assert "- idea 9: runtime_error" not in prompt and "- idea 10: runtime_error" in prompt  # the last 30 ideas
    assert "judging protocol: strict" in prompt and "torch.compile: 2.713 ms median" in prompt
    tight = LLMProposer(LLMConfig(base_url="http://x/v1", model="m", feedback_chars=200), client=object())
    assert "more attempts left out to keep this prompt short" in tight._context(problem, history)
    assert len(tight._context(problem, history)) < len(prompt)


def test_usage_and_prices():
    from autokernel.propose.usage import Prices, Usage

    with pytest.raises(ValueError, match="both prices"):
        Prices(in_per_mtok=1.0)
    assert Prices().cost(1000, 1000) is None and Prices(in_per_mtok=2, out_per_mtok=8).cost(10**6, 10**5) == 2.8
    u = Usage(requests=3, retries=1, prompt_tokens=10, completion_tokens=2, cost_usd=0.5)
    assert u.answered == 2 and u.cost_text() == "$0.5"
    u.add(Usage(requests=1, unpriced_requests=1))
    assert u.cost_text() == ">= $0.5 (1 requests unpriced)"
    assert Usage(requests=2, unpriced_requests=2).cost_text() == "unknown"
    assert Usage.from_dict(u.to_dict()) == u


def test_mixed_wide_round_asks_the_llm_for_one_idea_and_fills_the_width_with_tuner_moves():
    from autokernel.propose.mixed import MixedProposer
    from autokernel.records import Candidate

    class Fake:
        def __init__(self, name):
            self.name, self.asked = name, []

        def propose(self, problem, history, n_ideas, n_branches):
            self.asked.append((n_ideas, n_branches))
            return [Candidate(source=f"# {self.name} {i}", proposer=self.name) for i in range(n_ideas * n_branches)]

        def propose_wide(self, problem, history, width):
            self.asked.append(("wide", width))
            return [Candidate(source=f"# {self.name} wide {i}", proposer=self.name) for i in range(width)]

    llm, tuner = Fake("llm"), Fake("tuner")
    llm.propose_wide = None  # an LLM is never asked for a wide round
    out = MixedProposer(llm, tuner).propose_wide(None, History(), 8)
    assert llm.asked == [(1, 1)] and tuner.asked == [("wide", 7)]
    assert [c.proposer for c in out] == ["llm"] + ["tuner"] * 7
