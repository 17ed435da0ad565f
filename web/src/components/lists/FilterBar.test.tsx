import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FilterBar from './FilterBar';
import { stubMatchMedia } from '../../test/mediaQueries';

/** A window as narrow as a phone: every max-width media query matches. */
function phoneWidth(matches: boolean) {
  stubMatchMedia((query) => matches && query.includes('max-width'));
}

afterEach(() => vi.unstubAllGlobals());

const fields = ['Search', 'Month', 'Weeks', 'Country', 'Level', 'Modality'].map((name) => <input key={name} aria-label={name} />);

describe('filter bar', () => {
  it('shows phones the first three filters and the rest on request', async () => {
    phoneWidth(true);
    render(<FilterBar>{fields}</FilterBar>);
    expect(screen.getAllByRole('textbox')).toHaveLength(3);
    const more = screen.getByRole('button', { name: 'More filters (3)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows every filter on wider screens', () => {
    phoneWidth(false);
    render(<FilterBar>{fields}</FilterBar>);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
