"""Project files (SPARQL queries, the corpus) are found wherever the package is installed."""

from dagster_project.core.common.package_files import project_dir


def test_project_files_are_found():
    assert (project_dir("sparql") / "mh.rq").exists()
    assert (project_dir("data") / "corpus").is_dir()
