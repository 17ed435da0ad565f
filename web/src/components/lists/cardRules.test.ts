import { describe, expect, it } from 'vitest';
import { snippet } from './cardRules';

describe('snippet', () => {
  it('keeps a space between paragraphs, list items and line breaks', () => {
    expect(snippet('<p>the authors.</p><p>Check every number.</p>', 200)).toBe('the authors. Check every number.');
    expect(snippet('<ul><li>one</li><li>two</li></ul>line<br>break', 200)).toBe('one two line break');
  });

  it('cuts at the limit with an ellipsis and answers nothing for no text', () => {
    expect(snippet('<p>abcdef</p>', 3)).toBe('abc…');
    expect(snippet(null, 10)).toBe('');
  });
});
