/**
 * The caller's language (issue 32): their account's setting, else the request's Accept-Language
 * (the web sends its page's language), else English. Looked up once per request, and only when
 * something is said in it (an error, a mail).
 */
import { acceptLanguageTags, isSupportedLocale, negotiateLocale, type Locale } from '../../contracts/i18n/locales';
import { findProfile } from '../../projections/profiles';
import type { ApiContext } from '../api/context';
import type { LessonTitle } from '../domain/catalog/course';
import { translate } from './translate';

/** Who asks: a GraphQL request's context, or a REST route's request (services/api/httpErrors.ts `callerOf`). */
export type Caller = Pick<ApiContext, 'viewer' | 'acceptLanguage'> & { runtime?: Pick<ApiContext['runtime'], 'pool'> };

const known = new WeakMap<Caller, Promise<Locale>>();

export function callerLocale(ctx: Caller): Promise<Locale> {
  let locale = known.get(ctx);
  if (!locale) {
    locale = (async () => {
      const setting = ctx.viewer && ctx.runtime ? (await findProfile(ctx.runtime.pool, ctx.viewer.accountId))?.locale : null;
      return isSupportedLocale(setting) ? setting : negotiateLocale(acceptLanguageTags(ctx.acceptLanguage));
    })();
    known.set(ctx, locale);
  }
  return locale;
}

/** An account's own setting (mails outside a request), else `fallback`. */
export async function accountLocale(pool: Parameters<typeof findProfile>[0], accountId: string, fallback: Locale): Promise<Locale> {
  const setting = (await findProfile(pool, accountId))?.locale;
  return isSupportedLocale(setting) ? setting : fallback;
}

/** New lessons' titles in the caller's language ('Conversación 3'): lessons are data, named once, by whoever makes them. */
export async function callerLessonTitle(ctx: ApiContext): Promise<LessonTitle> {
  const locale = await callerLocale(ctx);
  return (order) => translate(locale, 'course.lessonTitle', { order });
}
