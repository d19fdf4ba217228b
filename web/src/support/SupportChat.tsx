/**
 * The live support chat behind Help (spec 1, Shell; issue 9): a box in the corner for a signed-in
 * visitor, hidden until Help expands it and hidden again when shrunk. While it is open it asks for
 * the thread every 15 s (that is the visitor being here: an answer is then not mailed) and listens
 * for answers. If it cannot load (the thread's query fails, or the subscription cannot connect),
 * the help-blocked dialog says so and offers Reload.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { WithApollo } from '../lib/apolloLoader';
import { useAuth } from '../lib/auth';
import { withMessages } from '../i18n/withMessages';

// The box (its GraphQL, MUI dialog and message list) loads only when opened: every page has this
// provider, and most visits never open the chat.
const SupportChatBox = lazy(withMessages('support', () => import('./SupportChatBox')));

interface SupportChatControls {
  /** Whether the chat exists here (a signed-in visitor). */
  available: boolean;
  expand(): void;
}
const SupportChatContext = createContext<SupportChatControls>({ available: false, expand: () => undefined });
export const useSupportChat = () => useContext(SupportChatContext);

export function SupportChatProvider({ children }: { children: ReactNode }) {
  const { signedIn } = useAuth();
  const [open, setOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const expand = useCallback(() => setOpen(true), []);
  // The link in an answer's mail (?help=open) opens the box.
  useEffect(() => {
    if (params.get('help') !== 'open') return;
    if (signedIn) setOpen(true);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('help');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, signedIn]);
  useEffect(() => {
    if (!signedIn) setOpen(false);
  }, [signedIn]);
  const controls = useMemo(() => ({ available: signedIn, expand }), [signedIn, expand]);
  return (
    <SupportChatContext.Provider value={controls}>
      {children}
      {signedIn && open && (
        <Suspense fallback={null}>
          <WithApollo>
            <SupportChatBox onShrink={() => setOpen(false)} />
          </WithApollo>
        </Suspense>
      )}
    </SupportChatContext.Provider>
  );
}
