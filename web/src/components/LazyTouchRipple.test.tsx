import { createRef, type SyntheticEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import type { TouchRippleActions } from '@mui/material/ButtonBase/TouchRipple';
import LazyTouchRipple from './LazyTouchRipple';

/** A mouse press at (10, 10), as ButtonBase hands it to its ripple. */
const press = { type: 'mousedown', clientX: 10, clientY: 10 } as unknown as SyntheticEvent;

describe('LazyTouchRipple', () => {
  // First in the file: TouchRipple's code is not loaded yet.
  it('renders nothing until TouchRipple is in, then replays the calls made meanwhile', async () => {
    const ref = createRef<TouchRippleActions>();
    const { container } = render(
      <button type="button">
        Press
        <LazyTouchRipple ref={ref} center={false} />
      </button>,
    );
    // Nothing in the button while the code loads: the button looks and measures as before.
    expect(container.querySelector('.MuiTouchRipple-root')).toBeNull();
    expect(ref.current).not.toBeNull();
    const started: string[] = [];
    act(() => ref.current?.start(press, {}, () => started.push('started')));

    await waitFor(() => expect(container.querySelector('.MuiTouchRipple-root')).not.toBeNull());
    // The press made before the code was in shows its ripple, and its callback ran.
    await waitFor(() => expect(container.querySelector('.MuiTouchRipple-ripple')).not.toBeNull());
    expect(started).toEqual(['started']);
    expect(container.querySelector('.MuiTouchRipple-root')?.parentElement).toBe(container.querySelector('button'));
  });

  it('renders TouchRipple at once once loaded and passes its calls straight on', async () => {
    const ref = createRef<TouchRippleActions>();
    const { container } = render(<LazyTouchRipple ref={ref} className="extra" />);
    const root = container.querySelector('.MuiTouchRipple-root');
    expect(root).not.toBeNull();
    expect(root).toHaveClass('extra');
    act(() => ref.current?.pulsate());
    expect(container.querySelector('.MuiTouchRipple-ripplePulsate')).not.toBeNull();
    act(() => ref.current?.stop());
    await waitFor(() => expect(container.querySelector('.MuiTouchRipple-ripplePulsate')).toBeNull());
  });
});
