import { useCallback } from 'react';
import type { MessageId } from './catalog';
import { useLocale } from './LocaleProvider';
import type { Values } from './translate';

export type Translate = (id: MessageId, values?: Values) => string;

/** The active locale's messages as a function: `t('shell.nav.home')`. */
export function useT(): Translate {
  const { catalog } = useLocale();
  return useCallback((id, values) => catalog.format(id, values), [catalog]);
}
