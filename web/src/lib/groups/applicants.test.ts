import { describe, expect, it } from 'vitest';
import { memberFixture } from '../../test/groupFixtures';
import { applicantAnswers, fileKind, isSafeFileUrl } from './applicants';
import type { Question } from './types';

const questions: Question[] = [
  { id: 'text1', label: 'Your university?', type: 'text', required: true, options: [] },
  { id: 'file2', label: 'Your CV', type: 'file', required: false, options: [] },
];

describe('applicant answers', () => {
  it('labels answers with their questions and names files the server listed', () => {
    const member = memberFixture({
      extra_info: { answers: { text1: 'Lagos', file2: 31 }, abstract_file: 32, title: 'AI' },
      files: [
        { id: 31, file: 'https://cdn.example.org/cv.pdf', mime_type: 'application/pdf', name: 'cv.pdf' },
        { id: 32, file: '/media/abstract.png', mime_type: 'image/png', name: 'abstract.png' },
      ],
    });
    const lines = applicantAnswers(member, questions);
    expect(lines.map((line) => [line.label, line.value, line.file?.file ?? null])).toEqual([
      ['Your university?', 'Lagos', null],
      ['Your CV', 'cv.pdf', 'https://cdn.example.org/cv.pdf'],
      ['Title', 'AI', null],
      ['Abstract file', 'abstract.png', '/media/abstract.png'],
    ]);
  });

  it('falls back to "File #id" without the files list, for unknown ids and for unsafe addresses', () => {
    const answers = { extra_info: { answers: { file2: 31 }, abstract_file: '32' } };
    expect(applicantAnswers(memberFixture(answers), questions).map((line) => [line.value, line.file])).toEqual([
      ['File #31', undefined],
      ['File #32', undefined],
    ]);
    const unsafe = memberFixture({
      ...answers,
      files: [{ id: 31, file: 'javascript:alert(1)', mime_type: 'application/pdf', name: 'x.pdf' }],
    });
    expect(applicantAnswers(unsafe, questions).map((line) => line.value)).toEqual(['File #31', 'File #32']);
  });

  it('links a payment voucher to its file', () => {
    const member = memberFixture({
      extra_info: { voucher: 40, voucher_reference: 'TX-42' },
      files: [{ id: 40, file: '/media/receipt.png', mime_type: 'image/png', name: 'receipt.png' }],
    });
    expect(applicantAnswers(member, questions).map((line) => [line.label, line.value, line.file?.file ?? null])).toEqual([
      ['Voucher', 'receipt.png', '/media/receipt.png'],
      ['Voucher reference', 'TX-42', null],
    ]);
  });

  it('links only web addresses and own paths, and names PDFs and images', () => {
    expect(isSafeFileUrl('https://a.b/c.pdf')).toBe(true);
    expect(isSafeFileUrl('/media/c.pdf')).toBe(true);
    expect(isSafeFileUrl('//evil.example/c.pdf')).toBe(false);
    expect(isSafeFileUrl('data:text/html,x')).toBe(false);
    expect(fileKind('application/pdf')).toBe('PDF');
    expect(fileKind('image/jpeg')).toBe('Image');
    expect(fileKind('text/plain')).toBeNull();
  });
});
