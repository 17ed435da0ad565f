import { describe, expect, it } from 'vitest';
import { logoProblem, MESSAGES, pdfProblem, validateAiTool, validateUseCase, wordCount } from './formRules';

const useCase = {
  title: 'T',
  description: '<p>Some words</p>',
  reason: '',
  group: 1,
  business_value: 'high',
  complexity: 'low',
  innovation_category: 'incremental',
  video_link: '',
  job_functions: [],
  categories: [],
};

describe('catalogue form rules', () => {
  it('requires the AI tool fields and at most 3 categories', () => {
    expect(validateAiTool({ name: ' ', description: '<p></p>', group: null, categories: [], website: '', roles: [] })).toEqual({
      name: 'Required',
      description: 'Required',
      group: 'Required',
    });
    const four = validateAiTool({ name: 'a', description: '<p>x</p>', group: 1, categories: ['a', 'b', 'c', 'd'], website: '', roles: [] });
    expect(four.categories).toBe(MESSAGES.maxCategories);
  });

  it('checks the logo by type and size', () => {
    expect(logoProblem({ size: 10, type: 'image/png' })).toBeNull();
    expect(logoProblem({ size: 5 * 1024 * 1024, type: 'image/png' })).toBe('File size should be less than 5 MB');
    expect(logoProblem({ size: 10, type: 'application/pdf' })).toBe(MESSAGES.notImage);
    expect(pdfProblem({ type: 'application/pdf' })).toBeNull();
  });

  it('counts words and caps the use case texts at 500', () => {
    expect(wordCount('<p>one two</p><p>three</p>')).toBe(3);
    const long = `<p>${Array(501).fill('w').join(' ')}</p>`;
    expect(validateUseCase({ ...useCase, description: long, reason: long })).toEqual({ description: 'Maximum 500 words', reason: 'Maximum 500 words' });
    expect(validateUseCase({ ...useCase, job_functions: ['1', '2', '3', '4'] }).job_functions).toBe('Maximum 3 job functions');
    expect(validateUseCase({ ...useCase, business_value: '' }).business_value).toBe('Required');
    expect(validateUseCase(useCase)).toEqual({});
  });
});
