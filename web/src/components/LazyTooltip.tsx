import { useEffect, useState, type ReactElement } from 'react';
import { loadTooltip, loadedTooltip, type TooltipComponent } from './tooltipModule';

interface Props {
  title: string;
  /** One element that takes a ref and mouse/focus handlers, as for MUI's `Tooltip`. */
  children: ReactElement;
}

/**
 * MUI's `Tooltip`, downloaded once the page is idle: with popper.js it weighs ~10 kB, too
 * much for the first screen's download (the sign-in pages' disabled social buttons, the AMA
 * toggle). Until then the child renders alone. The wrapper is added while nobody is
 * touching the page, never in the middle of a press: wrapping the child remounts it, and a
 * tap whose touchstart and click land on two different nodes is lost.
 */
export default function LazyTooltip({ title, children }: Props) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(loadedTooltip);
  useEffect(() => {
    if (Tooltip) return undefined;
    let cancelled = false;
    const load = () => {
      void loadTooltip().then((component) => {
        if (!cancelled) setTooltip(() => component);
      });
    };
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 200);
    return () => {
      cancelled = true;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [Tooltip]);
  if (!Tooltip) return children;
  return <Tooltip title={title}>{children}</Tooltip>;
}
