/**
 * /conversation/open?id= (spec 2, Open conversation): the speaker's open action
 * (`moderateConversation(open: true)`), then the room. Meanwhile 'The conversation will start
 * momentarily. Please wait.'; on failure the server's message.
 */
import { useMutation } from '@apollo/client';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../lib/errors';
import { usePageTitle } from '../shell/usePageTitle';
import { Interstitial } from './LiveRoom';
import { OPEN_CONVERSATION } from './operations';
import { LiveText } from './roomMessages';
import { conversationUrl } from './windows';

export default function OpenPage() {
  usePageTitle('Conversation');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(id ? null : LiveText.noConversation);
  const [open] = useMutation(OPEN_CONVERSATION, { context: { quiet: true } });
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!id || asked.current === id) return;
    asked.current = id;
    open({ variables: { input: { conversationId: id, open: true } } })
      .then(() => navigate(conversationUrl(id), { replace: true }))
      .catch((cause: unknown) => setError(errorMessage(cause)));
  }, [id, open, navigate]);

  return <Interstitial message={LiveText.opening} error={error} />;
}
