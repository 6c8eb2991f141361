"""Fakes for tests and benchmarks, all on 127.0.0.1 and never used by the pipeline itself:
an OpenAI-compatible server (openai_server), a news web site (news_site), a Hugging Face Hub
(hf_hub), a Wikidata SPARQL endpoint (wikidata, served by local_http), small knowledge graphs
from readable facts (graph_builder) and a tiny acceptability classifier (tiny_models)."""
