import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Dialog, DialogActions, DialogContent, useMediaQuery, useTheme, type Breakpoint } from '@mui/material';
import { CancelSubmitButtons } from './forms/FormLayout';
import DialogHeader from './DialogHeader';

interface Props {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel?: string;
  maxWidth?: Breakpoint;
  children: ReactNode;
}

/** A form in a dialog: full-screen on phones, Save and Cancel at the bottom. */
export default function FormDialog({
  title,
  onClose,
  onSubmit,
  submitting,
  submitLabel = 'Save',
  maxWidth = 'sm',
  children,
}: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const close = () => {
    if (!submitting) onClose();
  };
  return (
    <Dialog
      open
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogHeader id={titleId} onClose={close}>
        {title}
      </DialogHeader>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <CancelSubmitButtons submitLabel={submitLabel} submitting={submitting} onCancel={close} />
      </DialogActions>
    </Dialog>
  );
}
