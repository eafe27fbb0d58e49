"""KernelBench adapter: dataset -> problems, agent bench, scores."""
