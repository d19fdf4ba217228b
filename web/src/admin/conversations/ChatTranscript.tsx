/**
 * The conversation's chat as the admin reads it (issue 11): the stored messages in order, read-only
 * (an admin watches, never writes into a student's conversation). Each line names its author as a
 * role and a name ('Student · Rosa P.'), since the admin is neither of them. Bodies are plain text:
 * React writes them as text, never as HTML.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Translate, useT } from '../../i18n/useT';
import { EmptyState } from '../../components/EmptyState';

export interface TranscriptLine {
  id: string;
  index: number;
  body: string;
  createdAt: string;
  ownerId: string;
  owner: { displayName: string | null; emailAddress?: string | null } | null;
}

export interface TranscriptChat {
  state: string;
  messages: TranscriptLine[];
}

export interface TranscriptPeople {
  /** The student (or staff in an interview). */
  reservedBy: { id: string } | null;
  /** The speaker (or the candidate in an interview). */
  reservedWith: { id: string } | null;
  kind: string;
}

/** Who wrote a line, for the admin: the role in this conversation and the name. */
function transcriptAuthor(line: TranscriptLine, people: TranscriptPeople, t: Translate): string {
  const name = line.owner?.displayName?.trim() || line.owner?.emailAddress || t('admin.chat.someone');
  const interview = people.kind === 'interview';
  const role =
    line.ownerId === people.reservedBy?.id
      ? interview
        ? 'interviewer'
        : 'student'
      : line.ownerId === people.reservedWith?.id
        ? interview
          ? 'candidate'
          : 'speaker'
        : 'staff';
  return `${t('admin.chat.role', { role })} · ${name}`;
}

export function ChatTranscript({
  chat,
  people,
  format,
}: {
  chat: TranscriptChat | null;
  people: TranscriptPeople;
  format(iso: string): string;
}) {
  const t = useT();
  const lines = [...(chat?.messages ?? [])].sort((a, b) => a.index - b.index);
  if (lines.length === 0) {
    return (
      <EmptyState
        compact
        title={t(chat ? 'admin.chat.noMessages' : 'admin.chat.noneSent')}
        description={t('admin.chat.emptyHelp')}
        testId="chat-empty"
      />
    );
  }
  return (
    <Box
      role="log"
      aria-label={t('admin.chat.messages')}
      tabIndex={0}
      sx={{
        maxHeight: 480,
        overflowY: 'auto',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {lines.map((m) => {
          const speakerSide = m.ownerId === people.reservedWith?.id;
          return (
            <Box component="li" key={m.id} sx={{ alignSelf: speakerSide ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ textAlign: speakerSide ? 'right' : 'left' }}>
                {transcriptAuthor(m, people, t)} · {format(m.createdAt)}
              </Typography>
              <Typography
                sx={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: speakerSide ? 'action.selected' : 'grey.100',
                  color: 'text.primary',
                }}
              >
                {m.body}
              </Typography>
            </Box>
          );
        })}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t(chat?.state === 'closed' ? 'admin.chat.closed' : 'admin.chat.open')}
      </Typography>
    </Box>
  );
}
