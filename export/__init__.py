"""Hugging Face Hub adapter: validated kernels -> kernels.get_kernel()-loadable repositories."""
