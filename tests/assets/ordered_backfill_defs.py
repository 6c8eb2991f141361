"""A code location for the ordered-backfill test: the real published_release asset (with its
self-dependency on the previous month) behind a light stand-in for the release datasets, so three
months backfill in seconds. Resources come from the environment, like the real definitions."""

import pandas as pd
from dagster import AssetOut, Definitions, Output, in_process_executor, multi_asset

from dagster_project.assets.release import published_release
from dagster_project.core.common.months import Month
from dagster_project.core.release.tables import DATASETS, PUBLIC_COLUMNS, TESTBED_DATASETS
from dagster_project.core.testbeds.tables import PRIVATE_TESTBED_COLUMNS
from dagster_project.partitions import monthly_partitions
from dagster_project.resources import build_resources


@multi_asset(
    outs={name: AssetOut(group_name="release") for name in (*DATASETS, *TESTBED_DATASETS)},
    partitions_def=monthly_partitions,
)
def release_datasets(context):
    label = Month.parse(context.partition_key).label
    tables = {
        "public_texts": pd.DataFrame({"id": [0], "text": [f"Новости за {label}"]}),
        "public_questions": pd.DataFrame({"id": [0], "question": [f"Что было в {label}?"]}),
        "private_qa": pd.DataFrame(
            {"public_id": [0], "question": [f"Что было в {label}?"], "answer": ["Выборы"], "type": ["simple"],
             "text_ids": [f'["{label}-a"]'], "qa_id": [f"{label}-q"]}  # fmt: skip
        ),
        "private_texts": pd.DataFrame({"id": [f"{label}-a"], "public_id": [0]}),
        # a month without testbed items: the release publishes them empty
        "public_testbeds": pd.DataFrame(columns=PUBLIC_COLUMNS["public_testbeds"]),
        "private_testbeds": pd.DataFrame(columns=PRIVATE_TESTBED_COLUMNS),
    }
    for name, table in tables.items():
        yield Output(table, output_name=name)


defs = Definitions(
    assets=[release_datasets, published_release], resources=build_resources(), executor=in_process_executor
)
