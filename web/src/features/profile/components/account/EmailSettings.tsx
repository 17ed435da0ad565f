import { useState } from 'react';
import { Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../../lib/snackbar';
import { ApiError, firstErrorMessage } from '../../../../lib/api/errors';
import { identityKey } from '../../../../lib/auth/identity';
import { PROFILE_PAGE_KEY } from '../../../../lib/profile/updateProfile';
import {
  addAlternateEmail,
  makeAlternateEmailPrimary,
  resendAlternateEmailOtp,
  verifyAlternateEmail,
} from '../../api/account';
import { placeServerErrors } from '../../serverErrors';
import ConfirmDialog from '../../../../components/ConfirmDialog';
import { alternateEmailSchema, OTP_LENGTH, type AlternateEmailValues } from './accountSchemas';

interface Props {
  email: string | null | undefined;
  alternateEmail: string | null | undefined;
  verified: boolean;
}

function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? firstErrorMessage(error.body) : null;
}

/**
 * Primary and alternate email (spec 000 §4 "Alternate email"): add an address, verify it
 * with the emailed code, then optionally make it the primary one.
 */
export default function EmailSettings({ email, alternateEmail, verified }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | 'primary' | null>(null);
  const [confirmingPrimary, setConfirmingPrimary] = useState(false);
  const form = useForm<AlternateEmailValues>({
    resolver: zodResolver(alternateEmailSchema),
    defaultValues: { alternate_email: '' },
  });
  const awaitingCode = Boolean(alternateEmail) && !verified && !adding;

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: PROFILE_PAGE_KEY }),
      client.invalidateQueries({ queryKey: identityKey }),
    ]);

  const add = form.handleSubmit(async ({ alternate_email }) => {
    try {
      const answer = await addAlternateEmail(alternate_email);
      enqueueSnackbar(answer.message || 'We have sent an OTP to your alternate email for verification.', {
        variant: 'success',
      });
      setAdding(false);
      setCode('');
      form.reset();
      await refresh();
    } catch (error) {
      const { message } = placeServerErrors(error, form.setError, ['alternate_email']);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    }
  });

  /**
   * One of the alternate email's buttons: busy while its call runs, then the server's message
   * (else `done`) and `after`; a failure goes to `failed`.
   */
  const act = async (
    kind: NonNullable<typeof busy>,
    call: () => Promise<{ message?: string | null }>,
    done: string,
    after: () => unknown,
    failed: (error: unknown) => void,
  ) => {
    setBusy(kind);
    try {
      const answer = await call();
      enqueueSnackbar(answer.message || done, { variant: 'success' });
      await after();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const verify = () => {
    setCodeError(null);
    return act(
      'verify',
      () => verifyAlternateEmail(code),
      'Successfully verified OTP.',
      () => {
        setCode('');
        return refresh();
      },
      (error) => {
        const field = error instanceof ApiError ? error.body?.field_errors?.otp?.[0] : undefined;
        if (field) setCodeError(field);
        else enqueueSnackbar(serverMessage(error) ?? 'Something went wrong', { variant: 'error' });
      },
    );
  };

  const resend = () =>
    act(
      'resend',
      resendAlternateEmailOtp,
      'Successfully resent OTP. Please check your alternate email.',
      () => undefined,
      () => enqueueSnackbar('Could not resend OTP. Please try again later.', { variant: 'error' }),
    );

  const makePrimary = () =>
    act(
      'primary',
      makeAlternateEmailPrimary,
      'Successfully set as primary email',
      () => {
        setConfirmingPrimary(false);
        return refresh();
      },
      (error) => enqueueSnackbar(serverMessage(error) ?? 'Could not set as primary email', { variant: 'error' }),
    );

  return (
    <Stack spacing={2.5}>
      <div>
        <Typography variant="caption" color="text.secondary" component="p">
          Primary email
        </Typography>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{email || '—'}</Typography>
      </div>

      <div>
        <Typography variant="caption" color="text.secondary" component="p">
          Alternate email
        </Typography>
        {alternateEmail && !adding ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{alternateEmail}</Typography>
            <Chip
              size="small"
              label={verified ? 'Verified' : 'Not verified'}
              color={verified ? 'success' : 'warning'}
              variant="outlined"
            />
          </Stack>
        ) : (
          !adding && <Typography color="text.secondary">None</Typography>
        )}
      </div>

      {awaitingCode && (
        <Stack spacing={1.5} component="form" aria-label="Verify alternate email" onSubmit={(event) => {
          event.preventDefault();
          if (code.length === OTP_LENGTH) void verify();
        }}>
          <Typography variant="body2">Enter the {OTP_LENGTH}-digit code we sent to {alternateEmail}.</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="Verification code"
              size="small"
              value={code}
              onChange={(event) => {
                setCode(event.target.value.replace(/\s/g, '').slice(0, OTP_LENGTH));
                setCodeError(null);
              }}
              error={Boolean(codeError)}
              helperText={codeError}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: OTP_LENGTH } }}
            />
            <Button type="submit" variant="contained" disabled={code.length !== OTP_LENGTH} loading={busy === 'verify'}>
              Verify
            </Button>
            <Button onClick={() => void resend()} loading={busy === 'resend'}>
              Resend code
            </Button>
          </Stack>
        </Stack>
      )}

      {adding ? (
        <Stack component="form" spacing={1.5} noValidate onSubmit={add} aria-label="Add alternate email">
          <TextField
            label="Alternate email"
            type="email"
            size="small"
            autoComplete="email"
            autoFocus
            {...form.register('alternate_email')}
            error={Boolean(form.formState.errors.alternate_email)}
            helperText={form.formState.errors.alternate_email?.message}
            sx={{ maxWidth: 420 }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
              Send code
            </Button>
            <Button
              onClick={() => {
                setAdding(false);
                form.reset();
              }}
            >
              Cancel
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setAdding(true)}>
            {alternateEmail ? 'Change alternate email' : 'Add alternate email'}
          </Button>
          {alternateEmail && verified && (
            <Button variant="contained" onClick={() => setConfirmingPrimary(true)}>
              Make primary
            </Button>
          )}
        </Stack>
      )}

      <ConfirmDialog
        open={confirmingPrimary}
        title="Make this your primary email?"
        message={`You will sign in with ${alternateEmail ?? ''} from now on; ${email ?? 'the current address'} will no longer work for signing in.`}
        confirmLabel="Make primary"
        pending={busy === 'primary'}
        onCancel={() => setConfirmingPrimary(false)}
        onConfirm={() => void makePrimary()}
      />
    </Stack>
  );
}
