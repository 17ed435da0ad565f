import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatCents, priceFor, type Interval, type Plan, type PlanAction } from '../planRules';

interface Props {
  plan: Plan;
  interval: Interval;
  action: PlanAction;
  trialTag: boolean;
  institutionPlan: boolean;
  /** Extra tags (Past Due). */
  tags?: ReactNode;
  onAction: () => void;
}

/** One plan: name, price for the chosen interval, features, and its action (spec 002 §4). */
export default function PlanCard({ plan, interval, action, trialTag, institutionPlan, tags, onAction }: Props) {
  const price = priceFor(plan, interval);
  const headingId = `plan-${plan.id}-name`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1, minHeight: 24 }}>
          {action.current && <Chip size="small" color="primary" label="Current Plan" />}
          {institutionPlan && <Chip size="small" color="secondary" label="Your Institution's Plan" />}
          {trialTag && <Chip size="small" color="success" variant="outlined" label={`${plan.trial_days}-day free trial`} />}
          {tags}
        </Stack>
        <Typography id={headingId} variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          {plan.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {plan.description}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {price ? formatCents(price.price) : formatCents(0)}
          <Typography component="span" variant="body2" color="text.secondary">
            {price ? ` / ${interval}` : ''}
          </Typography>
        </Typography>
        <Box component="ul" sx={{ pl: 0, listStyle: 'none', mt: 2, mb: 0 }}>
          {plan.included_features.map((feature) => (
            <Typography component="li" variant="body2" key={`in-${feature}`} sx={{ py: 0.25 }}>
              <Box component="span" aria-hidden sx={{ color: 'success.main', mr: 1 }}>
                ✓
              </Box>
              {feature}
            </Typography>
          ))}
          {plan.excluded_features.map((feature) => (
            <Typography component="li" variant="body2" color="text.secondary" key={`out-${feature}`} sx={{ py: 0.25 }}>
              <Box component="span" aria-hidden sx={{ mr: 1 }}>
                ✗
              </Box>
              <Box component="span" sx={{ textDecoration: 'line-through' }}>
                {feature}
              </Box>
              <Box component="span" sx={{ position: 'absolute', left: -9999 }}>
                {' '}
                (not included)
              </Box>
            </Typography>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button
          fullWidth
          variant={action.kind === 'continue' ? 'outlined' : 'contained'}
          disabled={action.disabled}
          onClick={onAction}
          aria-label={`${action.label} ${plan.name}`}
        >
          {action.label}
        </Button>
      </CardActions>
    </Card>
  );
}
