/**
 * Development-only surfaces and the production start's rules (issue 27). Outside production every
 * surface is on as before (the embedded default needs no account anywhere). With NODE_ENV=production
 * each is off unless DEV_SURFACES names it, and a start whose configuration would leave a hole
 * refuses to start instead of shipping the development default by accident:
 *
 * - `mailbox`: the local mailbox at /dev/mailbox (every mail, password resets included). Without
 *   SMTP_URL mail would go nowhere, so production needs SMTP_URL or this named.
 * - `local-payments`: the local test-mode card gateway. Production needs STRIPE_SECRET_KEY or this.
 * - `open-metrics`: /metrics without a token. Production needs METRICS_TOKEN or this.
 * - `graphiql`, `introspection`: off in production unless named.
 */
export const DEV_SURFACES = ['mailbox', 'local-payments', 'open-metrics', 'graphiql', 'introspection'] as const;
export type DevSurface = (typeof DEV_SURFACES)[number];

export interface Surfaces {
  /** /dev/mailbox is mounted (it answers loopback clients only: services/integrations/mail/mailboxPage.ts). */
  mailbox: boolean;
  localPayments: boolean;
  openMetrics: boolean;
  graphiql: boolean;
  introspection: boolean;
}

/** DEV_SURFACES: a comma-separated list of the names above; anything else stops the start. */
export function parseDevSurfaces(value: string | undefined): Set<DevSurface> {
  const names = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(DEV_SURFACES as readonly string[]).includes(name))
      throw new Error(`DEV_SURFACES: unknown surface '${name}' (known: ${DEV_SURFACES.join(', ')}).`);
  }
  return new Set(names as DevSurface[]);
}

/**
 * What is on for this configuration, or an error naming every missing setting of a production
 * start (all at once, so one try shows the whole list).
 */
export function surfacesOf(config: {
  production: boolean;
  devSurfaces: Set<DevSurface>;
  smtpUrl: string | null;
  stripeSecretKey: string | null;
  metricsToken: string | null;
}): Surfaces {
  const allowed = (name: DevSurface) => !config.production || config.devSurfaces.has(name);
  if (config.production) {
    const missing = [
      !config.smtpUrl && !allowed('mailbox') && 'SMTP_URL (mail would go nowhere; DEV_SURFACES=mailbox keeps it in the local mailbox)',
      !config.stripeSecretKey &&
        !allowed('local-payments') &&
        'STRIPE_SECRET_KEY (the local test-mode card gateway is off in production; DEV_SURFACES=local-payments keeps it)',
      !config.metricsToken &&
        !allowed('open-metrics') &&
        'METRICS_TOKEN (/metrics would answer anyone; DEV_SURFACES=open-metrics keeps it open)',
    ].filter(Boolean);
    if (missing.length) throw new Error(`NODE_ENV=production needs:\n  - ${missing.join('\n  - ')}`);
  }
  return {
    mailbox: !config.smtpUrl && allowed('mailbox'),
    localPayments: !config.stripeSecretKey && allowed('local-payments'),
    openMetrics: !config.metricsToken && allowed('open-metrics'),
    graphiql: allowed('graphiql'),
    introspection: allowed('introspection'),
  };
}

/** The start's printed summary of what is on (scripts/start.ts). */
export function surfacesSummary(config: { production: boolean; publicUrl: string; corsOrigins: string[] }, surfaces: Surfaces): string[] {
  const onOff = (on: boolean) => (on ? 'ON ' : 'off');
  return [
    `Mode: ${config.production ? 'production (development-only surfaces off unless DEV_SURFACES names them)' : 'development'}`,
    `  ${onOff(surfaces.mailbox)} local mailbox /dev/mailbox (loopback clients only)${surfaces.mailbox ? '' : ': mail goes out through SMTP_URL'}`,
    `  ${onOff(surfaces.localPayments)} local test-mode card gateway${surfaces.localPayments ? '' : ': cards through Stripe'}`,
    `  ${onOff(surfaces.openMetrics)} /metrics without a token${surfaces.openMetrics ? '' : ': METRICS_TOKEN required'}`,
    `  ${onOff(surfaces.graphiql)} GraphiQL at /graphql`,
    `  ${onOff(surfaces.introspection)} GraphQL introspection`,
    `  CORS: ${[new URL(config.publicUrl).origin, ...config.corsOrigins].join(', ')} (credentials for these only)`,
  ];
}
