import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import CountrySelect from '../../../../components/profileForm/CountrySelect';
import { ApiError, fieldErrors, firstErrorMessage } from '../../../../lib/api/errors';
import { pathWithNext } from '../../../../lib/auth/next';
import { setTokens } from '../../../../lib/session';
import { registerCareerGps } from '../../api';
import { DEFAULT_COUNTRY, personalInfoErrors, type PersonalInfo } from './guestRules';

interface Refusal {
  /** 'active': an account exists (log in); otherwise the email took the assessment before (register). */
  status: 'active' | 'trial';
  message: string;
}

/**
 * Personal Information (spec 002 §4, §7 register-career-gps): first and last name, email and
 * country (United States at first). Success signs the visitor in with a trial account.
 */
export default function PersonalInfoStep({ onDone }: { onDone: () => void }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [values, setValues] = useState<PersonalInfo>({ first_name: '', last_name: '', email: '', country: DEFAULT_COUNTRY });
  const [errors, setErrors] = useState<Partial<Record<keyof PersonalInfo, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof PersonalInfo) => (value: string) => {
    setValues((now) => ({ ...now, [field]: value }));
    setErrors((now) => ({ ...now, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = personalInfoErrors(values);
    setErrors(found);
    setProblem(null);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await registerCareerGps({ ...values, email: values.email.trim() });
      setTokens(answer.data.access_token, answer.data.refresh_token);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const status = (error.body as { status?: string } | null)?.status;
        if (status) {
          setRefusal({ status: status === 'active' ? 'active' : 'trial', message: firstErrorMessage(error.body) ?? error.message });
        } else {
          const placed = fieldErrors(error.body);
          setErrors(placed);
          if (Object.keys(placed).length === 0) setProblem(firstErrorMessage(error.body) ?? error.message);
        }
      } else {
        setProblem(error instanceof ApiError ? (firstErrorMessage(error.body) ?? error.message) : 'Could not register.');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Personal Information">
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="First name"
            required
            value={values.first_name}
            onChange={(e) => set('first_name')(e.target.value)}
            error={Boolean(errors.first_name)}
            helperText={errors.first_name}
            autoComplete="given-name"
          />
          <TextField
            label="Last name"
            required
            value={values.last_name}
            onChange={(e) => set('last_name')(e.target.value)}
            error={Boolean(errors.last_name)}
            helperText={errors.last_name}
            autoComplete="family-name"
          />
        </Box>
        <TextField
          label="Email"
          type="email"
          required
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
          autoComplete="email"
        />
        <CountrySelect
          label="Country"
          required
          value={values.country}
          onChange={set('country')}
          error={Boolean(errors.country)}
          helperText={errors.country}
        />
        {refusal ? (
          <Alert
            severity="info"
            action={
              <Link
                component={RouterLink}
                to={pathWithNext(refusal.status === 'active' ? '/login' : '/signup', here)}
                sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}
              >
                {refusal.status === 'active' ? 'Log in' : 'Register'}
              </Link>
            }
          >
            {refusal.message}
          </Alert>
        ) : null}
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" loading={busy} disabled={busy}>
            Next
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
