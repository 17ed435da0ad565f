import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { enqueueSnackbar, SnackbarHost } from '.';
import { TOASTS_CLASS } from './placement';

describe('lib/snackbar', { timeout: 20_000 }, () => {
  it('renders nothing before the first message, then loads the stack and shows what was queued', async () => {
    const { container } = render(<SnackbarHost />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      enqueueSnackbar('First message', { variant: 'success' });
      enqueueSnackbar('Second message', { variant: 'error' });
    });
    expect(await screen.findByText('First message')).toBeInTheDocument();
    expect(await screen.findByText('Second message')).toBeInTheDocument();
  });

  it('keeps notistack options once loaded: a duplicate is shown once', async () => {
    render(<SnackbarHost />);
    act(() => {
      enqueueSnackbar('Only once', { variant: 'error', preventDuplicate: true });
      enqueueSnackbar('Only once', { variant: 'error', preventDuplicate: true });
    });
    expect(await screen.findByText('Only once')).toBeInTheDocument();
    expect(screen.getAllByText('Only once')).toHaveLength(1);
  });

  it('opens the stack below the top bar, never over its menu button', async () => {
    render(<SnackbarHost />);
    act(() => {
      enqueueSnackbar('Below the bar', { variant: 'success' });
    });
    const toast = await screen.findByText('Below the bar');
    const container = toast.closest(`.${TOASTS_CLASS}`);
    expect(container).not.toBeNull();
    // The rule that places it is in the document (jsdom lays nothing out: the phone-sized
    // check of the real layout is e2e/shell.spec.ts).
    const rules = Array.from(document.querySelectorAll('style'))
      .map((style) => style.textContent ?? '')
      .join('\n');
    expect(rules.replace(/\s/g, '')).toContain(`.${TOASTS_CLASS}{top:64px!important;}`);
    expect(rules.replace(/\s/g, '')).toContain(`@media(min-width:640px){.${TOASTS_CLASS}{top:72px!important;}}`);
  });
});
