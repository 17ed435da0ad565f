import { describe, expect, it } from 'vitest';
import { generateQuestionId, toQuestion, validateDraft } from './questions';

describe('questions', () => {
  it('makes ids of the type and a number below 10000', () => {
    expect(generateQuestionId('radio', () => 0.99999)).toBe('radio9999');
    expect(generateQuestionId('text', () => 0)).toBe('text0');
    for (let i = 0; i < 50; i += 1) expect(generateQuestionId('file')).toMatch(/^file\d{1,4}$/);
  });

  it('keeps existing ids and avoids taken ones', () => {
    const numbers = [0.1, 0.1, 0.2];
    const random = () => numbers.shift() ?? 0.3;
    const draft = { id: '', label: ' Level ', type: 'selection' as const, required: true, optionsText: 'A\n\n B \n' };
    expect(toQuestion(draft, new Set(['selection1000']), random)).toEqual({
      id: 'selection2000',
      label: 'Level',
      type: 'selection',
      required: true,
      options: ['A', 'B'],
    });
    expect(toQuestion({ ...draft, id: 'selection7' }, new Set()).id).toBe('selection7');
  });

  it('requires a label and a type', () => {
    expect(validateDraft({ id: '', label: '', type: '', required: false, optionsText: '' })).toEqual({
      label: 'Please enter question',
      type: 'Please select field type',
    });
  });
});
