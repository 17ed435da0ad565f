import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { enqueueSnackbar, SnackbarHost } from '.';

describe('lib/snackbar', () => {
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
});
