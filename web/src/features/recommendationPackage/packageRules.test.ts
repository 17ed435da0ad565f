import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, searchable, toggle, type Picked } from './packageRules';

describe('the recommendation package selection', () => {
  it('keeps at most 5 of each kind with the spec messages', () => {
    let picked: Picked[] = [];
    for (let id = 1; id <= 5; id += 1) picked = toggle(picked, { id, name: `n${id}` }, 'users').next;
    expect(picked).toHaveLength(5);
    const full = toggle(picked, { id: 6, name: 'n6' }, 'users');
    expect(full.next).toHaveLength(5);
    expect(full.error).toBe('You can only select up to 5 users');
    expect(toggle(picked, { id: 6, name: 'x' }, 'agent_reports').error).toBe('You cannot select more than 5 agent reports');
    expect(toggle(picked, { id: 3, name: 'n3' }, 'users').next.map((p) => p.id)).toEqual([1, 2, 4, 5]);
    expect(LIMIT_MESSAGES.groups).toBe('You can only select up to 5 groups');
    expect(LIMIT_MESSAGES.resources).toBe('You can only select up to 5 resources');
  });

  it('searches users with more than 1 character', () => {
    expect(searchable('a')).toBe(false);
    expect(searchable(' ab ')).toBe(true);
  });
});
