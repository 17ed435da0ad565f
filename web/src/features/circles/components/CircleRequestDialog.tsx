import { useEffect, useId, useMemo, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  type TextFieldProps,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../lib/snackbar';
import { CheckCircleIcon } from '../../../components/icons';
import CountrySelect from '../../../components/profileForm/CountrySelect';
import { ApiError, fieldErrors, firstErrorMessage } from '../../../lib/api/errors';
import { useRequestCircle } from '../../../lib/discover/circleRequest';
import { monthOptions } from '../circleFilters';
import {
  EMPTY_REQUEST,
  HOURS_HINT,
  MAX_HOURS,
  REQUEST_FIELDS,
  circleRequestSchema,
  toCircleRequest,
  type CircleRequestValues,
} from '../circleRequestSchema';
import DialogHeader from '../../../components/DialogHeader';
import { controlled } from '../../../lib/forms/controlled';

/** How long the thank-you shows before the form closes (spec 002 §9). */
export const THANK_YOU_MS = 2000;
/** Toasts of this form last 3 seconds (spec 001 §9). */
const TOAST_MS = 3000;
export const REQUEST_FAILED = 'Failed to submit request. Please try again.';

type Phase = 'editing' | 'submitting' | 'success';

/**
 * "Can't find the right circle?": the circle request form (spec 001 §4, §5). States editing,
 * submitting and success; the thank-you shows for 2 seconds, then the form closes and resets.
 */
export default function CircleRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const request = useRequestCircle();
  const [phase, setPhase] = useState<Phase>('editing');
  const months = useMemo(() => monthOptions(), []);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid },
  } = useForm<CircleRequestValues>({
    resolver: zodResolver(circleRequestSchema),
    defaultValues: EMPTY_REQUEST,
    mode: 'all',
  });
  const inPerson = useWatch({ control, name: 'learning_modality' }) === 'in_person';

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => {
      reset(EMPTY_REQUEST);
      setPhase('editing');
      onClose();
    }, THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [phase, reset, onClose]);

  const close = () => {
    if (phase === 'submitting') return;
    if (phase === 'success') {
      reset(EMPTY_REQUEST);
      setPhase('editing');
    }
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setPhase('submitting');
    try {
      await request.mutateAsync(toCircleRequest(values));
      setPhase('success');
    } catch (error) {
      setPhase('editing');
      // A refusal's field errors go on their fields (spec 001 §8); anything else is a toast:
      // the server's message, or the fallback for failures without one (5xx, no answer).
      const body = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.body : null;
      const byField = fieldErrors(body);
      const shown = values.learning_modality === 'in_person' ? REQUEST_FIELDS : REQUEST_FIELDS.filter((f) => f !== 'location');
      let first = true;
      const rest: Record<string, string[]> = {};
      for (const [field, message] of Object.entries(byField)) {
        const known = shown.find((name) => name === field);
        if (known) {
          setError(known, { type: 'server', message }, { shouldFocus: first });
          first = false;
        } else {
          rest[field] = [message];
        }
      }
      const message = body ? firstErrorMessage({ ...body, field_errors: rest }) : null;
      if (message || first) enqueueSnackbar(message ?? REQUEST_FAILED, { variant: 'error', autoHideDuration: TOAST_MS });
    }
  });

  const submitting = phase === 'submitting';
  type TextName = 'real_world_problems_to_solve' | 'goal' | 'hours_commitment';
  const textField = (name: TextName, props: Pick<TextFieldProps, 'label' | 'multiline' | 'minRows' | 'type' | 'slotProps' | 'helperText'>) => (
    <TextField
      required
      fullWidth
      disabled={submitting}
      {...props}
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? props.helperText}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogHeader id={titleId} onClose={close} closeDisabled={submitting}>
        Request a Circle
      </DialogHeader>
      <DialogContent dividers>
        {phase === 'success' ? (
          <Stack spacing={2} role="status" sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
            <Typography variant="h6" component="p">
              Thank you!
            </Typography>
            <Typography color="text.secondary">Your circle request has been submitted.</Typography>
          </Stack>
        ) : (
          <Stack spacing={2.5}>
            <Typography color="text.secondary">
              Tell us what you want to learn and we will look for a circle that fits.
            </Typography>
            {textField('real_world_problems_to_solve', { label: 'Real-world problems to solve', multiline: true, minRows: 3 })}
            {textField('goal', { label: 'Your goal', multiline: true, minRows: 2 })}
            <Controller
              control={control}
              name="urgency"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="By when do you need it?"
                  required
                  fullWidth
                  disabled={submitting}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ select: { MenuProps: { slotProps: { paper: { style: { maxHeight: 300 } } } } } }}
                >
                  {months.map((month) => (
                    <MenuItem key={month.value} value={month.value}>
                      {month.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {textField('hours_commitment', {
              label: 'Hours per week you can commit',
              type: 'number',
              slotProps: { htmlInput: { min: 1, max: MAX_HOURS, step: 1, inputMode: 'numeric' } },
              helperText: HOURS_HINT,
            })}
            <Controller
              control={control}
              name="learning_modality"
              render={({ field, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)} required disabled={submitting}>
                  <FormLabel id={`${titleId}-modality`}>Learning modality</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby={`${titleId}-modality`}
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                  >
                    <FormControlLabel value="remote" control={<Radio />} label="Remote" />
                    <FormControlLabel value="in_person" control={<Radio />} label="In person" />
                  </RadioGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
            {inPerson && (
              <Controller
                control={control}
                name="location"
                render={({ field, fieldState }) => (
                  <CountrySelect label="Location" required name={field.name} disabled={submitting} {...controlled(field, fieldState)} />
                )}
              />
            )}
          </Stack>
        )}
      </DialogContent>
      {phase !== 'success' && (
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid || submitting} loading={submitting}>
            Submit Request
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
