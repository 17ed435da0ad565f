// What a member's and a visitor's run of an agent share (spec 002 §4 "CareerGPS agent flow"):
// the answers kept per step and the messages of the last submit.
import { useEffect, useRef, useState } from 'react';
import { fieldErrors, type ApiErrorBody } from '../../../lib/api/errors';
import type { AgentStep, AgentView } from '../api';
import type { Denial } from './AccessDenied';
import type { Answer } from './QuestionField';

export const MSG_PROCESSING_FAILED = 'There is some issue in processing your request. Please try again in a few moments.';
const ANSWER_PREFIX = 'answers.';

export type StepKind = AgentStep['extra_info']['type'] | AgentView['flow'][number]['type'];
export type StepInfo = AgentStep['extra_info'];

/** The server's field errors split into those on the step's questions and the first other one. */
export function answerErrors(body: ApiErrorBody | null | undefined): { onQuestions: Record<string, string>; other: string | undefined } {
  const all = fieldErrors(body);
  const onQuestions: Record<string, string> = {};
  for (const [field, message] of Object.entries(all)) {
    if (field.startsWith(ANSWER_PREFIX)) onQuestions[field.slice(ANSWER_PREFIX.length)] = message;
  }
  const other = Object.entries(all).find(([field]) => !field.startsWith(ANSWER_PREFIX))?.[1];
  return { onQuestions, other };
}

/**
 * The state of a run at step `index`: each step's answers and ticked items, the messages of
 * the last submit, and the step heading, which takes the focus after Next, Back or Skip so
 * keyboard and screen reader users land on the new step.
 */
export function useStepRun(index: number) {
  const [forms, setForms] = useState<Record<number, Record<string, Answer>>>({});
  const [checked, setChecked] = useState<Record<number, string[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [denial, setDenial] = useState<Denial | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(index);
  useEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    headingRef.current?.focus();
  }, [index]);

  /** Clears the last submit's messages (the access denial too, unless `keepDenial`). */
  const clear = (keepDenial = false) => {
    setErrors({});
    setProblem(null);
    setFailed(false);
    if (!keepDenial) setDenial(null);
  };
  const setAnswer = (order: number, id: string, value: Answer) =>
    setForms((all) => ({ ...all, [order]: { ...(all[order] ?? {}), [id]: value } }));
  const toggleItem = (order: number, id: string) =>
    setChecked((all) => {
      const now = all[order] ?? [];
      return { ...all, [order]: now.includes(id) ? now.filter((x) => x !== id) : [...now, id] };
    });
  /** What the step sends: the filled answers, the ticked items (group ids as numbers), nothing for a report. */
  const response = (kind: StepKind, order: number): unknown => {
    if (kind === 'custom_form') {
      return Object.fromEntries(Object.entries(forms[order] ?? {}).filter(([, v]) => v !== null && v !== ''));
    }
    if (kind === 'checklist') return checked[order] ?? [];
    if (kind === 'group_checklist') return (checked[order] ?? []).map(Number);
    if (kind === 'report_generation' || kind === 'aira_report_generation') return null;
    return {};
  };

  return {
    forms,
    checked,
    errors,
    setErrors,
    problem,
    setProblem,
    failed,
    setFailed,
    denial,
    setDenial,
    headingRef,
    clear,
    setAnswer,
    toggleItem,
    response,
  };
}

export type StepRun = ReturnType<typeof useStepRun>;

