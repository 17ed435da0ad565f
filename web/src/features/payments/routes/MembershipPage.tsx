import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, Chip, Container, Paper, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ApiError } from '../../../lib/api/errors';
import { useIdentity } from '../../../lib/auth/identity';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { withNext } from '../../../components/shell/nextParam';
import { useOpenAddress } from '../../../lib/openAddress';
import PlanCard from '../components/PlanCard';
import MembershipCardButton from '../components/MembershipCardButton';
import MembershipDialog, { type DialogRequest } from '../components/MembershipDialog';
import {
  useCancelSubscription,
  useConfirmPayment,
  useCreateSubscription,
  useCustomerPortal,
  usePlans,
  useSubscriptionDetail,
  useUpdateSubscription,
} from '../api';
import {
  MSG_CHANGE_FAILED,
  MSG_PENDING,
  MSG_VERIFY_CARD,
  currentPlan,
  formatCents,
  formatDate,
  institutionalPlan,
  isInstitutionPlan,
  isPending,
  planAction,
  priceFor,
  runningSubscription,
  showTrialTag,
  sortPlans,
  type Interval,
  type Plan,
  type PlanAction,
} from '../planRules';

type Pending =
  | { kind: 'checkout'; plan: Plan; priceId: string }
  | { kind: 'change'; plan: Plan; priceId: string; downgrade: boolean }
  | { kind: 'cancel' };

function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : MSG_CHANGE_FAILED;
}

/** The Active Membership section: the plan's card and, beside it, what the membership is, then the membership card button. */
function ActiveMembership({ card, children }: { card: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="active-membership">
      <Typography id="active-membership" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        Active Membership
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        {card}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            {children}
            <Box>
              <MembershipCardButton />
            </Box>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}

/** Membership Plans, at /membership and /pricing (spec 002 §2 "Membership and payment", §4). */
export default function MembershipPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { signedIn, identity } = useIdentity();
  const plans = usePlans();
  const detailQuery = useSubscriptionDetail(signedIn);
  const [interval, setInterval] = useState<Interval>('year');
  const [asked, setAsked] = useState<Pending | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();
  const confirm = useConfirmPayment();
  const portal = useCustomerPortal();

  const detail = signedIn ? (detailQuery.data ?? null) : null;
  const flags = identity?.user_subscription;
  const running = runningSubscription(detail);
  const own = currentPlan(detail);
  // The institution's yearly plan, while its tier is above the member's own (§1, §4).
  const fromInstitution = institutionalPlan(flags);
  // The card actions are measured against the plan in force (effectivePlan).
  const current = fromInstitution ?? own;
  const pending = isPending(detail, flags);
  const institutional = Boolean(flags?.is_institutional_membership);
  const sorted = sortPlans(plans.data ?? []);
  const loading = plans.isPending || (signedIn && detailQuery.isPending);

  const actionFor = (plan: Plan): PlanAction => planAction(plan, interval, current, { pending, institutional, signedIn });
  const ownEntry = running && own ? sorted.find((p) => p.subscription_tier === own.tier) : undefined;
  const institutionEntry = fromInstitution ? sorted.find((p) => p.subscription_tier === fromInstitution.tier) : undefined;
  // The Active Membership block: the member's own running plan, else the institution's.
  const currentPlanEntry = ownEntry ?? institutionEntry;
  const others = currentPlanEntry ? sorted.filter((p) => p !== currentPlanEntry) : sorted;

  const goTo = useOpenAddress();

  const renew = () =>
    update.mutate(
      { is_renew: true },
      {
        onSuccess: () => enqueueSnackbar('Your membership has been renewed.', { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  const onAction = (plan: Plan) => {
    if (!signedIn) {
      navigate(withNext('/login', location));
      return;
    }
    const action = actionFor(plan);
    const price = priceFor(plan, interval);
    setDialogError(null);
    switch (action.kind) {
      case 'continue':
        navigate('/');
        return;
      case 'renew':
        renew();
        return;
      case 'downgrade':
        if (plan.subscription_tier === 0 || !price) setAsked({ kind: 'cancel' });
        else setAsked({ kind: 'change', plan, priceId: price.id, downgrade: true });
        return;
      default:
        if (!price) return;
        if (running) setAsked({ kind: 'change', plan, priceId: price.id, downgrade: false });
        else setAsked({ kind: 'checkout', plan, priceId: price.id });
    }
  };

  const dialogRequest = (ask: Pending): DialogRequest => {
    if (ask.kind === 'cancel') {
      return {
        title: 'Cancel Membership',
        message: running
          ? `Your membership stays active until ${formatDate(running.current_period_end)} and is not renewed after that. Why are you cancelling?`
          : 'Why are you cancelling?',
        confirmLabel: 'Cancel Membership',
        needsReason: true,
        discounts: [],
        destructive: true,
      };
    }
    const price = ask.plan.prices.find((p) => p.id === ask.priceId);
    const amount = price ? `${formatCents(price.price)} / ${price.recurring}` : '';
    if (ask.kind === 'checkout') {
      return {
        title: `${ask.plan.name} membership`,
        message: `You are buying the ${ask.plan.name} plan for ${amount}.${showTrialTag(ask.plan, detail, signedIn, flags) ? ` It starts with a ${ask.plan.trial_days}-day free trial.` : ''}`,
        confirmLabel: 'Continue to payment',
        needsReason: false,
        discounts: ask.plan.discounts,
        destructive: false,
      };
    }
    return {
      title: ask.downgrade ? 'Downgrade membership' : `Change to ${ask.plan.name}`,
      message: ask.downgrade
        ? `Your membership changes to ${ask.plan.name} (${amount}). Why are you downgrading?`
        : `Your membership changes to ${ask.plan.name} (${amount}) now.`,
      confirmLabel: ask.downgrade ? 'Downgrade' : 'Confirm',
      needsReason: ask.downgrade,
      discounts: [],
      destructive: false,
    };
  };

  const onConfirm = ({ reason, discountIds }: { reason: string; discountIds: number[] }) => {
    if (!asked) return;
    setDialogError(null);
    const fail = (error: unknown) => setDialogError(errorMessage(error));
    if (asked.kind === 'cancel') {
      cancel.mutate(reason, {
        onSuccess: () => {
          setAsked(null);
          enqueueSnackbar('Your membership has been cancelled.', { variant: 'success' });
        },
        onError: fail,
      });
    } else if (asked.kind === 'checkout') {
      const origin = window.location.origin;
      create.mutate(
        {
          price_id: asked.priceId,
          discount_ids: discountIds,
          success_url: `${origin}/payment/success?type=subscription`,
          cancel_url: `${origin}/payment/cancel`,
        },
        { onSuccess: goTo, onError: fail },
      );
    } else {
      update.mutate(
        { price_id: asked.priceId, ...(asked.downgrade ? { cancellation_reason: reason } : {}) },
        {
          onSuccess: () => {
            setAsked(null);
            enqueueSnackbar('Your membership has been updated.', { variant: 'success' });
          },
          onError: fail,
        },
      );
    }
  };

  // Stripe's hosted pages: the unpaid invoice while a payment is pending, else its portal.
  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: (url) => window.location.assign(url),
      onError: () => enqueueSnackbar(MSG_VERIFY_CARD, { variant: 'error' }),
    });

  const resolve = () => {
    if (detail?.provider === 'stripe') {
      openPortal();
      return;
    }
    const secret = detail?.client_secret;
    if (!secret || detail?.provider !== 'local') {
      enqueueSnackbar(MSG_VERIFY_CARD, { variant: 'error' });
      return;
    }
    confirm.mutate(secret, {
      onSuccess: () => enqueueSnackbar('Your payment is confirmed.', { variant: 'success' }),
      onError: () => enqueueSnackbar(MSG_VERIFY_CARD, { variant: 'error' }),
    });
  };

  const card = (plan: Plan, tags?: ReactNode) => (
    <PlanCard
      key={plan.id}
      plan={plan}
      interval={interval}
      action={actionFor(plan)}
      trialTag={showTrialTag(plan, detail, signedIn, flags)}
      institutionPlan={isInstitutionPlan(plan, interval, flags)}
      tags={tags}
      onAction={() => onAction(plan)}
    />
  );

  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Membership Plans
        </Typography>
        <Typography color="text.secondary">Choose a plan that fits your needs</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={interval}
          onChange={(_, value: Interval | null) => value && setInterval(value)}
          aria-label="Billing period"
          sx={{ mt: 1 }}
        >
          <ToggleButton value="month">Monthly</ToggleButton>
          <ToggleButton value="year">Yearly</ToggleButton>
        </ToggleButtonGroup>
      </Stack>

      {pending && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={resolve} loading={confirm.isPending || portal.isPending}>
              Resolve Now
            </Button>
          }
        >
          {MSG_PENDING}
        </Alert>
      )}

      {loading ? (
        <Box sx={grid} aria-busy="true" aria-label="Loading plans">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={360} />
          ))}
        </Box>
      ) : plans.isError || detailQuery.isError ? (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void plans.refetch();
                if (signedIn) void detailQuery.refetch();
              }}
            >
              Retry
            </Button>
          }
        >
          Could not load the membership plans.
        </Alert>
      ) : sorted.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          No membership plans are available.
        </Typography>
      ) : (
        <Stack spacing={4}>
          {currentPlanEntry && !(running && ownEntry) && (
            <ActiveMembership card={card(currentPlanEntry)}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {currentPlanEntry.name} membership
              </Typography>
              <Typography variant="body2">
                Your membership is provided by {flags?.institution_name || 'your institution'}.
              </Typography>
              <Typography variant="body2" color="text.secondary">
                You can upgrade to a higher plan of your own at any time.
              </Typography>
            </ActiveMembership>
          )}
          {running && ownEntry && (
            <ActiveMembership card={card(ownEntry, running.status === 'past_due' ? <Chip size="small" color="error" label="Past Due" /> : null)}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {ownEntry.name} · {formatCents(running.items.data[0]?.price.unit_amount ?? 0)} /{' '}
                {running.items.data[0]?.price.recurring.interval}
              </Typography>
              {running.discount && (
                <Typography variant="body2">
                  {running.discount.coupon.name}: {running.discount.coupon.percent_off}% off
                </Typography>
              )}
              {running.status === 'trialing' && running.trial_end != null && (
                <Typography variant="body2">
                  Your free trial ends on {formatDate(running.trial_end)}. Your membership continues automatically after
                  the trial.
                </Typography>
              )}
              {running.status === 'past_due' && (
                <Typography variant="body2" color="error">
                  Your last payment failed. Update your payment to keep your membership.
                </Typography>
              )}
              {running.cancel_at != null ? (
                <Typography variant="body2">Your membership ends on {formatDate(running.cancel_at)}.</Typography>
              ) : running.status !== 'incomplete' ? (
                <Typography variant="body2">Your membership renews on {formatDate(running.current_period_end)}.</Typography>
              ) : null}
              {running.canceled_at != null ? (
                <Box>
                  <Button variant="contained" onClick={renew} disabled={pending} loading={update.isPending}>
                    Renew
                  </Button>
                </Box>
              ) : (
                <Box>
                  <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                    Manage Membership
                  </Typography>
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={pending}
                    onClick={() => {
                      setDialogError(null);
                      setAsked({ kind: 'cancel' });
                    }}
                  >
                    Cancel Membership
                  </Button>
                  {detail?.provider === 'stripe' && (
                    <Button sx={{ ml: 1 }} variant="text" onClick={openPortal} loading={portal.isPending}>
                      Manage Billing
                    </Button>
                  )}
                </Box>
              )}
            </ActiveMembership>
          )}
          <Box component="section" aria-labelledby={currentPlanEntry ? 'other-plans' : undefined} aria-label={currentPlanEntry ? undefined : 'Plans'}>
            {currentPlanEntry && (
              <Typography id="other-plans" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
                Other Membership Plans
              </Typography>
            )}
            <Box sx={grid}>{others.map((plan) => card(plan))}</Box>
          </Box>
        </Stack>
      )}

      {asked && (
        <MembershipDialog
          request={dialogRequest(asked)}
          pending={create.isPending || update.isPending || cancel.isPending}
          error={dialogError}
          onConfirm={onConfirm}
          onClose={() => setAsked(null)}
        />
      )}
    </Container>
  );
}
