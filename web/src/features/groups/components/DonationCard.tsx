import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import PlainTextField from '../../../components/forms/PlainTextField';
import { useIdentity } from '../../../lib/auth/identity';
import { useOpenAddress } from '../../../lib/openAddress';
import { DONATION_PRESETS, donationCents, hasDonations } from '../donation';
import { serverMessage } from '../../../lib/groups/messages';
import type { Group } from '../../../lib/groups/types';
import { useDonate } from '../api/donate';
import SectionCard from '../../../components/SectionCard';

/** 'Could not proceed your request' (spec 001 §8 "Donation / payment"). */
const MSG_FAILED = 'Could not proceed your request';

/**
 * The donation card (spec 001 §2): the group's donation options, an amount (presets or typed),
 * and Donate, which goes to the payment provider's checkout. Guests are asked to sign in.
 */
export default function DonationCard({ group }: { group: Group }) {
  const fieldId = useId();
  const navigate = useNavigate();
  const openAddress = useOpenAddress();
  const { signedIn } = useIdentity();
  const donate = useDonate();
  const options = group.donation_details ?? [];
  const [choice, setChoice] = useState(0);
  const [amount, setAmount] = useState('25');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const option = options[Math.min(choice, options.length - 1)];
  if (!hasDonations(group) || !option) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!signedIn) {
      navigate(`/login?next=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    const parsed = donationCents(amount);
    if ('error' in parsed) {
      setAmountError(parsed.error);
      return;
    }
    setAmountError(null);
    donate.mutate(
      { group_id: group.id, name: option.name, price_id: option.stripe_price_id ?? null, amount: parsed.cents },
      {
        onSuccess: (url) => openAddress(url),
        onError: (failure) => setError(serverMessage(failure) ?? MSG_FAILED),
      },
    );
  };

  return (
    <SectionCard title="Donate">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <Typography color="text.secondary">Support {group.name} with a donation.</Typography>
        {options.length > 1 ? (
          <RadioGroup
            aria-label="Donation"
            value={String(choice)}
            onChange={(event) => setChoice(Number(event.target.value))}
          >
            {options.map((item, index) => (
              <FormControlLabel
                key={item.name}
                value={String(index)}
                control={<Radio />}
                label={
                  <span>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {item.name}
                    </Typography>
                    {item.description ? (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {item.description}
                      </Typography>
                    ) : null}
                  </span>
                }
              />
            ))}
          </RadioGroup>
        ) : (
          <div>
            <Typography sx={{ fontWeight: 600 }}>{option.name}</Typography>
            {option.description && (
              <Typography variant="body2" color="text.secondary">
                {option.description}
              </Typography>
            )}
          </div>
        )}
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Amount"
          value={amount}
          onChange={(_event, value: string | null) => {
            if (value) {
              setAmount(value);
              setAmountError(null);
            }
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          {DONATION_PRESETS.map((dollars) => (
            <ToggleButton key={dollars} value={String(dollars)} aria-label={`$${dollars}`}>
              ${dollars}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ maxWidth: 240 }}>
          <PlainTextField
            id={fieldId}
            fullWidth
            label="Amount (USD)"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(amountError)}
            helperText={amountError ?? ' '}
            inputProps={{ inputMode: 'decimal' }}
            startAdornment={<InputAdornment position="start">$</InputAdornment>}
          />
        </Box>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <div>
          <Button type="submit" variant="contained" loading={donate.isPending}>
            Donate
          </Button>
        </div>
      </Stack>
    </SectionCard>
  );
}
