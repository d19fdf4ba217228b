/**
 * The time zone the web shows times in is the saved one (issue 28): recorded from the browser at
 * sign-up, and offered again when the browser's zone differs from it (someone who travelled, or
 * an account made before zones were recorded). Saying 'Keep' silences the offer for that pair.
 */
import { graphql } from '../gql';

export const MY_ZONE = graphql(`
  query MyZone {
    me {
      id
      tzIdentifier
    }
  }
`);

export const SAVE_ZONE = graphql(`
  mutation SaveZone($input: ChangeUserInput!) {
    changeUser(input: $input) {
      changed
      user {
        id
        tzIdentifier
      }
    }
  }
`);

const keptKey = (saved: string, browser: string) => `tertulia.zone-kept.${saved}.${browser}`;

/** A zone's canonical name: browsers name some zones by an older alias (Asia/Calcutta for Asia/Kolkata). */
function canonicalZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

/** The zone to offer, or null: none when the browser's is unknown, the same, or was declined. */
export function zoneToOffer(
  saved: string | null | undefined,
  browser: string | null,
  storage: Pick<Storage, 'getItem'> | null,
): string | null {
  if (!saved || !browser || canonicalZone(saved) === canonicalZone(browser)) return null;
  return storage?.getItem(keptKey(saved, browser)) ? null : browser;
}

export function rememberKept(saved: string, browser: string, storage: Pick<Storage, 'setItem'> | null) {
  try {
    storage?.setItem(keptKey(saved, browser), '1');
  } catch {
    // Storage full or refused: the offer comes back on the next page, nothing is lost.
  }
}

export const safeLocalStorage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};
