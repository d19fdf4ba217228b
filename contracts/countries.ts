/**
 * Countries for lookupCountries(query) (spec 3, Lookups: country (name)): the ISO 3166-1 alpha-2
 * codes, named in English by the runtime's ICU data (Intl.DisplayNames), so the list needs no
 * network and no data file. A country field stays free text (the spec's rule is "required, at
 * most 50 characters"); the list only suggests.
 */
export const ISO_COUNTRY_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

export interface Country {
  code: string;
  name: string;
}

let cached: Country[] | null = null;

/** Every country, by name. */
export function allCountries(): Country[] {
  if (!cached) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    cached = ISO_COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return cached;
}

/** Folds case and accents, so 'peru' finds 'Perú' and 'cote' finds 'Côte d’Ivoire'. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

/**
 * Countries whose name (or code) matches the query: names starting with it first, then names
 * containing it; at most `limit`. An empty query answers the first `limit` by name.
 */
export function lookupCountries(query: string | null | undefined, limit = 20): Country[] {
  const q = fold((query ?? '').trim());
  const all = allCountries();
  if (!q) return all.slice(0, limit);
  const starts: Country[] = [];
  const contains: Country[] = [];
  for (const c of all) {
    const name = fold(c.name);
    if (name.startsWith(q) || c.code.toLowerCase() === q) starts.push(c);
    else if (name.includes(q)) contains.push(c);
  }
  return [...starts, ...contains].slice(0, limit);
}
