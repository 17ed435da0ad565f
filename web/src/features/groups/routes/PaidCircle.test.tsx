import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { identityHandler, recordPosts, server, signIn } from '../../../test/server';
import { identityFixture } from '../../../test/fixtures';
import { groupFixture, orgFixture } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';

const paid = groupFixture({ is_paid: true, price: '49.00', discount: 10 });

function withTierDiscount(percent: number) {
  const identity = identityFixture();
  server.use(
    identityHandler({
      ...identity,
      user_subscription: {
        applied_membership_tier: 'Professional',
        subscription_tier: 2,
        payment_status: 'confirmed',
        stripe_subscription_id: null,
        stripe_membership_recurring_duration: null,
        individual_subscription: true,
        institutional_subscription: false,
        is_institutional_membership: false,
        circle_discount_percent: percent,
        one_to_one_chat: true,
        use_ama: true,
        can_use_premium_agents: true,
        can_create_membership_card: false,
        can_view_premium_resources: true,
      },
    }),
  );
}

describe('paid circle pay card', { timeout: 20_000 }, () => {
  it("shows the member's price after the circle's and the tier's discounts and starts the checkout", async () => {
    signIn();
    withTierDiscount(20);
    serveGroups({ groups: [paid] });
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('*/api/v1/payment/create-one-time-payment/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: `${window.location.origin}/checkout/cs_local_1` });
      }),
      http.get('*/api/v1/payment/checkout/:id/', () =>
        HttpResponse.json({
          data: {
            id: 'cs_local_1', status: 'open', kind: 'payment', description: 'AI Foundations', amount: 3430, unit_amount: null,
            plan_name: null, subscription_tier: null, recurring: null, trial_days: 0, discount_name: null, discount_percent: 30,
            success_url: '/payment/success?type=payment&group=ai-foundations', cancel_url: '/circle/ai-foundations', failed_attempts: 0,
          },
        }),
      ),
    );
    renderApp('/circle/ai-foundations');
    expect(await screen.findByText('$34.30 USD')).toBeInTheDocument();
    expect(screen.getByText('30% off')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(body).toMatchObject({ entity_type: 'group', group_id: 40, success_url: '/payment/success?type=payment&group=ai-foundations' }));
    expect(await screen.findByTestId('checkout-amount')).toHaveTextContent('$34.30');
    expect(screen.getByText('Includes a 30% discount.')).toBeInTheDocument();
  });

  it('says the payment is confirmed, and shows the server’s refusal when the last seat went', async () => {
    signIn();
    serveGroups({ groups: [paid, groupFixture({ id: 41, name_slug: 'confirmed', is_paid: true, price: '20.00', membership_status: 'accepted', role: 'member', payment_status: 'confirmed' })] });
    server.use(
      http.post('*/api/v1/payment/create-one-time-payment/', () =>
        HttpResponse.json({ non_field_errors: ['Sorry, maximum members limit already reached.'] }, { status: 400 }),
      ),
    );
    renderApp('/circle/ai-foundations');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Sorry, maximum members limit already reached.')).toBeInTheDocument();
  });

  it('sends a voucher of an offline payment', async () => {
    signIn();
    serveGroups({ groups: [paid] });
    let voucher: unknown;
    server.use(
      http.post('*/api/v1/file-upload/', () =>
        HttpResponse.json({ data: { data: [{ id: 77, file: '/media/r.png', name: 'r.png', mime_type: 'image/png' }] } }),
      ),
      http.post('*/api/v1/groups/:id/payment-voucher/', async ({ request }) => {
        voucher = await request.json();
        return HttpResponse.json({
          message: 'Your voucher has been submitted. The administrators will confirm your payment.',
          membership_status: 'pending',
          payment_status: 'pending',
          waitlisted: false,
        });
      }),
    );
    renderApp('/circle/ai-foundations');
    await userEvent.click(await screen.findByRole('button', { name: 'I paid offline' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send voucher' }));
    expect(await screen.findByText('Please attach the receipt of your payment.')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Receipt'), new File(['x'], 'r.png', { type: 'image/png' }));
    await userEvent.type(screen.getByLabelText('Reference (optional)'), 'TX-42');
    await userEvent.click(screen.getByRole('button', { name: 'Send voucher' }));
    await waitFor(() => expect(voucher).toEqual({ voucher: 77, reference: 'TX-42' }));
    expect(await screen.findByText('Your voucher has been submitted. The administrators will confirm your payment.')).toBeInTheDocument();
  });
});

describe('donations', { timeout: 20_000 }, () => {
  const org = orgFixture({
    donation_details: [
      { name: 'Scholarship fund', description: 'Seats for those who cannot pay.', stripe_price_id: null },
      { name: 'General support', description: null, stripe_price_id: 'price_general' },
    ],
  });

  it('checks the amount and starts a donation to the chosen option', async () => {
    signIn();
    serveGroups({ groups: [org] });
    const bodies = recordPosts('payment/donate/', { url: '/payment/success?type=donation', data: '/payment/success?type=donation' });
    renderApp(`/org/${org.name_slug}/donate`);
    expect(await screen.findByRole('tab', { name: 'Donate' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/General support/));
    const amount = screen.getByLabelText('Amount (USD)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText('The smallest donation is $1.00')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ group_id: org.id, name: 'General support', price_id: 'price_general', amount: 4000 }),
    );
    expect(await screen.findByRole('heading', { name: 'Donation Complete' })).toBeInTheDocument();
  });
});
