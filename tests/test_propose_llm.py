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
    """Answers /v1/chat/completions from a script: ("ok", text), ("429",), ("sleep", seconds, text)."""

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
                step = server.script.pop(0)
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
