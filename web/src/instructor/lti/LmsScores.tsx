/**
 * The course's grades on their way to the LMS (issue 33, Assignment and Grade Services): for each
 * marked conversation of a lesson placed as a line item, its student, lesson, score and whether the
 * LMS has it (pending, sent, or failed with the LMS's answer, and "Send again"), looked at again while
 * one is pending. Nothing when the course has none.
 */
import { useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { graphql } from '../../gql';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';

const LMS_SCORES = graphql(`
  query InstructorLmsScores($courseId: ID!) {
    ltiScores(courseId: $courseId) { conversationId studentName lessonTitle completed state status reason }
  }
`);

const RETRY_SCORE = graphql(`
  mutation InstructorRetryLmsScore($conversationId: ID!) {
    retryLtiScore(conversationId: $conversationId) { conversationId state status reason }
  }
`);

const PENDING_POLL_MS = 3000;

const STATE_COLOR = { PENDING: 'default', SENT: 'success', FAILED: 'error' } as const;
const STATE_LABEL = { PENDING: 'ltiScores.pending', SENT: 'ltiScores.sent', FAILED: 'ltiScores.failed' } as const;

export function LmsScores({ courseId }: { courseId: string }) {
  const t = useT();
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(LMS_SCORES, {
    variables: { courseId },
    context: { quiet: true },
    notifyOnNetworkStatusChange: true,
  });
  const [retry, retrying] = useMutation(RETRY_SCORE, { context: { quiet: true } });
  const scores = data?.ltiScores ?? [];
  const pending = scores.some((s) => s.state === 'PENDING');
  // A pending score changes by itself (its job): looked at again while one is pending.
  useEffect(() => {
    if (!pending) return;
    startPolling(PENDING_POLL_MS);
    return stopPolling;
  }, [pending, startPolling, stopPolling]);
  if (!scores.length && !loading && !error) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="lms-scores">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id="lms-scores" variant="subtitle1" component="h2">
          {t('ltiScores.title')}
        </Typography>
        <Button onClick={() => void refetch()} disabled={loading}>
          {t('ltiScores.refresh')}
        </Button>
      </Stack>
      {loading && <Loading label={t('ltiScores.loading')} />}
      <FormAlert message={error ? errorMessage(error) : retrying.error ? errorMessage(retrying.error) : null} />
      {scores.length > 0 && (
        <Table size="small" aria-labelledby="lms-scores">
          <TableHead>
            <TableRow>
              <TableCell>{t('ltiScores.student')}</TableCell>
              <TableCell>{t('ltiScores.lesson')}</TableCell>
              <TableCell>{t('ltiScores.score')}</TableCell>
              <TableCell>{t('ltiScores.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {scores.map((s) => (
              <TableRow key={s.conversationId}>
                <TableCell>{s.studentName ?? t('ltiScores.unnamed')}</TableCell>
                <TableCell>{s.lessonTitle ?? '—'}</TableCell>
                <TableCell>{t(s.completed ? 'ltiScores.completed' : 'ltiScores.cleared')}</TableCell>
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <Chip size="small" color={STATE_COLOR[s.state]} label={t(STATE_LABEL[s.state])} />
                    {s.state === 'FAILED' && (
                      <>
                        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                          {s.status == null
                            ? t('ltiScores.unreachable', { reason: s.reason ?? '' })
                            : t('ltiScores.refused', { status: s.status, reason: s.reason ?? '' })}
                        </Typography>
                        <Button
                          size="small"
                          disabled={retrying.loading}
                          onClick={() =>
                            void retry({ variables: { conversationId: s.conversationId } }).then(
                              () => refetch(),
                              () => undefined,
                            )
                          }
                        >
                          {t('ltiScores.retry')}
                        </Button>
                      </>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
