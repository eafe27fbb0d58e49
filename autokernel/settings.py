"""Every environment variable the project reads, in one place (documented in docs/configuration.md)."""

from __future__ import annotations

import os

ENV_VARS: dict[str, str] = {
    "AUTOKERNEL_KB_DATASET": "KernelBench dataset: a Hub id or a local dataset folder (default: ScalingIntelligence/KernelBench)",
    "AUTOKERNEL_KB_DATASET_CONFIG": "dataset config name, e.g. 'github_main' in the offline copy (default: the dataset's default)",
    "AUTOKERNEL_KB_CACHE": "cache folder for baseline timings and calibration (default: ~/.cache/autokernel-kb)",
    "OPENAI_BASE_URL": "OpenAI-compatible endpoint for the LLM proposer",
    "OPENAI_API_KEY": "API key for that endpoint",
    "AUTOKERNEL_KB_MODEL": "model name for the LLM proposer",
}


def get(name: str, default: str | None = None) -> str | None:
    if name not in ENV_VARS:
        raise KeyError(f"{name} is not a documented setting")
    value = os.environ.get(name)
    return value if value not in (None, "") else default
