"""Starter-kernel generator: trace a reference Model, emit a standalone Triton ``ModelNew`` source.

Importing this package is cheap (torch and triton are imported when a starter is generated).
"""

from .starter import Starter, generate_starter

__all__ = ["Starter", "generate_starter"]
