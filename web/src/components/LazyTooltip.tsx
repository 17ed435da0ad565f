import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

interface Props {
  title: string;
  /** One element that takes a ref and mouse/focus handlers, as for MUI's `Tooltip`. */
  children: ReactElement<{ onMouseOver?: () => void; onFocus?: () => void; onTouchStart?: () => void }>;
}

/**
 * MUI's `Tooltip`, downloaded on the first hover, focus or touch of its child: with popper.js
 * it weighs ~10 kB, too much for a hint most visitors never see (the sign-in pages' disabled
 * social buttons). It opens at once for the event that asked for it, then behaves as usual.
 */
export default function LazyTooltip({ title, children }: Props) {
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null) {
    const wake = () => setOpen(true);
    return cloneElement(children, { onMouseOver: wake, onFocus: wake, onTouchStart: wake });
  }
  return (
    <Suspense fallback={children}>
      <Tooltip title={title} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
