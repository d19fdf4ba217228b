/**
 * Picks the payment adapter from the configuration: Stripe when STRIPE_SECRET_KEY is set, else the
 * local gateway (embedded default), whose tables are migrated here.
 */
import type pg from 'pg';
import type { Config } from '../../app/config';
import { createLocalGateway, migrateLocalGateway, type LocalGateway } from './local';
import type { PaymentGateway } from './port';
import { createStripeGateway, type StripeGateway } from './stripe';

export interface Payments {
  gateway: PaymentGateway;
  /** Set on the embedded default: its HTTP endpoints are mounted by the server. */
  local: LocalGateway | null;
  stripe: StripeGateway | null;
}

export async function createPayments(config: Config, pool: pg.Pool): Promise<Payments> {
  if (config.stripeSecretKey) {
    const stripe = createStripeGateway({
      secretKey: config.stripeSecretKey,
      publishableKey: config.stripePublishableKey,
      webhookSecret: config.stripeWebhookSecret,
    });
    return { gateway: stripe, local: null, stripe };
  }
  // Off in production unless DEV_SURFACES names it (services/app/surfaces.ts refuses such a start first).
  if (!config.surfaces.localPayments) throw new Error('The local test-mode card gateway is off here: set STRIPE_SECRET_KEY.');
  await migrateLocalGateway(pool);
  const local = createLocalGateway(pool, { publicUrl: config.publicUrl });
  return { gateway: local, local, stripe: null };
}
