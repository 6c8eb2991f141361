"""POLLUX-style LLM-as-judge: one request per question and criterion, a 0-2 rubric, and a reply
parsed strictly as 'Объяснение: ...' then 'Оценка: 0|1|2'.

An unparseable reply is sent back once with the format error; a second one is recorded as a
failure of that criterion. A failed criterion is neither 0 nor 2: it is left out of the question's
score and named in the reason. The score of a question is the harmonic mean of its criterion
scores divided by 2 (in 0..1); it fails when any criterion scores below `min_criterion_score`.
"""

from __future__ import annotations

import json
import re
import statistics
from dataclasses import dataclass

import pandas as pd

from ..llm.client import LLMResult, LLMTask, ReplyInvalid
from ..llm.prompts import render_messages
from .verdicts import FAIL, FILTER_COLUMNS, PASS, SKIPPED

JUDGE_PROMPT = "judge.j2"
JUDGE_COLUMNS = [*FILTER_COLUMNS, "criterion_scores", "explanations", "failed_criteria"]
_REPLY_RE = re.compile(r"\AОбъяснение:\s*(?P<explanation>\S.*?)\s*\n\s*Оценка:\s*(?P<score>[012])\s*\Z", re.DOTALL)
JUDGE_REPAIR = (
    "Ответ не по формату: {error}\n"
    "Ответь строго в две строки:\nОбъяснение: <текст>\nОценка: <0, 1 или 2>"
)


@dataclass(frozen=True)
class Criterion:
    name: str
    title: str
    description: str
    rubric: dict[int, str]


CRITERIA: dict[str, Criterion] = {
    c.name: c
    for c in [
        Criterion("grammar", "грамотность вопроса", "Орфография, согласование, падежи, пунктуация вопроса.",
                  {2: "ошибок нет", 1: "есть мелкая ошибка, не мешающая пониманию",
                   0: "грубые ошибки или несогласованный текст"}),
        Criterion("clarity", "ясность", "Понятно ли, о чём спрашивают, без двусмысленностей.",
                  {2: "вопрос понятен с первого прочтения", 1: "понятен, но требует усилия",
                   0: "непонятно, что спрашивают"}),
        Criterion("naturalness", "естественность", "Так ли сформулировал бы вопрос человек.",
                  {2: "звучит естественно", 1: "немного искусственно", 0: "звучит как машинный шаблон"}),
        Criterion("context_sufficiency", "достаточность контекста",
                  "Хватает ли приведённых фактов, чтобы однозначно получить ответ.",
                  {2: "фактов полностью достаточно", 1: "нужно небольшое допущение",
                   0: "из фактов ответ не получить"}),
        Criterion("context_necessity", "необходимость контекста",
                  "Нужны ли новости, чтобы ответить: вопрос не должен решаться общими знаниями.",
                  {2: "без новостей ответить нельзя", 1: "можно угадать", 0: "ответ общеизвестен"}),
        Criterion("answer_uniqueness", "единственность ответа", "Есть ли у вопроса ровно один правильный ответ.",
                  {2: "ответ единственный", 1: "возможны близкие варианты",
                   0: "правильных ответов несколько"}),
        Criterion("correctness", "корректность по подграфу", "Следует ли ответ из приведённых фактов.",
                  {2: "ответ точно следует из фактов", 1: "следует частично",
                   0: "ответ не следует из фактов или неверен"}),
        Criterion("answer_grammar", "грамотность ответа", "Грамотность и форма ответа (именительный падеж, полнота).",
                  {2: "ответ грамотный", 1: "мелкая ошибка", 0: "ответ неграмотный или оборван"}),
    ]
}  # fmt: skip


@dataclass(frozen=True)
class Verdict:
    score: int
    explanation: str


def parse_judge_reply(reply: str) -> Verdict:
    """'Объяснение: ...\\nОценка: N' and nothing else (ReplyInvalid otherwise)."""
    match = _REPLY_RE.match(reply.strip())
    if match is None:
        raise ReplyInvalid("expected 'Объяснение: <text>' and then 'Оценка: <0|1|2>' on its own line, nothing else")
    return Verdict(int(match.group("score")), match.group("explanation"))


def judge_tasks(qa: pd.DataFrame, criteria: list[str]) -> list[LLMTask]:
    unknown = sorted(set(criteria) - set(CRITERIA))
    if unknown:
        raise ValueError(f"unknown judge criteria: {', '.join(unknown)}; known: {', '.join(CRITERIA)}")
    tasks = []
    for row in qa.itertuples(index=False):
        facts = json.loads(row.triples_text) if isinstance(row.triples_text, str) else []
        for name in criteria:
            tasks.append(
                LLMTask(
                    item_id=f"{row.qa_id}:{name}",
                    messages=render_messages(
                        JUDGE_PROMPT, criterion=CRITERIA[name], facts=facts, question=row.question, answer=row.answer
                    ),
                    parse=parse_judge_reply,
                    repair_message=JUDGE_REPAIR,
                    json_mode=False,
                )
            )
    return tasks


def judge_table(
    qa: pd.DataFrame, criteria: list[str], results: list[LLMResult], *, min_criterion_score: int = 1
) -> pd.DataFrame:
    by_item = {r.item_id: r for r in results}
    rows = []
    for qa_id in qa["qa_id"]:
        scores, explanations, failed = {}, {}, []
        for name in criteria:
            result = by_item.get(f"{qa_id}:{name}")
            if result is None or not result.ok:
                failed.append(name)
                continue
            scores[name] = result.value.score
            explanations[name] = result.value.explanation
        if not scores:
            verdict, score, reason = SKIPPED, float("nan"), "the judge could not score any criterion"
        else:
            score = statistics.harmonic_mean([s / 2 for s in scores.values()])
            low = [name for name, s in scores.items() if s < min_criterion_score]
            verdict = FAIL if low else PASS
            reason = (f"below {min_criterion_score} on: {', '.join(low)}" if low
                      else f"all {len(scores)} scored criteria >= {min_criterion_score}")  # fmt: skip
            if failed:
                reason += f"; not scored (unparseable replies): {', '.join(failed)}"
        rows.append(
            {
                "qa_id": qa_id,
                "score": score,
                "verdict": verdict,
                "reason": reason,
                "criterion_scores": json.dumps(scores, ensure_ascii=False),
                "explanations": json.dumps(explanations, ensure_ascii=False),
                "failed_criteria": ",".join(failed),
            }
        )
    return pd.DataFrame(rows, columns=JUDGE_COLUMNS)
