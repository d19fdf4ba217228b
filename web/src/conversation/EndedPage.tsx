/**
 * /conversation/ended?id= (spec 2, Ended): what the conversation window shows once it is over, in
 * the product's card with the next steps: the student rates it, sees their conversations or
 * reserves again; the speaker marks it or goes back to the planner. Without an id (or while the
 * conversation is unknown) only the closing sentence and the way home.
 */
import { useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { MessageId } from '../i18n/catalog';
import { useT } from '../i18n/useT';
import { AuthCard } from '../shell/AuthCard';
import { isStaffHosted } from './interview';
import { LIVE_CONVERSATION } from './operations';
import { LiveText } from './roomMessages';

interface NextStep {
  label: MessageId;
  to: string;
}

function nextSteps(id: string, viewerReserved: boolean): NextStep[] {
  if (viewerReserved)
    return [
      { label: 'conversation.ended.rate', to: `/student/conversations?id=${encodeURIComponent(id)}` },
      { label: 'conversation.ended.conversations', to: '/student/conversations' },
      { label: 'conversation.ended.reserveAgain', to: '/student/reserve' },
    ];
  return [
    { label: 'conversation.ended.mark', to: `/speaker/conversations/${encodeURIComponent(id)}` },
    { label: 'conversation.ended.planner', to: '/speaker/planner' },
  ];
}

export default function EndedPage() {
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data } = useQuery(LIVE_CONVERSATION, { variables: { conversationId: id }, skip: !id, context: { quiet: true } });
  const conversation = data?.conversation?.id === id ? data.conversation : null;
  const steps: NextStep[] =
    conversation && data?.me && !isStaffHosted(conversation)
      ? nextSteps(id, conversation.reservedBy?.id === data.me.id)
      : [{ label: 'conversation.ended.home', to: '/' }];
  return (
    <AuthCard title={t('conversation.ended.title')}>
      <Typography role="status" sx={{ mb: 3 }}>
        {LiveText.ended}
      </Typography>
      <Stack component="nav" aria-label={t('conversation.ended.nextSteps')} spacing={1.5}>
        {steps.map((step, i) => (
          <Button key={step.to} component={RouterLink} to={step.to} variant={i === 0 ? 'contained' : 'outlined'} size="large" fullWidth>
            {t(step.label)}
          </Button>
        ))}
      </Stack>
    </AuthCard>
  );
}
