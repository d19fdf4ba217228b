import { Fragment, type ReactNode } from 'react';
import type { MessageId } from './catalog';
import { useLocale } from './LocaleProvider';
import type { Values } from './translate';

/**
 * A message with tags, each rendered by a function of its words, and its arguments' values:
 * `<Message id="auth.requestReset.notArrived" tags={{ link: (words) => <Link>{words}</Link> }} />`.
 */
export function Message({
  id,
  tags,
  values,
}: {
  id: MessageId;
  tags: Record<string, (words: (string | ReactNode)[]) => ReactNode>;
  values?: Values;
}) {
  const { catalog } = useLocale();
  return (
    <>
      {catalog.formatParts<ReactNode>(id, { ...values, ...tags }).map((part, i) => (
        // The parts never move: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
