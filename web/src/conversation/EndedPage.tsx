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
import { AuthCard } from '../shell/AuthCard';
import { isStaffHosted } from './interview';
import { LIVE_CONVERSATION } from './operations';
import { LiveText } from './roomMessages';

interface NextStep {
  label: string;
  to: string;
}

function nextSteps(id: string, viewerReserved: boolean): NextStep[] {
  if (viewerReserved)
    return [
      { label: 'Rate this conversation', to: `/student/conversations?id=${encodeURIComponent(id)}` },
      { label: 'See your conversations', to: '/student/conversations' },
      { label: 'Reserve again', to: '/student/reserve' },
    ];
  return [
    { label: 'Mark this conversation', to: `/speaker/conversations/${encodeURIComponent(id)}` },
    { label: 'Back to the planner', to: '/speaker/planner' },
  ];
}

export default function EndedPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data } = useQuery(LIVE_CONVERSATION, { variables: { conversationId: id }, skip: !id, context: { quiet: true } });
  const conversation = data?.conversation?.id === id ? data.conversation : null;
  const steps =
    conversation && data?.me && !isStaffHosted(conversation)
      ? nextSteps(id, conversation.reservedBy?.id === data.me.id)
      : [{ label: 'Go to my home', to: '/' }];
  return (
    <AuthCard title="Conversation ended">
      <Typography role="status" sx={{ mb: 3 }}>
        {LiveText.ended}
      </Typography>
      <Stack component="nav" aria-label="Next steps" spacing={1.5}>
        {steps.map((step, i) => (
          <Button key={step.to} component={RouterLink} to={step.to} variant={i === 0 ? 'contained' : 'outlined'} size="large" fullWidth>
            {step.label}
          </Button>
        ))}
      </Stack>
    </AuthCard>
  );
}
