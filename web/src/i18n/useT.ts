import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './catalog';

export type Translate = (id: MessageId, values?: Record<string, string | number | Date>) => string;

/** The active locale's messages as a function: `t('shell.nav.home')`. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
