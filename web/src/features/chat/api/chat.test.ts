import { describe, expect, it } from 'vitest';
import { NAME_LENGTH, PREVIEW_LENGTH, plainText, truncate, type ChatMessage } from './chat';

const message = (parts: ChatMessage['messages']): ChatMessage => ({
  id: 1,
  room: 1,
  sender: { id: 1, name: 'Ada', type: 'user' },
  timestamp: '2026-01-01T00:00:00Z',
  messages: parts,
});

describe('chat previews', () => {
  it('cut names at 20 and previews at 30 characters', () => {
    expect(truncate('Maximilian Alexander Fitzgerald', NAME_LENGTH)).toBe('Maximilian Alexander…');
    expect(truncate('short', NAME_LENGTH)).toBe('short');
    expect(truncate('a'.repeat(31), PREVIEW_LENGTH)).toBe(`${'a'.repeat(30)}…`);
    expect(truncate('é'.repeat(30), PREVIEW_LENGTH)).toBe('é'.repeat(30));
  });

  it('show html messages as text', () => {
    expect(plainText(message([{ type: 'html', value: '<p>Hi <b>there</b></p>' }]))).toBe('Hi there');
    expect(plainText(message([{ type: 'text', value: 'line one\nline two' }]))).toBe('line one line two');
  });
});
