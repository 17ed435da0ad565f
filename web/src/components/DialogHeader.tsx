import type { ReactNode } from 'react';
import { DialogTitle, IconButton } from '@mui/material';
import { CloseIcon } from './icons';

interface Props {
  /** The title's id, for the dialog's aria-labelledby. */
  id: string;
  onClose: () => void;
  /** The Close button is off (while saving). */
  closeDisabled?: boolean;
  /** Long titles (a person's name) may break anywhere. */
  breakAnywhere?: boolean;
  children: ReactNode;
}

/** A dialog's title, with the Close button in its top right corner. */
export default function DialogHeader({ id, onClose, closeDisabled, breakAnywhere, children }: Props) {
  return (
    <>
      <DialogTitle id={id} sx={breakAnywhere ? { pr: 7, overflowWrap: 'anywhere' } : { pr: 7 }}>
        {children}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} disabled={closeDisabled} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
    </>
  );
}
