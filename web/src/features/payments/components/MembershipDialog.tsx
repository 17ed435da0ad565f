import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  TextField,
} from '@mui/material';
import RichText from '../../../components/RichText';
import { discountLabel, reasonError, type Discount } from '../planRules';

export interface DialogRequest {
  title: string;
  message: string;
  confirmLabel: string;
  /** Cancelling and downgrading ask for a reason ('Specify the reason'). */
  needsReason: boolean;
  /** Self-declared discounts offered before a checkout. */
  discounts: Discount[];
  destructive: boolean;
}

interface Props {
  request: DialogRequest;
  pending: boolean;
  error: string | null;
  onConfirm: (answer: { reason: string; discountIds: number[] }) => void;
  onClose: () => void;
}

/** The question before a membership change: a reason, or the discounts one is eligible to. */
export default function MembershipDialog({ request, pending, error, onConfirm, onClose }: Props) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const reasonMessage = request.needsReason && touched ? reasonError(reason) : null;

  const submit = () => {
    setTouched(true);
    if (request.needsReason && reasonError(reason)) return;
    onConfirm({ reason: reason.trim(), discountIds: chosen });
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{request.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{request.message}</DialogContentText>
          {request.needsReason && (
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={3}
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched(true)}
              error={Boolean(reasonMessage)}
              helperText={reasonMessage ?? ' '}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          )}
          {request.discounts.length > 0 && (
            <FormGroup>
              {request.discounts.map((discount) => (
                <div key={discount.id}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={chosen.includes(discount.id)}
                        onChange={(_, checked) =>
                          setChosen((now) => (checked ? [...now, discount.id] : now.filter((id) => id !== discount.id)))
                        }
                      />
                    }
                    label={`${discountLabel(discount)} (${discount.discount_percentage}% off)`}
                  />
                  {discount.description && <RichText html={discount.description} sx={{ ml: 4, color: 'text.secondary', fontSize: 14 }} />}
                </div>
              ))}
            </FormGroup>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            Close
          </Button>
          <Button type="submit" variant="contained" color={request.destructive ? 'error' : 'primary'} loading={pending}>
            {request.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
