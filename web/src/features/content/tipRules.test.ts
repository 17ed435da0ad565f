import { describe, expect, it } from 'vitest';
import { tipAuthorLink, tipAuthorName, tipSummary, tipTabs, TIP_MESSAGES, validateTip, votable } from './tipRules';

describe('career tip rules', () => {
  it('requires content and caps it at 5000 characters of text', () => {
    expect(validateTip('')).toEqual({ content: TIP_MESSAGES.required });
    expect(validateTip('<p> </p>')).toEqual({ content: 'Required' });
    expect(validateTip('<p>Network early</p>')).toEqual({});
    expect(validateTip(`<p>${'a'.repeat(5000)}</p>`)).toEqual({});
    expect(validateTip(`<p>${'a'.repeat(5001)}</p>`)).toEqual({ content: 'Ensure this field has no more than 5000 characters.' });
  });

  it('names the author and links the profile', () => {
    const tip = { created_by: { profile: { first_name: 'Ana', last_name: 'Lima', name_slug: 'ana-lima' } } };
    expect(tipAuthorName(tip)).toBe('Ana Lima');
    expect(tipAuthorLink(tip)).toBe('/profile/ana-lima');
    expect(tipAuthorName({ created_by: null })).toBe('Member');
    expect(tipAuthorLink({ created_by: { profile: { first_name: 'A', last_name: '', name_slug: null } } })).toBeNull();
  });

  it('summarises and gates tabs and votes', () => {
    expect(tipSummary('<p>one two three</p>')).toBe('one two three');
    expect(tipSummary('<p>a b c d e f g h i j</p>')).toBe('a b c d e f g h…');
    expect(tipTabs(false, false)).toEqual(['all']);
    expect(tipTabs(true, false)).toEqual(['all', 'mine']);
    expect(tipTabs(true, true)).toEqual(['all', 'mine', 'review']);
    expect(votable({ status: 'approved' })).toBe(true);
    expect(votable({ status: 'pending' })).toBe(false);
  });
});
