"""Web news sources: discovery through feeds and sitemaps, polite fetching, extraction.

No Dagster import here: the crawl is plain asyncio + httpx, usable from tests, the CLI and benchmarks.
"""
