/**
 * The composition root: picks adapters from the configuration and wires the event store, command
 * handlers, projections, jobs and mail together. `npm start`, the CLI and the integration tests
 * all build the product through here, so they run the same code.
 */
import pino, { type Logger } from 'pino';
import { allProjectors } from '../../projections';
import { createChangeHub, type ChangeHub } from '../api/changes';
import { CommandExecutor } from '../commands/execute';
import { billingHandlers, type BillingHandlers } from '../domain/billing/handlers';
import { codeHandlers, type CodeHandlers } from '../domain/billing/codeHandlers';
import { catalogHandlers, type CatalogHandlers } from '../domain/catalog/handlers';
// Upcasters first: reads lift old event shapes, and new events are stamped with their current version.
import '../domain/upcasters';
import { enrollmentHandlers, type EnrollmentHandlers } from '../domain/enrollment/handlers';
import { afterConversationHandlers, type AfterConversationHandlers } from '../domain/conversations/afterHandlers';
import { createPayments, type Payments } from '../integrations/payments';
import { identityHandlers, type IdentityHandlers } from '../domain/identity/handlers';
import { peopleHandlers, type PeopleHandlers } from '../domain/people/handlers';
import { createVideoProviders, type VideoProviderName, type VideoProviders } from '../integrations/video';
import { liveHandlers, type LiveHandlers } from '../domain/conversations/liveHandlers';
import { notesHandlers, type NotesHandlers } from '../domain/conversations/notesHandlers';
import { dataExportHandlers, type DataExportHandlers } from '../domain/export/handlers';
import { dataAccessHandlers, type DataAccessHandlers } from '../domain/dataAccess/handlers';
import { erasureHandlers, type ErasureHandlers } from '../domain/erasure/handlers';
import { privacySettingsHandlers, type PrivacySettingsHandlers } from '../domain/archive/privacyHandlers';
import { obligationsOf, personalReadModels, purgeOutsideTheLog, recordingKeysOf } from './erasure';
import { ssoHandlers, type SsoHandlers } from '../domain/sso/handlers';
import { speakingTimeHandlers, type SpeakingTimeHandlers } from '../domain/conversations/speakingTimeHandlers';
import { migrateLive } from '../live/store';
import { rosterPeopleByEmail } from '../../projections/lti';
import { ltiHandlers, type LtiHandlers } from '../domain/lti/handlers';
import { checkKeySet } from '../integrations/lti/keySet';
import { migrateLti } from '../integrations/lti/store';
import { ltiServices, type LtiServices } from '../integrations/lti/services';
import { ltiGradeWorker } from '../integrations/lti/grades';
import { startLiveSweeper } from '../live/sweeper';
import { createStorage, type FileStorage } from '../integrations/storage';
import { openSpeakingRecordOnAcceptance, speakingHandlers, type SpeakingHandlers } from '../domain/speaking/handlers';
import { payrollHandlers, type PayrollHandlers } from '../domain/speaking/payrollHandlers';
import { supportHandlers, type SupportHandlers } from '../domain/support/handlers';
import { payrollMonths } from '../../projections/payroll';
import { findInvitation, speakersFacts } from '../../projections/speakers';
import { coalescedLookup } from '../db/coalesce';
import { schedulingHandlers, type SchedulingHandlers } from '../domain/scheduling/handlers';
import { createMailer, type Mailer } from '../domain/notifications/mailer';
import { createConversationMail, type ConversationMail } from '../domain/conversations/mail';
import { findAddressedPeople, findPeople } from '../../projections/directory';
import { isSupportedLocale } from '../../contracts/i18n/locales';
import { findProfiles } from '../../projections/profiles';
import { remindHandlers, type RemindHandlers } from '../domain/enrollment/remindHandlers';
import { PgListener } from '../db/listener';
import { RequestLoad } from '../api/requestLoad';
import { SessionCache } from '../api/sessionCache';
import { createPool, type Pool } from '../db/pool';
import type { EventStore } from '../eventstore/port';
import { createPostgresEventStore, migrateEventStore } from '../eventstore/postgres';
import { KEYS_ERASED_CHANNEL, preparePersonalData, withPersonalData, type PersonalKeyStore } from '../eventstore/personal';
import { upgradePersonalData } from '../eventstore/personal/upgrade';
import { READ_MODEL_POOL } from '../feed/batch';
import { ProjectionRunner } from '../feed/runner';
import { ReadModelOperations } from '../feed/operations';
import { createOutboxTransport, migrateOutbox } from '../integrations/mail/outbox';
import type { MailTransport } from '../integrations/mail/port';
import { createSmtpTransport } from '../integrations/mail/smtp';
import { startJobs, type Jobs } from '../jobs';
import { createArchiveService, type ArchiveService } from '../archive';
import { migrateArchiveChunks } from '../archive/chunks';
import { migrateInstallation } from '../backup/installation';
import { RateLimiter, migrateRateLimits } from '../security/rateLimit';
import { passwordHasher } from '../security/passwords';
import { createTokenService, type TokenService } from '../api/jwt';
import type { Config } from './config';
import { resolveDatabase } from './database';
import { kurrentEventStore } from '../eventstore/kurrentdb/load';

export interface Runtime {
  config: Config;
  log: Logger;
  pool: Pool;
  databaseUrl: string;
  store: EventStore;
  /** The per-person keys of the log's personal data (docs/decisions/erasure.md). */
  personalKeys: PersonalKeyStore;
  commands: CommandExecutor;
  runner: ProjectionRunner;
  /** The job dispatcher's runner (services/jobs/dispatch.ts): running wherever jobs are worked. */
  dispatch: ProjectionRunner;
  /** Rebuild, verify and resume of read models from the back-office, recorded (issue 26). */
  readModels: ReadModelOperations;
  listener: PgListener;
  changes: ChangeHub;
  /** Open sessions this process remembers, forgotten on every sign-out notice. */
  sessions: SessionCache;
  /** The HTTP requests this process is answering now (background work yields to them). */
  requestLoad: RequestLoad;
  jobs: Jobs;
  mailTransport: MailTransport;
  /** The local mailbox, when mail goes to the local outbox (embedded default). */
  outbox: ReturnType<typeof createOutboxTransport> | null;
  mailer: Mailer;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  identity: IdentityHandlers;
  billing: BillingHandlers;
  // Courses, enrollment, payments (issue 4)
  payments: Payments;
  catalog: CatalogHandlers;
  enrollment: EnrollmentHandlers;
  codes: CodeHandlers;
  // Scheduling and conversations (issue 8)
  scheduling: SchedulingHandlers;
  /** The live room: open, sync, leave, timers, chat (issue 9). */
  live: LiveHandlers;
  /** Conversation mail and reminders (issue 8). */
  conversationMail: ConversationMail;
  /** Marking, promotions, make-up minutes, ratings (issue 10). */
  afterConversation: AfterConversationHandlers;
  /** The speaker's notes on a conversation (issue 35). */
  notes: NotesHandlers;
  /** Each participant's speaking time in a conversation (issue 35). */
  speakingTime: SpeakingTimeHandlers;
  /** The class view's Remind (issue 35). */
  reminders: RemindHandlers;
  // Speakers (issue 8)
  speaking: SpeakingHandlers;
  payroll: PayrollHandlers;
  support: SupportHandlers;
  // Profiles and onboarding (issue 8)
  storage: FileStorage;
  /** Video providers (issue 9): local always, zoom and twilio when configured. */
  video: VideoProviders;
  people: PeopleHandlers;
  /** Recordings: upload, processing, retention (issue 10). */
  archive: ArchiveService;
  /** Download my data (issue 34). */
  dataExport: DataExportHandlers;
  /** Erasure by crypto-shredding (issue 34). */
  erasure: ErasureHandlers;
  /** Admins' views of people's personal data, recorded (issue 34). */
  dataAccess: DataAccessHandlers;
  /** The school's privacy settings: the recording age threshold (issue 34). */
  privacySettings: PrivacySettingsHandlers;
  /** Tertulia as an LTI 1.3 tool: platforms, our key, launches (issue 33). */
  lti: LtiHandlers;
  /** The platforms' LTI Advantage services (rosters), called with our key. */
  ltiServices: LtiServices;
  /** Single sign-on for schools (issue 33). */
  sso: SsoHandlers;
  close(): Promise<void>;
}

export async function createRuntime(
  config: Config,
  options: { databaseUrl?: string; runProjections?: boolean; runJobs?: boolean; log?: Logger } = {},
): Promise<Runtime> {
  const log = options.log ?? pino({ level: config.logLevel, redact: ['*.password', '*.token', '*.authorization', '*.cookie'] });
  const db = options.databaseUrl ? { url: options.databaseUrl, embedded: null } : await resolveDatabase(config, log);
  const pool = createPool(db.url, 20);

  await migrateEventStore(pool);
  await migrateRateLimits(pool);
  await migrateOutbox(pool);
  await migrateLive(pool);
  await migrateArchiveChunks(pool);
  await migrateInstallation(pool);
  await migrateLti(pool);
  const personalKeys = await preparePersonalData(pool, config.authSecret);
  if (!config.kurrentdbUrl) {
    const upgraded = await upgradePersonalData(pool, personalKeys);
    if (upgraded) log.info(upgraded, 'personal data in the log encrypted (the one-off upgrade)');
  }

  const store = withPersonalData(
    config.kurrentdbUrl
      ? await kurrentEventStore(config.kurrentdbUrl)
      : createPostgresEventStore(pool, { onSubscriptionError: (error) => log.error({ err: error }, 'event subscription error') }),
    personalKeys,
  );
  const commands = new CommandExecutor(store);
  const listener = new PgListener(db.url, (e) => log.warn({ err: e }, 'listener connection lost'));
  await listener.on(KEYS_ERASED_CHANNEL, (payload) => personalKeys.forget(JSON.parse(payload)));
  // The read models' batches on connections of their own, named so the feed's horizon leaves them out.
  const readModelPool = createPool(db.url, 5, READ_MODEL_POOL);
  const runner = new ProjectionRunner(readModelPool, store, allProjectors, {
    onError: (name, error) => log.warn({ err: error, projection: name }, 'projection batch failed; retrying'),
    onFailed: (name, failure) =>
      log.error({ projection: name, failure }, 'read model stopped at an event it cannot apply; the others go on'),
    onWake: (wake) => store.onAppended(wake),
  });
  await runner.prepare();
  const changes = await createChangeHub(listener);
  const sessions = new SessionCache(listener);
  const requestLoad = new RequestLoad();
  await sessions.start();

  const outbox = config.smtpUrl ? null : createOutboxTransport(pool);
  const mailTransport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : outbox!;
  const jobs = await startJobs(db.url, log);
  // Jobs from the feed (services/jobs/dispatch.ts), in a runner of its own: it runs wherever jobs
  // are worked, whether or not this process keeps the read models.
  const dispatch = new ProjectionRunner(readModelPool, store, [jobs.dispatcher], {
    onError: (name, error) => log.warn({ err: error, projection: name }, 'job dispatch batch failed; retrying'),
    onFailed: (name, failure) => log.error({ projection: name, failure }, 'job dispatch stopped at an event it cannot act on'),
    onWake: (wake) => store.onAppended(wake),
  });
  await dispatch.prepare();
  const mailer = createMailer({
    store,
    commands,
    transport: mailTransport,
    fromAddress: config.mailFrom,
    serverSecret: config.authSecret,
    publicUrl: config.publicUrl,
    enqueue: (job) => jobs.enqueueMail(job),
  });
  // Look-ups of one turn of the event loop in one statement (reservations arriving together).
  const addressed = coalescedLookup((ids: string[]) => findAddressedPeople(pool, ids));
  const factsOf = coalescedLookup((ids: string[]) => speakersFacts(pool, ids));
  // A person's name in a mail: the display name, else given name and surname.
  const names = (p: { displayName: string | null; givenName: string | null; surname: string | null } | null | undefined) =>
    p?.displayName?.trim() || [p?.givenName, p?.surname].filter(Boolean).join(' ').trim() || null;
  // Email from the directory; name, zone and language from the profile (the directory's copy when none yet).
  const mailRecipients = async (ids: string[]) => {
    const people = await Promise.all(ids.map(addressed));
    return ids.map((id, i) => {
      const found = people[i];
      if (!found) return null;
      const { person, profile } = found;
      return {
        accountId: id,
        emailAddress: found.emailAddress,
        name: names(profile) ?? names(person),
        zone: profile?.tzIdentifier ?? person.tzIdentifier,
        locale: isSupportedLocale(profile?.locale) ? profile.locale : null,
      };
    });
  };
  const conversationMail = createConversationMail({
    commands,
    store,
    mailer,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    people: mailRecipients,
  });
  if (options.runProjections ?? config.runProjections) runner.start();
  const readModels = new ReadModelOperations({
    pool,
    readModelPool,
    store,
    runner,
    commands,
    emailOf: async (id) => (await findPeople(pool, [id])).get(id)?.emailAddress ?? null,
    testPace: config.readModelRebuildTestPace,
    onError: (error, context) => log.warn({ err: error }, context),
  });

  const identity = identityHandlers({
    commands,
    mailer,
    passwords: passwordHasher(config.passwordHashCost),
    publicUrl: config.publicUrl,
    onInvitationAccepted: openSpeakingRecordOnAcceptance,
    // `lti` is made below; a sign-in runs only once the runtime has started.
    onSignedIn: (tx, who) => lti.takeRosterPlacesOnSignIn(tx, who),
  });
  const speaking = speakingHandlers({
    commands,
    mailer,
    publicUrl: config.publicUrl,
    videoProvider: config.videoProvider,
    invitationStreamOf: async (id) => (await findInvitation(pool, id))?.stream ?? null,
  });
  const payroll = payrollHandlers({
    commands,
    currentRows: async (month) => (await payrollMonths(pool, month, month, null)).map(({ closed: _closed, ...row }) => row),
  });
  const support = supportHandlers({ commands, mailer, publicUrl: config.publicUrl });
  const storage = await createStorage(config);
  const video = createVideoProviders(config);
  video.videoProviderFor(config.videoProvider); // VIDEO_PROVIDER=zoom|twilio without its keys stops the start
  const people = peopleHandlers({ commands, storage });
  const billing = billingHandlers({ commands });
  const payments = await createPayments(config, pool);
  const catalog = catalogHandlers({ commands, mailer, publicUrl: config.publicUrl });
  const enrollment = enrollmentHandlers({
    commands,
    payments: payments.gateway,
    onError: (error, context) => log.error({ err: error }, context),
    receipts: { mailer, publicUrl: config.publicUrl },
  });
  const codes = codeHandlers({ commands });
  const scheduling = schedulingHandlers({ commands, videoProvider: config.videoProvider, speakerFacts: factsOf, conversationMail });
  const live = liveHandlers({
    commands,
    videoProvider: config.videoProvider,
    secondsPerMinute: config.conversationSecondsPerMinute,
    timers: { schedule: (job, at) => jobs.scheduleConversationTimer(job, at) },
    endRoom: async (c) => video.videoProviderFor(c.provider as VideoProviderName).endRoom(c.conversationId),
    vendorRecording: (job) => jobs.enqueueVideoRecording(job),
    onError: (error, context) => log.error({ err: error }, context),
  });
  // Addresses from the directory, languages from the profiles: one statement for the whole class.
  const reminders = remindHandlers({
    commands,
    mailer,
    publicUrl: config.publicUrl,
    recipients: async (ids) =>
      new Map(
        [...(await findAddressedPeople(pool, ids))].map(
          ([id, p]) => [id, { emailAddress: p.emailAddress, locale: p.profile?.locale ?? null }] as const,
        ),
      ),
    nameOf: async (id) => names((await findProfiles(pool, [id])).get(id)),
  });
  const afterConversation = afterConversationHandlers({
    commands,
    payments: payments.gateway,
    onError: (error, context) => log.error({ err: error }, context),
    receipts: { mailer, publicUrl: config.publicUrl },
  });
  const notes = notesHandlers({ commands, mailer, publicUrl: config.publicUrl, people: mailRecipients });
  const speakingTime = speakingTimeHandlers({ commands });
  const privacySettings = privacySettingsHandlers({ commands, store });
  const archive = createArchiveService({
    pool,
    commands,
    storage,
    privacySettings: privacySettings.settings,
    enqueueProcessing: (conversationId) => jobs.enqueueArchive(conversationId),
    enqueueFetch: (job) => jobs.enqueueArchiveFetch(job),
    onError: (error, context) => log.warn({ err: error }, context),
  });
  const dataExport = dataExportHandlers({
    commands,
    mailer,
    publicUrl: config.publicUrl,
    pool,
    store,
    storage,
    emailOf: async (id) => (await findPeople(pool, [id])).get(id)?.emailAddress ?? null,
    onError: (error, context) => log.error({ err: error }, context),
  });
  const dataAccess = dataAccessHandlers({ commands });
  const erasure = erasureHandlers({
    commands,
    store,
    keys: personalKeys,
    storage,
    graceDays: config.erasureGraceDays,
    obligationsOf: (personId) => obligationsOf(pool, personId, new Date().toISOString().slice(0, 10)),
    recordingKeysOf: (personId) => recordingKeysOf(pool, personId),
    purgeOutsideTheLog: (_personId, addresses) => purgeOutsideTheLog(pool, addresses),
    // The read models holding personal fields, rebuilt together (one read of the log), each rebuild
    // recorded by whoever asked for the erasure (services/feed/operations.ts).
    async rebuildPersonalReadModels(erasureId, requestedBy) {
      const { done } = await readModels.rebuildTogether(
        personalReadModels(allProjectors).map((p) => p.name),
        { via: 'back-office', accountId: requestedBy ?? 'system' },
        `Erasure ${erasureId}: the erased person shown as Erased user`,
      );
      await done;
    },
    schedule: (job, at) => jobs.scheduleErasure(job, at),
    onError: (error, context) => log.warn({ err: error }, context),
  });
  const lti = ltiHandlers({
    commands,
    serverSecret: config.authSecret,
    checkKeySet,
    rosterPeopleByEmail: (emailAddress) => rosterPeopleByEmail(pool, emailAddress),
  });
  const ltiServicesClient = ltiServices(() => lti.toolKey());
  const sso = ssoHandlers({ commands, pool, serverSecret: config.authSecret, publicUrl: config.publicUrl });
  let sweeper: NodeJS.Timeout | null = null;
  if (options.runJobs !== false) {
    await jobs.startArchiveWorkers({
      process: (id) => archive.process(id),
      sweep: (now) => archive.sweep(now),
      fetch: (job) => archive.providers.fetch(job),
      videoRecording: async ({ conversationId, provider, step }) => {
        const vendor = video.videoProviderFor(provider);
        await (step === 'start' ? vendor.startRecording(conversationId) : vendor.finishRecording(conversationId));
      },
    });
    await jobs.startExportWorkers((job) => dataExport.assemble(job));
    await jobs.startErasureWorkers(async (job) => void (await erasure.run(job)));
    await jobs.startLtiScoreWorkers(ltiGradeWorker({ pool, store, lti, services: ltiServicesClient, log }));
    // Archives a crash left waiting or half-processed are queued again (at most one job each).
    void archive.recover().catch((error) => log.error({ err: error }, 'queueing pending archives failed'));
    await jobs.startWorkers(mailer, conversationMail, { run: async (job) => void (await live.timer(job)) }, () => requestLoad.busy());
    dispatch.start();
    sweeper = startLiveSweeper(pool, live, log);
  }

  return {
    config,
    log,
    pool,
    databaseUrl: db.url,
    store,
    personalKeys,
    commands,
    runner,
    dispatch,
    readModels,
    listener,
    changes,
    sessions,
    requestLoad,
    jobs,
    mailTransport,
    outbox,
    mailer,
    tokens: createTokenService(config.authSecret),
    rateLimiter: new RateLimiter(pool, config.rateLimits),
    identity,
    billing,
    payments,
    catalog,
    enrollment,
    codes,
    scheduling,
    live,
    conversationMail,
    afterConversation,
    notes,
    speakingTime,
    reminders,
    speaking,
    payroll,
    support,
    storage,
    video,
    people,
    archive,
    dataExport,
    erasure,
    dataAccess,
    privacySettings,
    lti,
    ltiServices: ltiServicesClient,
    sso,
    async close() {
      if (sweeper) clearInterval(sweeper);
      await readModels.stop();
      await runner.stop();
      await dispatch.stop();
      await jobs.stop().catch(() => {});
      await store.close();
      await listener.close();
      await readModelPool.end();
      await pool.end();
      await db.embedded?.stop();
    },
  };
}

/** Where every read model and the job dispatcher stand (readiness, metrics): a stopped dispatcher stops mail. */
export async function projectionStatuses(runtime: Pick<Runtime, 'runner' | 'dispatch'>) {
  return [...(await runtime.runner.status()), ...(await runtime.dispatch.status())];
}
