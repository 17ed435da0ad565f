import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { identityHandler, server, signIn } from '../../test/server';
import { identityFixture } from '../../test/fixtures';
import type { Plan, SubscriptionDetail, UserSubscription } from './planRules';
import { planFixture } from './testing';

function plan(tier: number, name: string, trial = 0): Plan {
  return planFixture(tier, {
    id: tier + 1,
    name,
    description: `${name} plan`,
    trial_days: trial,
    included_features: [`${name} feature`],
  });
}

const PLANS = [plan(2, 'Professional'), plan(0, 'Free'), plan(1, 'Explorer', 14)];

function trialing(): SubscriptionDetail {
  return {
    id: 'sub_1',
    status: 'trialing',
    items: {
      data: [
        {
          price: {
            id: 'p_2_year',
            unit_amount: 20000,
            recurring: { interval: 'year' },
            metadata: { subscription_tier: '2', plan_name: 'Professional' },
          },
        },
      ],
    },
    trial_end: Date.UTC(2027, 0, 9) / 1000,
    current_period_end: Date.UTC(2027, 0, 9) / 1000,
    cancel_at_period_end: false,
    provider: 'local',
  };
}

function serve(detail: SubscriptionDetail | null) {
  const sent: unknown[] = [];
  server.use(
    http.get('*/api/v1/subscription-plans/', () => HttpResponse.json({ data: PLANS })),
    http.get('*/api/v1/subscription-detail/', () => HttpResponse.json({ data: detail })),
    http.post('*/api/v1/payment/update-subscription/', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ data: detail });
    }),
  );
  return sent;
}

/** Signs in on the Professional tier with an institution's membership too (University of Lagos), `own` telling the member's own part. */
function signInProfessionalWithInstitution(
  own: Pick<UserSubscription, 'payment_status' | 'individual_subscription' | 'institutional_subscription_tier' | 'is_institutional_membership'>,
) {
  signIn();
  server.use(
    identityHandler(
      identityFixture({
        user_subscription: {
          applied_membership_tier: 'Professional',
          subscription_tier: 2,
          institutional_subscription: true,
          institution_name: 'University of Lagos',
          circle_discount_percent: 20,
          use_ama: true,
          one_to_one_chat: true,
          can_use_premium_agents: true,
          can_create_membership_card: false,
          can_view_premium_resources: true,
          ...own,
        },
      }),
    ),
  );
}

describe('Membership Plans', { timeout: 30_000 }, () => {
  it('shows the trialing membership, the other plans by tier, and asks a reason to downgrade', async () => {
    signIn();
    server.use(identityHandler(identityFixture()));
    const sent = serve(trialing());
    renderApp('/membership');
    const active = await screen.findByRole('region', { name: 'Active Membership' });
    expect(within(active).getByText('Current Plan')).toBeInTheDocument();
    expect(within(active).getByText(/Your free trial ends on 9 January 2027/)).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Cancel Membership' })).toBeEnabled();
    const others = screen.getByRole('region', { name: 'Other Membership Plans' });
    expect(within(others).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Free', 'Explorer']);
    // Had a subscription: no trial tag.
    expect(screen.queryByText('14-day free trial')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Switch Professional' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Downgrade Explorer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Downgrade' }));
    expect(within(dialog).getByText('Specify the reason')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Too much');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Downgrade' }));
    await waitFor(() => expect(sent).toEqual([{ price_id: 'p_1_month', cancellation_reason: 'Too much' }]));
  });

  it('a pending payment disables every action and offers Resolve Now', async () => {
    signIn();
    server.use(identityHandler(identityFixture()));
    serve({ ...trialing(), status: 'incomplete', trial_end: null, client_secret: 'cs_local_1' });
    renderApp('/membership');
    expect(await screen.findByText('Your payment status is pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolve Now' })).toBeEnabled();
    for (const name of ['Downgrade Free', 'Downgrade Explorer']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('with Stripe, Resolve Now opens the hosted invoice page, and says so when it cannot', async () => {
    signIn();
    server.use(identityHandler(identityFixture()));
    serve({ ...trialing(), status: 'incomplete', trial_end: null, provider: 'stripe' });
    let asked = 0;
    server.use(
      http.post('*/api/v1/payment/create-customer-portal-session/', () => {
        asked += 1;
        return HttpResponse.json({ detail: 'Could not proceed your request' }, { status: 502 });
      }),
    );
    renderApp('/membership');
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve Now' }));
    expect(await screen.findByText('Could not verify your card')).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it("an institution's member sees its yearly plan as theirs and cannot Downgrade or Switch", async () => {
    signInProfessionalWithInstitution({ payment_status: null, individual_subscription: false, institutional_subscription_tier: 2, is_institutional_membership: true });
    serve(null);
    renderApp('/membership');
    const active = await screen.findByRole('region', { name: 'Active Membership' });
    const professional = within(active).getByRole('region', { name: 'Professional' });
    expect(within(professional).getByText("Your Institution's Plan")).toBeInTheDocument();
    expect(within(professional).getByText('Current Plan')).toBeInTheDocument();
    expect(within(active).getByText('Your membership is provided by University of Lagos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue Professional' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Downgrade Explorer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Downgrade Free' })).toBeDisabled();
    // No own subscription yet: the trial tag still shows.
    expect(screen.getByText('14-day free trial')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Switch Professional' })).toBeDisabled();
    // The badge marks the yearly plan only.
    expect(screen.queryByText("Your Institution's Plan")).not.toBeInTheDocument();
  });

  it("with a higher own plan, the badge stays on the institution's yearly plan and nothing is locked", async () => {
    signInProfessionalWithInstitution({ payment_status: 'confirmed', individual_subscription: true, institutional_subscription_tier: 1, is_institutional_membership: false });
    serve({ ...trialing(), status: 'active', trial_end: null });
    renderApp('/membership');
    const others = await screen.findByRole('region', { name: 'Other Membership Plans' });
    const explorer = within(others).getByRole('region', { name: 'Explorer' });
    expect(within(explorer).getByText("Your Institution's Plan")).toBeInTheDocument();
    expect(within(explorer).queryByText('14-day free trial')).not.toBeInTheDocument();
    expect(within(explorer).getByRole('button', { name: 'Downgrade Explorer' })).toBeEnabled();
    const active = screen.getByRole('region', { name: 'Active Membership' });
    expect(within(active).queryByText("Your Institution's Plan")).not.toBeInTheDocument();
  });

  it('guests see the plans with the trial tag, yearly first', async () => {
    serve(null);
    renderApp('/pricing');
    expect(await screen.findByRole('heading', { name: 'Membership Plans', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Choose a plan that fits your needs')).toBeInTheDocument();
    expect(await screen.findByText('14-day free trial')).toBeInTheDocument();
    expect(screen.getByText('$200.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue Free' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade Explorer' })).toBeEnabled();
    // Only signed-in members have a current plan.
    expect(screen.queryByText('Current Plan')).not.toBeInTheDocument();
  });
});
