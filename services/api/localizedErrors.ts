/**
 * The user-visible words of every error in the caller's language (issue 32): an error's message and
 * its per-field messages, when they are the contracts' known messages (contracts/i18n) or the
 * server's known refusals (services/i18n/knownErrors.ts: by what they say, else by their English),
 * are answered in the caller's locale (services/i18n/locale.ts). The code stays; the log saw the English.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Locale } from '../../contracts/i18n/locales';
import { DomainError } from '../domain/shared/errors';
import { callerLocale } from '../i18n/locale';
import { localizeKnownText } from '../i18n/localize';
import { sayIn } from '../i18n/translate';
import type { ApiContext } from './context';

const localizeFields = (locale: Locale, fields: Record<string, string> | undefined, said?: DomainError['fieldsSaid']) =>
  fields &&
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, said?.[k] ? sayIn(locale, said[k]) : localizeKnownText(locale, v)]));

/**
 * Runs before the errors are masked (services/api/yoga.ts), so a DomainError is replaced by its
 * translated copy, and the masking still gives it its code; an error already masked has its
 * message and fields translated in place.
 */
function localized(error: GraphQLError, locale: Locale): GraphQLError {
  const original = error.originalError;
  if (original instanceof DomainError) {
    const message = original.said ? sayIn(locale, original.said) : localizeKnownText(locale, original.message);
    const fields = localizeFields(locale, original.fields, original.fieldsSaid);
    if (message === original.message && JSON.stringify(fields) === JSON.stringify(original.fields)) return error;
    return new GraphQLError(message, {
      nodes: error.nodes,
      path: error.path,
      extensions: error.extensions,
      originalError: new DomainError(original.code, message, fields, original.reason),
    });
  }
  if (original) return error;
  const fields = error.extensions.fields as Record<string, string> | undefined;
  const message = localizeKnownText(locale, error.message);
  const localFields = localizeFields(locale, fields);
  if (message === error.message && JSON.stringify(localFields) === JSON.stringify(fields)) return error;
  return new GraphQLError(message, {
    nodes: error.nodes,
    path: error.path,
    extensions: { ...error.extensions, ...(localFields ? { fields: localFields } : {}) },
  });
}

export const localizedErrors: Plugin<ApiContext> = {
  onExecute({ args }) {
    return {
      async onExecuteDone({ result, setResult }) {
        if (!('errors' in result) || !result.errors?.length) return;
        const locale = await callerLocale(args.contextValue as ApiContext);
        if (locale === 'en') return;
        setResult({ ...result, errors: result.errors.map((e) => localized(e, locale)) });
      },
    };
  },
};
