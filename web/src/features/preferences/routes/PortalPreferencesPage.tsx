import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { ApiError, firstErrorMessage } from '../../../lib/api/errors';
import { useIdentity } from '../../../lib/auth/identity';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { reloadPage } from '../../../lib/profile/reloadPage';
import PageSpinner from '../../../components/PageSpinner';
import StepIndicator from '../../../components/profileForm/StepIndicator';
import ChoiceCards from '../components/ChoiceCards';
import PreferencesSummary from '../components/PreferencesSummary';
import {
  FOCUS_OPTIONS,
  NOT_SET_LABEL,
  SAVE_FAILED_MESSAGE,
  SAVED_MESSAGE,
  currentPreferences,
  savePreferences,
  type PortalFocus,
  type PortalPreferences,
} from '../preferences';

type View = 'summary' | 'persona' | 'focus';

const NOT_SET = 'none';
/** The success message stays readable for a moment before the page reloads. */
const RELOAD_DELAY_MS = 1500;

/** /portal-preferences: the current persona and focus, then a two-step wizard to change them. */
export default function PortalPreferencesPage() {
  const { identity } = useIdentity();
  const options = useOptionsConfig();
  const { enqueueSnackbar } = useSnackbar();
  const [view, setView] = useState<View>('summary');
  const [choice, setChoice] = useState<PortalPreferences | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(reloadPage, RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  if (!identity) return <PageSpinner />;

  const current = currentPreferences(identity);
  const chosen = choice ?? current;
  const personaLabel = (value: number | null) =>
    value === null ? NOT_SET_LABEL : (options.current_roles.find((role) => role.value === value)?.label ?? NOT_SET_LABEL);
  const focusLabel = (value: PortalFocus) => FOCUS_OPTIONS.find((option) => option.value === value)?.label ?? '';

  const show = (next: View) => {
    setView(next);
    setError(null);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await savePreferences(chosen, identity);
      enqueueSnackbar(SAVED_MESSAGE, { variant: 'success' });
      setSaved(true);
    } catch (failure) {
      setError(
        (failure instanceof ApiError && failure.status < 500 ? firstErrorMessage(failure.body) : null) ?? SAVE_FAILED_MESSAGE,
      );
    } finally {
      setSaving(false);
    }
  };

  const personaChoices = [
    { value: NOT_SET, label: NOT_SET_LABEL, text: 'Show content for every persona.' },
    ...options.current_roles.map((role) => ({ value: String(role.value), label: role.label })),
  ];

  let title = 'Portal preferences';
  let subtitle = 'Your persona and focus area decide what the portal shows you first.';
  let body;
  if (view === 'summary') {
    body = (
      <PreferencesSummary
        personaLabel={personaLabel(current.persona)}
        focusLabel={focusLabel(current.focus)}
        onChange={() => {
          setChoice(current);
          show('persona');
        }}
      />
    );
  } else if (view === 'persona') {
    title = 'Choose your persona';
    subtitle = 'Who are you here as? Content is filtered for this persona.';
    body = (
      <ChoiceCards
        label="Persona"
        choices={personaChoices}
        value={chosen.persona === null ? NOT_SET : String(chosen.persona)}
        onChange={(value) => setChoice({ ...chosen, persona: value === NOT_SET ? null : Number(value) })}
      />
    );
  } else {
    title = 'Choose your focus area';
    subtitle = 'What would you like to focus on?';
    body = (
      <ChoiceCards
        label="Focus area"
        columns={1}
        choices={FOCUS_OPTIONS}
        value={chosen.focus}
        onChange={(value) => setChoice({ ...chosen, focus: value })}
      />
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Stack spacing={3}>
          {view !== 'summary' && <StepIndicator current={view === 'persona' ? 1 : 2} total={2} />}
          <div>
            <Typography ref={heading} tabIndex={-1} variant="h5" component="h1" sx={{ fontWeight: 700, '&:focus': { outline: 'none' } }}>
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          </div>
          {saved && (
            <Alert severity="success" role="status">
              {SAVED_MESSAGE}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {body}
          {view !== 'summary' && (
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
              <Button onClick={() => show(view === 'persona' ? 'summary' : 'persona')} disabled={saving || saved}>
                {view === 'persona' ? 'Cancel' : 'Back'}
              </Button>
              {view === 'persona' ? (
                <Button variant="contained" size="large" onClick={() => show('focus')}>
                  Next
                </Button>
              ) : (
                <Button variant="contained" size="large" onClick={() => void save()} loading={saving} disabled={saving || saved}>
                  Save
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
