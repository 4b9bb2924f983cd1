"""Measured engine ideas kept out of the product (pysolver/): see PERF.md."""
