"""One invocation of a search over a run directory: the proposer, the ledger, the backend, the loop, run.json
and the closing summary, wired from two configs. ``autokernel-kb run`` parses its flags into these."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autokernel.evaluate import shared_kernels
from autokernel.search.choice import check_choice, make_backend, ready, record
from autokernel.search.config import SearchConfig

PROPOSER_KINDS = ("auto", "tuner", "llm", "mixed")


@dataclass(frozen=True, kw_only=True)
class ProposerConfig:
    """Which proposer: ``auto`` (the LLM when an endpoint and a model are configured, else the tuner), ``tuner``,
    ``llm`` or ``mixed`` (the tuner's moves and the LLM's ideas in every round: `autokernel.propose.mixed`);
    ``seed_from``: earlier run directories whose best kernels join round 0; ``inductor_seed``: torch inductor's
    code joins round 0 (None: on a GPU only, see `autokernel.propose.inductor_seed.wanted`).

    Attributes:
        price_per_mtok_in, price_per_mtok_out: US dollars per million prompt / completion tokens (both or
            neither); the run states each problem's cost with them, and "unknown" without.
        starter: ``llm`` only: also judge the generated starter in round 0 (off: the model's kernels alone).
    """

    kind: str = "auto"
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    seed_from: tuple[str, ...] = ()
    price_per_mtok_in: float | None = None
    price_per_mtok_out: float | None = None
    starter: bool = True
    inductor_seed: bool | None = None

    def __post_init__(self) -> None:
        if self.kind not in PROPOSER_KINDS:
            raise ValueError(f"proposer must be one of {', '.join(PROPOSER_KINDS)}, not {self.kind!r}")
        if not self.starter and self.kind not in ("llm", "auto"):
            raise ValueError("--no-starter applies to --proposer llm only (the tuner's search starts from the starter)")
        from autokernel.propose.usage import Prices

        Prices(in_per_mtok=self.price_per_mtok_in, out_per_mtok=self.price_per_mtok_out)  # both or neither, >= 0

    def resolved_kind(self) -> str:
        """The proposer that runs: ``auto`` resolved; ``llm`` and ``mixed`` without an endpoint and a model are
        refused here, before a run directory is written."""
        from autokernel.propose.llm import endpoint_configured

        configured = endpoint_configured(self.base_url, self.model)
        if self.kind == "auto" and not (configured or self.starter):
            raise ValueError("--no-starter needs the LLM proposer, and no endpoint and model are configured (pass "
                             "--base-url and --model, or set OPENAI_BASE_URL and AUTOKERNEL_KB_MODEL)")
        if self.kind == "auto":
            return "llm" if configured else "tuner"
        if self.kind in ("llm", "mixed") and not configured:
            raise ValueError(f"--proposer {self.kind} needs an OpenAI-compatible endpoint and a model: pass --base-url "
                             f"and --model, or set OPENAI_BASE_URL and AUTOKERNEL_KB_MODEL (--proposer tuner needs "
                             f"neither)")
        return self.kind


@dataclass(frozen=True, kw_only=True)
class RunConfig:
    """One invocation over the run directory ``out`` (rerunning into it resumes).

    Attributes:
        workers_per_device: candidates judged at once per device.
        backend: ``local`` (this machine's devices) or ``ray`` (judges on a Ray cluster: `ray_backend`).
        ray_address: the Ray cluster (None: a private instance on this machine); ``ray_workers``: its judges
            (None: one per GPU times ``workers_per_device``, or one per CPU).
        jobs: problems searched at once (None: the number of workers).
        stop_after_s: end gracefully after this long (rounds in flight finish; a screen's chosen wait, queued).
        stop_grace_s: how long the work in flight may take after ``stop_after_s`` before it is abandoned (None:
            waited for); a call with a hard limit gives both and keeps the invocation's record.
        compile_ahead: helper processes compiling our own variants' kernels ahead of their screens (local GPU
            backend; `autokernel.evaluate.precompile`; 0: none; None: one per worker within the cores left,
            `backend.auto_compile_ahead`). run.json records the helpers that ran.
        split_screens: a round's screen split between idle local workers, each part beside its own copy of the
            round's controls (`autokernel.search.split_screen`); off by default until timed on a GPU.
        rejudge: verdict kinds whose recorded candidates are judged again.
        dataset, dataset_config, selection: what run.json records about the problems (``selection``: e.g. the
            level and problem ids asked for).
    """

    out: Path
    search: SearchConfig = field(default_factory=SearchConfig)
    proposer: ProposerConfig = field(default_factory=ProposerConfig)
    workers_per_device: int = 1
    backend: str = "local"
    ray_address: str | None = None
    ray_workers: int | None = None
    jobs: int | None = None
    stop_after_s: float | None = None
    stop_grace_s: float | None = None
    compile_ahead: int | None = None
    split_screens: bool = False
    rejudge: frozenset[str] = frozenset()
    progress: bool = True
    dataset: str = ""
    dataset_config: str = "default"
    selection: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_choice(self)
        if self.jobs is not None and self.jobs < 1:
            raise ValueError(f"--jobs must be at least 1, not {self.jobs}")
        if self.stop_after_s is not None and self.stop_after_s < 0:
            raise ValueError(f"--stop-after must be 0 seconds or more, not {self.stop_after_s:g}")
        if self.stop_grace_s is not None and (self.stop_grace_s < 0 or self.stop_after_s is None):
            raise ValueError("--stop-grace needs --stop-after and 0 seconds or more")


def make_proposer(config: ProposerConfig, rows: list | None = None, screen_rows: list | None = None, *,
                  stop_at: float | None = None):
    """The proposer ``config`` asks for; ``rows`` (the run's ledger so far) and ``screen_rows`` (its screen.jsonl)
    give the tuner its move prior; ``stop_at`` (epoch seconds: the run's --stop-after) bounds inductor's captures
    (its seed and the seed's variants), so none holds the run past it."""
    from autokernel.propose.llm import LLMConfig, LLMProposer
    from autokernel.propose.prior import MovePrior
    from autokernel.propose.tuner import TunerProposer

    kind = config.resolved_kind()
    tuner = TunerProposer(prior=MovePrior.from_rows(rows or [], screen_rows or [])) if kind in ("tuner", "mixed") else None
    llm = None
    if kind in ("llm", "mixed"):
        llm = LLMProposer(LLMConfig(base_url=config.base_url, model=config.model, api_key=config.api_key,
                                    price_per_mtok_in=config.price_per_mtok_in,
                                    price_per_mtok_out=config.price_per_mtok_out,
                                    include_starter=config.starter and kind == "llm"))  # fmt: skip
    if kind == "mixed":
        from autokernel.propose.mixed import MixedProposer

        proposer = MixedProposer(llm, tuner)
    else:
        proposer = tuner if kind == "tuner" else llm
    if config.inductor_seed is not False:  # resolved per device in round 0
        from autokernel.propose.inductor_seed import InductorSeedProposer

        proposer = InductorSeedProposer(proposer, config.inductor_seed, stop_at=stop_at)
    if config.seed_from:
        from autokernel.propose.seeded import SeededProposer

        proposer = SeededProposer(proposer, list(config.seed_from))
    return proposer


def run(problems: Sequence, eval_config, config: RunConfig, *, echo: Callable[[str], None] = print) -> str:
    """Search ``problems`` judged under ``eval_config``, recording into ``config.out``; returns the summary
    (also written to the run directory). ``echo`` gets the progress lines."""
    from autokernel.ledger import Ledger
    from autokernel.ledger.folder import check_run_dir
    from autokernel.ledger.run_info import close_invocation, start_invocation
    from autokernel.ledger.screens import screen_rows
    from autokernel.propose.inductor_seed import wanted
    from autokernel.search.loop import run_search
    from autokernel.search.summary import format_summary, throughput

    if not problems:
        raise ValueError("no problems selected")
    # before anything is written: Ray installed, or a local GPU where one is asked for (a flag error, not a run
    # directory with nothing in it)
    ready(config, eval_config.device)
    out, search = Path(config.out), config.search
    check_run_dir(out)  # before anything is written: a new or empty folder, or this run's own directory
    config.proposer.resolved_kind()  # an LLM proposer without an endpoint is refused before anything is written
    device_kind = "cuda" if eval_config.device.startswith("cuda") else "cpu"
    gpus: list[str] = []  # the local devices' models (a cluster's are known only once its judges start)
    if config.backend != "ray":
        from autokernel.search import same_gpu
        from autokernel.search.backend import local_devices

        gpus = same_gpu.local_gpu_names(local_devices(eval_config.device))
        same_gpu.check(same_gpu.rows_in(out), gpus, out)
    ledger = Ledger(out, device=device_kind, policy=eval_config.ledger_policy(), rejudge=config.rejudge)
    stop_at = time.time() + config.stop_after_s if config.stop_after_s is not None else None
    proposer = make_proposer(config.proposer, ledger.rows(), screen_rows(out), stop_at=stop_at)
    prior = getattr(proposer, "prior", None)
    if prior is not None and len(prior):
        echo(f"tuner: moves ordered by {prior.judged} judged and {prior.screened} screened outcomes in this run")
    start_invocation(out, dataset=config.dataset, config=config.dataset_config, entry={
        **config.selection, "rounds": search.rounds, "ideas_per_round": search.ideas_per_round,
        "branches_per_idea": search.branches_per_idea, "patience": search.patience,
        "time_per_problem_s": search.time_per_problem_s, "stop_after_s": config.stop_after_s,
        **({"stop_grace_s": config.stop_grace_s} if config.stop_grace_s is not None else {}),
        **({"screen_width": search.screen_width, "judge_top": search.judge_top, "screen_tie": search.screen_tie,
            "stepping_stones": search.stepping_stones, "line_patience": search.line_patience}
           if search.screen_width else {}),
        "recheck": search.recheck_on(eval_config.device),
        "workers_per_device": config.workers_per_device, "proposer": config.proposer.resolved_kind(),
        **({"price_per_mtok_in": config.proposer.price_per_mtok_in,
            "price_per_mtok_out": config.proposer.price_per_mtok_out} if config.proposer.price_per_mtok_in is not None
           else {}),
        **record(config),
        "device": eval_config.device, "compile_baseline": eval_config.baseline_compile, "host_cpus": os.cpu_count(),
        **({"rejudge": ",".join(sorted(config.rejudge))} if config.rejudge else {}),
        **({"seed_from": list(config.proposer.seed_from)} if config.proposer.seed_from else {}),
        "inductor_seed": wanted(config.proposer.inductor_seed, eval_config.device),
    })  # fmt: skip
    echo(f"run directory: {out}")
    if ledger.count:
        echo(f"resuming: {ledger.count} candidates already evaluated")
    screen = None
    if config.stop_after_s is not None and search.screen_width:  # a screen in flight stops with the run
        from autokernel.evaluate.screen import ScreenConfig

        screen = ScreenConfig(stop_at=stop_at)
    keep = shared_kernels.choices_folder(out, gpus)  # none off a GPU or on Ray
    backend = make_backend(eval_config, config, echo=echo, screen=screen, keep_choices=keep)
    if getattr(backend, "restored_choices", 0):
        echo(f"autotuners' choices: {backend.restored_choices} kept by earlier invocations ({keep})")
    try:
        outcome = run_search(problems, proposer, backend, ledger, search, progress=config.progress, jobs=config.jobs,
                             stop_after_s=config.stop_after_s, stop_grace_s=config.stop_grace_s)  # fmt: skip
    finally:
        backend.close()
    notes = list(ledger.notes) + list(getattr(proposer, "events", [])[-10:])
    notes += [f"inductor {key}: {note}" for key, note in sorted(getattr(proposer, "inductor_notes", {}).items())]
    notes += [f"ray node {line}" for line in getattr(backend, "node_report", list)()]
    figures = throughput(outcome, backend.devices)
    if getattr(backend, "compile_helpers", 0):
        figures["compile_ahead"] = backend.compile_helpers
    if getattr(backend, "split_screens", False):
        figures["split_screens"] = True
    for name in ("restored_choices", "kept_choices"):  # autotuners' choices kept between invocations
        if getattr(backend, name, 0):
            figures[name] = getattr(backend, name)
    close_invocation(out, figures)
    text = format_summary(outcome, notes=notes, throughput=figures)
    ledger.write_summary(text)
    return text
