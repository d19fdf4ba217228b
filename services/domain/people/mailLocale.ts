import { DEFAULT_LOCALE, isSupportedLocale, type Locale } from '../../../contracts/i18n/locales';
import type { CommandTransaction } from '../../commands/execute';
import { fold } from '../shared/decider';
import { streams, type ProfileEvent } from './events';
import { evolveProfile, initialProfile } from './profile';

/** The language an account's mail goes out in: its setting, else the asking page's (issue 32). */
export async function mailLocale(tx: CommandTransaction, accountId: string, requested: Locale | undefined): Promise<Locale> {
  const profile = fold(evolveProfile, initialProfile(), (await tx.read(streams.profile(accountId))) as ProfileEvent[]);
  const setting = profile.fields.locale;
  return isSupportedLocale(setting) ? setting : (requested ?? DEFAULT_LOCALE);
}
