import { useState } from 'react';

/** The open state of a top-bar panel: where it is anchored, or null when closed. */
export function usePanelAnchor() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return { anchor, open: Boolean(anchor), show: setAnchor, close: () => setAnchor(null) };
}

export type PanelAnchor = ReturnType<typeof usePanelAnchor>;
