// The pieces the long forms (groups, jobs, the catalogue) are laid out with: a titled
// fieldset, a row that stacks on phones, and the Cancel / submit buttons.
import type { ReactNode } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';

/** A titled part of a form: a fieldset with its legend. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, px: 0.5 }}>
        {title}
      </Typography>
      <Stack spacing={2.5} sx={{ mt: 1 }}>
        {children}
      </Stack>
    </Paper>
  );
}

/** Fields side by side from sm, one under the other below. */
export function FormRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
      {children}
    </Stack>
  );
}

interface ActionsProps {
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}

/** Cancel and submit; both wait while the form submits. */
export function CancelSubmitButtons({ submitLabel, submitting, onCancel }: ActionsProps) {
  return (
    <>
      <Button onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" loading={submitting}>
        {submitLabel}
      </Button>
    </>
  );
}

/** Cancel and submit at the end of a form. */
export function FormActions(props: ActionsProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <CancelSubmitButtons {...props} />
    </Stack>
  );
}
