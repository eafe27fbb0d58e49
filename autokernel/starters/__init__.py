"""Starter-kernel generator: trace a reference Model, emit a standalone Triton ``ModelNew`` source.

Importing this package is cheap (torch and triton are imported when a starter is generated).
"""

from .starter import Starter, configured_starter, generate_starter

__all__ = ["Starter", "configured_starter", "generate_starter"]
