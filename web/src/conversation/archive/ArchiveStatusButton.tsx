/**
 * The recording's status and its player (spec 2, archive statuses; details panels: 'Play Archive'
 * enabled when the archive is available): its status in words ('Waiting for processing',
 * 'Processing... (N% complete)', 'FAILED', 'Expired', 'Removed', a dash while recording: the spec's
 * English, the server's `statusText`, in the page's language) beside a
 * 'Play archive' link that opens /conversation/archive?id= in the archive's own named window (spec
 * 2), leaving this page where it is. Asks again every 5 s while the archive is recording, waiting
 * or being processed. A conversation without a recording (or one the viewer may not see) shows
 * `none` (nothing by default). A playable one says until when it is kept (its retention, issue 34).
 */
import { useQuery } from '@apollo/client';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { useT } from '../../i18n/useT';
import { formatDate } from '../../lib/time';
import { openArchiveWindow } from '../windows';
import { ARCHIVE_IN_PROGRESS, CONVERSATION_ARCHIVE, archivePath } from './operations';

export const ARCHIVE_POLL_MS = 5000;

/** The last (UTC) day a recording is kept: the day before the instant its retention ends. */
const lastDayKept = (expiresOn: string) => new Date(Date.parse(expiresOn) - 1).toISOString().slice(0, 10);

export function ArchiveStatusButton({
  conversationId,
  labelled = true,
  none = null,
}: {
  conversationId: string;
  /** 'Archive:' before the status; off where the page already names the row. */
  labelled?: boolean;
  none?: ReactNode;
}) {
  const t = useT();
  const { data, startPolling, stopPolling } = useQuery(CONVERSATION_ARCHIVE, {
    variables: { conversationId },
    fetchPolicy: 'cache-and-network',
    context: { quiet: true },
  });
  const archive = data?.conversationArchive?.conversationId === conversationId ? data.conversationArchive : null;
  const moving = !!archive && ARCHIVE_IN_PROGRESS.includes(archive.status);
  useEffect(() => {
    if (!moving) return;
    startPolling(ARCHIVE_POLL_MS);
    return () => stopPolling();
  }, [moving, startPolling, stopPolling]);

  if (!archive) return <>{none}</>;
  const available = archive.status === 'AVAILABLE';
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="center"
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      aria-label={t('conversation.archive.group')}
      role="group"
    >
      {labelled && (
        <Typography component="span" fontWeight={600}>
          {t('conversation.archive.label')}
        </Typography>
      )}
      {available ? (
        <Button
          variant="outlined"
          size="small"
          component="a"
          href={archivePath(conversationId)}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            openArchiveWindow(conversationId);
          }}
          startIcon={<PlayCircleOutlineIcon />}
        >
          {t('conversation.archive.play')}
        </Button>
      ) : null}
      {available && archive.expiresOn && (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('conversation.archive.keptUntil', { date: formatDate(lastDayKept(archive.expiresOn)) })}
        </Typography>
      )}
      {available ? null : (
        <>
          <Typography component="span" role="status" color={archive.status === 'FAILED' ? 'error' : 'text.secondary'}>
            {t('conversation.archive.status', {
              status: archive.status,
              percent: String(Math.max(0, Math.min(100, Math.floor(archive.percent)))),
            })}
          </Typography>
          <Button variant="outlined" size="small" disabled startIcon={<PlayCircleOutlineIcon />}>
            {t('conversation.archive.play')}
          </Button>
        </>
      )}
    </Stack>
  );
}
