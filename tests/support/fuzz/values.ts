/**
 * The raw material of the API fuzz: hostile and plausible values, as fast-check arbitraries.
 * Nothing here knows an operation: arguments are matched by their GraphQL type and, for plausible
 * values, by a hint from their name (emailAddress, inviteNumber, cursor, ...). See schema.ts.
 */
import fc from 'fast-check';

/** Real values from the seeded data, so that some calls get past "not found" and write. */
export interface FuzzPools {
  /** Every seeded id: accounts, courses, plans, sets, codes, notifications, templates, payments. */
  ids: string[];
  /** The same ids by kind (account, course, pricingPlan, redemptionSet, ...), for arguments whose name says which. */
  idsByKind: Record<string, string[]>;
  emails: string[];
  passwords: string[];
  inviteNumbers: string[];
  /** Redemption code values as shown (without the version prefix). */
  codes: string[];
  /** Local gateway card tokens (single use: the first good use spends them). */
  cardTokens: string[];
  /** Real end cursors of the admin lists. */
  cursors: string[];
  /** Names and words that exist in the data (course names, set names, schools). */
  words: string[];
  /** Field paths of the schema's object types with `_` for `.` (what connection filters and sorts take). */
  fieldPaths: string[];
}

export const LONG_LENGTH = 100_000;
const LONG = 'x'.repeat(LONG_LENGTH);

/** Strings that broke, or could break, a layer somewhere between the API and the database. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n\r  ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDFFF\uDFFF',
  '\uFFFE\uFFFF',
  '%',
  '%%',
  '_',
  '__',
  '%_%',
  "'",
  "''",
  '\\',
  '\\\\%',
  "'; DROP TABLE events; --",
  "' OR '1'='1",
  '"',
  '`',
  '$1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant as plain text
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '0',
  '-1',
  '1e309',
  '99999999999999999999999',
  '2147483648',
  '-2147483649',
  'true',
  '{}',
  '[]',
  '{"a":1}',
  'Ñandú 日本語 🎉 café',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\uFEFF',
  'e\u0301\u0301\u0301',
  '🏳️‍🌈👩‍👩‍👧‍👦',
  '\u0007\u0008\u001B[31m',
  'a'.repeat(255),
  'a'.repeat(256),
  'é'.repeat(1025),
  LONG,
  `${'\u0000'}${LONG}`,
];

/** Pieces appended to or put in front of plausible values (an email with a NUL, a long name). */
export const HOSTILE_FRAGMENTS: readonly string[] = ['\u0000', '\uD800', '%', '_', "'", '\\', ' ', '\n', '🎉', LONG, 'x'.repeat(1001)];

/** The ends of GraphQL's Int, which overflow a 32-bit column as soon as anything is added. */
export const EDGE_INTS: readonly number[] = [2147483647, -2147483648, 2147483646, -2147483647];
export const EXTREME_INTS: readonly number[] = [0, 1, -1, 2, 15, 30, 60, 9, 10, 100, 1_000_000, -1_000_000, 1_000_001, 99_999, 100_001];

export const int = (): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...EDGE_INTS) },
    { weight: 3, arbitrary: fc.constantFrom(...EXTREME_INTS) },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 120 }) },
    { weight: 1, arbitrary: fc.integer() },
  );

export const float = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(0, -0, 1, -1, 0.5, 1e308, -1e308, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER, 2147483648.5),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

/** Any UTF-16 code units, lone surrogates and controls included. */
const codeUnits = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength });

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: codeUnits(24) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
  );

/** A plausible value spoiled: a hostile fragment before, after or inside it. */
export const spoiled = (plausible: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(plausible, fc.constantFrom(...HOSTILE_FRAGMENTS), fc.constantFrom('before', 'after', 'inside')).map(([value, bad, where]) => {
    if (where === 'before') return bad + value;
    if (where === 'after') return value + bad;
    const middle = Math.floor(value.length / 2);
    return value.slice(0, middle) + bad + value.slice(middle);
  });

const pick = <T>(values: readonly T[], fallback: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  values.length ? fc.constantFrom(...values) : fallback;

const DAY = 86_400_000;
/** Dates relative to the start of the run (a fixed base per run, so seeded courses stay current). */
export const BASE_TIME = Date.now();
const isoDay = (offsetDays: number) => new Date(BASE_TIME + offsetDays * DAY).toISOString().slice(0, 10);
const isoInstant = (offsetDays: number) => new Date(BASE_TIME + offsetDays * DAY).toISOString();

/** Date-like strings, well formed and not, for DateTime, Date and any date-ish argument. */
export const dateString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: -400, max: 400 }).map(isoInstant) },
    { weight: 3, arbitrary: fc.integer({ min: -400, max: 400 }).map(isoDay) },
    { weight: 1, arbitrary: fc.integer({ min: -400, max: 400 }).map((d) => `${isoDay(d)}T12:00:00+14:00`) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '2026-11-23',
        '2026-11-23T00:00:00Z',
        '2026-11-23T00:00:00-05:00',
        '2026-02-30',
        '2026-13-01',
        '2026-00-10',
        '2026-1-1',
        '0000-00-00',
        '0001-01-01',
        '9999-12-31',
        '9999-12-31T23:59:59.999Z',
        '+275760-09-13T00:00:00.000Z',
        '+275760-09-14T00:00:00.000Z',
        '-000001-01-01T00:00:00Z',
        '1970-01-01T00:00:00Z',
        '2038-01-19T03:14:08Z',
        '2026-11-23T25:61:61Z',
        '2026-11-23 10:00',
        'Nov 23, 2026',
        '23/11/2026',
        '1764000000',
        'now',
        'today',
        '',
      ),
    },
  );

/** A value for a scalar this file does not know (DateTime, Date, JSON...): mostly strings, sometimes other JSON. */
export const customScalar = (name: string): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: /date|time/i.test(name) ? 8 : 2, arbitrary: dateString() },
    { weight: 3, arbitrary: hostileString() },
    {
      weight: 1,
      arbitrary: fc.oneof(int(), float(), fc.boolean(), fc.constant({}), fc.constant([]), fc.constant({ $date: '2026-11-23' })),
    },
  );

/** startDate, dueOn, createdAt, time zone aside: names that hold a day or an instant. */
const isDateName = (name: string) => /date|time(?!zone)/i.test(name) || /[a-z](On|At)$/.test(name);

const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ'.split('');
const PREDICATES = ['eq', 'not_eq', 'lt', 'gt', 'lteq', 'gteq', 'matches', 'like', 'EQ', 'in', ''];

/** Base64url of JSON: how cursors usually look, with contents a client should never send. */
const forgedCursor = (): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.constantFrom<unknown>(
        [],
        {},
        null,
        ['x'],
        [1, 'not-a-uuid'],
        ['2026-99-99', 'x'],
        { k: [1e20], id: "'" },
        [{ $ne: 1 }],
        ['\u0000'],
        [-1],
        [2147483648, '1e400'],
      ),
      fc.jsonValue({ maxDepth: 2 }),
    )
    .map((v) => Buffer.from(JSON.stringify(v)).toString('base64url'));

/**
 * Plausible strings for an argument, chosen by a hint from its name (lower case). The values
 * come from the seeded data where the name says what it is.
 */
export function plausibleString(name: string, pools: FuzzPools): fc.Arbitrary<string> {
  const n = name.toLowerCase();
  const anyWord = pick(pools.words, fc.constant('Spanish'));
  const freshEmail = fc.integer({ min: 0, max: 99_999 }).map((i) => `fuzz-${i}@example.com`);
  if (n.includes('email')) {
    return fc.oneof(
      { weight: 4, arbitrary: pick(pools.emails, freshEmail) },
      { weight: 3, arbitrary: freshEmail },
      { weight: 1, arbitrary: pick(pools.emails, freshEmail).map((e) => e.toUpperCase()) },
      { weight: 1, arbitrary: pick(pools.emails, freshEmail).map((e) => ` ${e} `) },
      { weight: 1, arbitrary: fc.emailAddress() },
      {
        weight: 1,
        arbitrary: fc.constantFrom('not-an-email', '@example.com', 'a@', 'a@b', 'a@@example.com', `${'a'.repeat(250)}@example.com`),
      },
    );
  }
  if (n.includes('password')) {
    return fc.oneof(
      { weight: 6, arbitrary: pick(pools.passwords, fc.constant('Passw0rd!')) },
      { weight: 1, arbitrary: fc.constantFrom('short', 'password', 'Passw0rd!', 'P'.repeat(129), 'P'.repeat(10_000)) },
    );
  }
  if (n.includes('invite')) {
    return fc.oneof(
      { weight: 4, arbitrary: pick(pools.inviteNumbers, fc.constant('123456')) },
      fc.integer({ min: 0, max: 999_999 }).map((i) => String(i).padStart(6, '0')),
      fc.constantFrom('000000', '999999', '12345', '1234567', 'ABCDEF', ' 123456 ', '12 34 56', '-12345', '1e5'),
    );
  }
  if (n === 'code' || n.endsWith('code')) {
    const real = pick(pools.codes, fc.constant('ABCDEFGHJK'));
    return fc.oneof(
      { weight: 3, arbitrary: real },
      real.map((c) => `${c.slice(0, 5)} ${c.slice(5)}`.toLowerCase()),
      real.map((c) => `v1${c}`),
      fc.array(fc.constantFrom(...CODE_LETTERS), { minLength: 10, maxLength: 10 }).map((l) => l.join('')),
      fc.constantFrom('', 'ABC', 'O0O0O0O0O0', 'A'.repeat(100)),
    );
  }
  if (n.includes('token')) {
    return fc.oneof(
      { weight: 3, arbitrary: pick(pools.cardTokens, fc.constant('tok_local_x')) },
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'.split('')), minLength: 8, maxLength: 32 }).map((h) => `tok_local_${h}`),
      fc.constantFrom(
        'pm_card_visa',
        'tok_visa',
        'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        'eyJhbGciOiJIUzI1NiJ9.e30.AAAA',
        'tok_local_',
        '',
      ),
    );
  }
  if (n === 'before' || n === 'after' || n.includes('cursor')) {
    return fc.oneof(
      { weight: 3, arbitrary: pick(pools.cursors, forgedCursor()) },
      { weight: 3, arbitrary: tamperedCursor(pools) },
      forgedCursor(),
      fc.base64String({ maxLength: 40 }),
      fc.constantFrom('not a cursor', '====', 'W10', 'bnVsbA'),
    );
  }
  if (n === 'field' || n.endsWith('field'))
    return fc.oneof(
      { weight: 4, arbitrary: pick(pools.fieldPaths, fc.constant('createdAt')) },
      { weight: 1, arbitrary: fc.constantFrom('created_at', 'id; DROP', 'account.roles', 'password_hash', '__proto__', 'constructor') },
    );
  if (n.includes('predicate')) return fc.constantFrom(...PREDICATES);
  if (n === 'value' || n.endsWith('value')) {
    return fc.oneof(
      dateString(),
      fc.integer().map(String),
      fc.constantFrom(
        '1',
        '0',
        '-1',
        '2147483648',
        '99999999999999999999',
        '1.5',
        'true',
        'false',
        'STUDENT',
        'NotificationSent',
        '%a%',
        '%',
      ),
      pick(pools.emails, fc.constant('a@example.com')),
      pick(pools.ids, fc.uuid()),
      pick(pools.codes, fc.constant('ABCDEFGHJK')),
      anyWord,
    );
  }
  if (n.includes('language'))
    return fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('es', 'en', 'fr', 'de') },
      { weight: 1, arbitrary: fc.constantFrom('xx', 'ES', 'es-MX', 'español', 'zz-ZZ') },
    );
  if (n.includes('search') || n === 'query' || n === 'q')
    return fc.oneof(
      anyWord,
      pick(pools.emails, fc.constant('a@example.com')),
      fc.constantFrom('fuzz', 'Spanish', 'a', 'ab', '%%', '__', '% %', 'example.com'),
    );
  if (isDateName(name)) return dateString();
  if (n.includes('zone') || n.startsWith('tz'))
    return fc.constantFrom('America/New_York', 'Europe/Madrid', 'UTC', 'Mars/Olympus', '+05:00', '');
  return fc.oneof(
    anyWord,
    fc.constantFrom('Spanish 101', 'Fuzz course', 'Lincoln High', 'free minutes', 'x', 'abc'),
    fc.lorem({ maxCount: 3 }),
  );
}

/** Plausible numbers for an Int argument, by a hint from its name. */
export function plausibleInt(name: string): fc.Arbitrary<number> {
  const n = name.toLowerCase();
  if (n.includes('duration'))
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(15, 30) }, { weight: 1, arbitrary: fc.constantFrom(0, 20, 45, 60) });
  if (n.includes('minutes')) return fc.oneof(fc.integer({ min: -120, max: 120 }), fc.constantFrom(15, 60, -15));
  if (n.includes('extra')) return fc.integer({ min: 0, max: 10 });
  if (n === 'first' || n === 'last') return fc.integer({ min: 0, max: 25 });
  return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 10 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 200 }) });
}

/** Plausible values for a scalar this file does not know: a day for a `Date`, an instant for a `DateTime`, else a word. */
export function plausibleScalar(name: string): fc.Arbitrary<unknown> {
  const offset = fc.integer({ min: -30, max: 200 });
  if (/time/i.test(name)) return offset.map(isoInstant);
  if (/date/i.test(name)) return offset.map(isoDay);
  return fc.constantFrom('x', 'Spanish', '1');
}

/** Names that say an account's id under another word. */
const ACCOUNT_WORDS = ['account', 'user', 'owner', 'student', 'instructor', 'speaker', 'recipient', 'redeemedby', 'createdby'];

/** The seeded ids an argument's name asks for: `courseId` the courses, `userId` the accounts, `id` any. */
export function idsFor(name: string, pools: FuzzPools): string[] {
  const word = name.replace(/Ids?$/, '').toLowerCase();
  if (!word) return pools.ids;
  if (ACCOUNT_WORDS.some((w) => word.startsWith(w))) return pools.idsByKind.account ?? pools.ids;
  const kind = Object.keys(pools.idsByKind).find((k) => k.toLowerCase() === word || word.startsWith(k.toLowerCase()));
  return kind ? pools.idsByKind[kind] : pools.ids;
}

/** Plausible values for an ID argument: ids that exist (of the kind its name says), ids that could, and ids that could not. */
export function plausibleId(name: string, pools: FuzzPools): fc.Arbitrary<string> {
  const matching = idsFor(name, pools);
  return fc.oneof(
    { weight: 8, arbitrary: pick(matching, fc.uuid()) },
    { weight: 2, arbitrary: pick(pools.ids, fc.uuid()) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: pick(matching, fc.uuid()).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: pick(matching, fc.uuid()).map((id) => `account-${id}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '0',
        '1',
        '-1',
        '9223372036854775808',
        '00000000-0000-0000-0000-000000000000',
        'not-a-uuid',
        'ffffffff-ffff-ffff-ffff-ffffffffffffff',
      ),
    },
  );
}

/**
 * One ordinary value per argument name, for the edge sweep: the base around the one leaf it
 * spoils. Each email is fresh (sign-ups must not collide); ids are the last seeded of their kind
 * (for accounts, an account no caller uses).
 */
export function canonicalString(name: string, scalar: string, pools: FuzzPools, fresh: () => number): string {
  const n = name.toLowerCase();
  if (scalar === 'ID' || /Id$/.test(name)) return idsFor(name, pools).at(-1) ?? '00000000-0000-0000-0000-000000000000';
  if (n.includes('email')) return `fuzz-sweep-${fresh()}@example.com`;
  if (n.includes('password')) return pools.passwords[0] ?? 'Passw0rd!';
  if (n.includes('invite')) return pools.inviteNumbers[0] ?? '123456';
  if (n === 'code' || n.endsWith('code')) return pools.codes.at(-1) ?? 'ABCDEFGHJK';
  if (n.includes('token')) return 'tok_local_0000000000000000';
  if (n === 'before' || n === 'after' || n.includes('cursor')) return pools.cursors[0] ?? 'W10';
  if (n === 'field' || n.endsWith('field')) return pools.fieldPaths[0] ?? 'createdAt';
  if (n.includes('predicate')) return 'eq';
  if (n.includes('language')) return 'es';
  if (n.includes('search')) return 'fuzz';
  if (isDateName(name)) return n.includes('end') ? isoDay(60) : isoDay(1);
  return 'Fuzz sweep';
}

export function canonicalInt(name: string): number {
  const n = name.toLowerCase();
  if (n.includes('duration')) return 15;
  if (n.includes('minutes')) return 15;
  if (n.includes('extra')) return 1;
  if (n === 'first' || n === 'last') return 5;
  return 3;
}

export function canonicalScalar(name: string, hint: string): unknown {
  const days = hint.toLowerCase().includes('end') ? 60 : 1;
  if (/time/i.test(name)) return isoInstant(days);
  if (/date/i.test(name)) return isoDay(days);
  return 'x';
}

/** The edge values the sweep puts, one at a time, in every leaf of a type. */
export function edgeValues(scalar: string, canonical: unknown): { label: string; value: unknown }[] {
  const text = typeof canonical === 'string' ? canonical : 'x';
  switch (scalar) {
    case 'Int':
      return [
        { label: '2147483647', value: 2147483647 },
        { label: '-2147483648', value: -2147483648 },
      ];
    case 'Float':
      return [{ label: '1e308', value: 1e308 }];
    case 'Boolean':
      return [];
    case 'String':
    case 'ID':
      return [
        { label: 'NUL', value: `${text}\u0000` },
        { label: '100,000 chars', value: LONG },
        { label: 'lone surrogate', value: `${text}\uD800` },
        { label: 'LIKE/quote metacharacters', value: `%_'\\${text}` },
        { label: 'empty', value: '' },
        { label: 'a prototype key', value: 'constructor' },
      ];
    default:
      return [
        { label: 'NUL', value: `${text}\u0000` },
        { label: '100,000 chars', value: LONG },
        { label: 'lone surrogate', value: '\uD800' },
        { label: 'year 275760', value: '+275760-09-13T00:00:00.000Z' },
        { label: 'Feb 30', value: '2026-02-30' },
        { label: 'a number', value: 1764000000000 },
      ];
  }
}

/**
 * A real cursor with one value inside replaced by a hostile one (cursors are base64url JSON
 * here; anything else comes back as it was, spoiled at its end).
 */
export const tamperedCursor = (pools: FuzzPools): fc.Arbitrary<string> =>
  fc
    .tuple(
      pick(pools.cursors, fc.constant('W10')),
      fc.constantFrom<unknown>('1', 'x', '\u0000', '2026-99-99', '99999999999999999999', -1, 1e300, null, [], {}, LONG, "'"),
      fc.nat(),
    )
    .map(([cursor, bad, at]) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        return `${cursor}${String(bad)}`;
      }
      const leaves: { parent: any; key: string | number }[] = [];
      const walk = (node: any) => {
        if (node && typeof node === 'object')
          for (const key of Object.keys(node))
            node[key] && typeof node[key] === 'object'
              ? walk(node[key])
              : leaves.push({ parent: node, key: Array.isArray(node) ? Number(key) : key });
      };
      walk(parsed);
      if (!leaves.length) return Buffer.from(JSON.stringify(bad)).toString('base64url');
      const leaf = leaves[at % leaves.length];
      leaf.parent[leaf.key] = bad;
      return Buffer.from(JSON.stringify(parsed)).toString('base64url');
    });
