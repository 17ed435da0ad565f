import { useState, type FormEvent } from 'react';
import { Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, fieldErrors, firstErrorMessage, globalErrorMessage } from '../../../lib/api/errors';
import { identityKey, useIdentity, type Identity } from '../../../lib/auth/identity';
import { nextFromSearch } from '../../../lib/auth/next';
import { resendOtp, verifyOtp } from '../api';
import { OTP_LENGTH } from '../schemas';
import AuthCard from '../components/AuthCard';
import OtpInput from '../components/OtpInput';

const empty = () => Array.from({ length: OTP_LENGTH }, () => '');

/** The six-box code from the sign-up email (spec 000 §2 "OTP screen", §8 "OTP (sign-in)"). */
export default function VerifyOtpPage() {
  const { search } = useLocation();
  const next = nextFromSearch(search);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { identity } = useIdentity();
  const [code, setCode] = useState<string[]>(empty);
  const [error, setError] = useState<string | null>(null);
  const [justVerified, setJustVerified] = useState(false);

  const verify = useMutation({ mutationFn: verifyOtp, meta: { silent: true } });
  const resend = useMutation({ mutationFn: () => resendOtp(), meta: { silent: true } });
  const complete = code.every(Boolean);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || verify.isPending) return;
    setError(null);
    try {
      const answer = await verify.mutateAsync({ otp: code.join(''), type: 'registration' });
      enqueueSnackbar(answer.message || 'OTP verified successfully', { variant: 'success' });
      // The guards of `next` see the verified user at once; this page no longer sends them to /.
      setJustVerified(true);
      client.setQueriesData<Identity>({ queryKey: identityKey }, (old) => (old ? { ...old, is_verified: true } : old));
      await navigate(next, { replace: true });
    } catch (failure) {
      const message =
        (failure instanceof ApiError ? (fieldErrors(failure.body).otp ?? firstErrorMessage(failure.body)) : null) ??
        globalErrorMessage(failure) ??
        'Something went wrong';
      setError(message);
    }
  };

  const onResend = async () => {
    try {
      const answer = await resend.mutateAsync();
      enqueueSnackbar(answer.message || 'OTP resent successfully. Please check your email.', { variant: 'success' });
      setCode(empty());
      setError(null);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.body?.non_field_errors?.find(Boolean) : undefined;
      enqueueSnackbar(message ?? 'Something went wrong', { variant: 'error' });
    }
  };

  // A verified user reaching this page goes to / (spec 000 §2 "Route guards").
  if (identity?.is_verified && !justVerified) return <Navigate to="/" replace />;

  return (
    <AuthCard
      title="Verify your email"
      subtitle={
        <>
          Enter the 6-character code we sent to{' '}
          {identity?.profile.email ? <strong>{identity.profile.email}</strong> : 'your email'}.
        </>
      }
    >
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-label="Verify OTP">
        <OtpInput
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={Boolean(error)}
          disabled={verify.isPending}
          label="OTP"
        />
        {error && (
          <FormHelperText error role="alert" sx={{ textAlign: 'center' }}>
            {error}
          </FormHelperText>
        )}
        <Button type="submit" variant="contained" size="large" disabled={!complete || verify.isPending} loading={verify.isPending}>
          Verify
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          Did not get the code?
        </Typography>
        <Button size="small" onClick={onResend} disabled={resend.isPending} loading={resend.isPending}>
          Resend OTP
        </Button>
      </Stack>
    </AuthCard>
  );
}
