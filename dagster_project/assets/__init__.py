"""Thin Dagster assets, one module per stage group: load inputs, call core, write, add metadata."""

from . import crawl, extraction, filters, graph, questions, release, scoring, testbeds

ASSET_MODULES = [crawl, extraction, graph, questions, filters, release, testbeds, scoring]
