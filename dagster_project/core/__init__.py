"""Pure logic of the benchmark factory. Nothing in this package imports Dagster."""
