import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogImpl';

// MUI's Dialog (and its Modal) downloads when a question is first asked, not with every page
// that has a Leave or Remove button: a closed dialog renders nothing anyway.
const ConfirmDialogImpl = lazy(() => import('./ConfirmDialogImpl'));

/** A yes/no question before something destructive (leave, remove). */
export default function ConfirmDialog(props: ConfirmDialogProps) {
  // Kept mounted once opened, for its closing transition and the focus's return.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogImpl {...props} />
    </Suspense>
  );
}
