import { Fragment, type ReactNode } from 'react';
import type { MessageId } from './catalog';
import { useLocale } from './LocaleProvider';

/**
 * A message with tags, each rendered by a function of its words:
 * `<Message id="auth.requestReset.notArrived" tags={{ link: (words) => <Link>{words}</Link> }} />`.
 */
export function Message({ id, tags }: { id: MessageId; tags: Record<string, (words: (string | ReactNode)[]) => ReactNode> }) {
  const { catalog } = useLocale();
  return (
    <>
      {catalog.formatParts<ReactNode>(id, tags).map((part, i) => (
        // The parts never move: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
