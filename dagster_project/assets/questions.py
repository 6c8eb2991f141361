"""questions: one question/answer candidate per subgraph, by the question generator of the settings."""

import pandas as pd
from dagster import AssetExecutionContext, Output, ResourceParam, asset

from ..core.graph.rdf import MonthGraph
from ..core.questions.strategies import QuestionGenerator
from ..partitions import monthly_partitions
from ..pools import LLM_POOL
from ..resources import BenchmarkSettings, StorageResource
from ._common import outcome_metadata, strategy_metadata, table_metadata


@asset(
    group_name="questions",
    partitions_def=monthly_partitions,
    pool=LLM_POOL,
    kinds={"python", "parquet"},
    description="Question/answer candidates, one per subgraph. With an LLM: prompts/qa_<type>.j2 per subgraph, "
    "replies checked against the type's rules. Offline: grammatical Russian templates per type (pymorphy3 "
    "inflection). answer_items lists every item of a set answer.",
)
def qa_candidates(
    context: AssetExecutionContext,
    subgraphs: pd.DataFrame,
    knowledge_graph: MonthGraph,
    question_generator: ResourceParam[QuestionGenerator],
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    outcome = question_generator.generate(subgraphs, knowledge_graph.index, context.log)
    return Output(
        outcome.table,
        metadata=table_metadata(
            outcome.table,
            ["type", "question", "answer"],
            **outcome_metadata(context, storage, "qa_candidates", outcome, benchmark.max_error_share),
            **strategy_metadata(qa_generation=question_generator.describe()),
        ),
    )
