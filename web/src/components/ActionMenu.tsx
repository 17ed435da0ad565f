import { lazy, Suspense, useState } from 'react';
import { loadActionMenu } from './actionMenuLoader';

export interface ActionMenuItem {
  label: string;
  onSelect: () => void;
  /** Shown in the error colour (remove, reject). */
  danger?: boolean;
}

export interface ActionMenuProps {
  id?: string;
  /** The button the menu opens from; null while closed. */
  anchorEl: HTMLElement | null;
  onClose: () => void;
  /** Choosing one closes the menu, then runs it. */
  items: ActionMenuItem[];
}

const ActionMenuImpl = lazy(loadActionMenu);

/** A menu of actions under a button (MUI's Menu), loaded on first use. */
export default function ActionMenu(props: ActionMenuProps) {
  // Kept mounted once opened, for its closing transition and the focus's return.
  const [opened, setOpened] = useState(Boolean(props.anchorEl));
  if (props.anchorEl && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ActionMenuImpl {...props} />
    </Suspense>
  );
}
