/**
 * The course's LMS roster on its overview (issue 33): when a launch placed the course in an LMS
 * course that lists its members (NRPS), who is in it and who has not opened Tertulia from it yet,
 * pulled from the LMS when the page opens or on "Pull again", each learner's place in the course,
 * and "Add the roster to the course" (asked first, saying how many) for a course the school pays
 * for. Nothing when the course is not placed.
 */
import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
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
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { SideScroll } from '../../components/SideScroll';
import { graphql } from '../../gql';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../components/snackbars';
import type { LtiRosterAddRefusal, LtiRosterPlace } from '../../gql/graphql';
import type { MessageId } from '../../i18n/catalog';

const LMS_ROSTER = graphql(`
  query InstructorLmsRoster($courseId: ID!) {
    ltiRoster(courseId: $courseId) {
      platformName
      contextTitle
      studentsNotLaunched
      learnersToAdd
      addRefusal
      members { name role launched active place }
    }
  }
`);

const ADD_ROSTER = graphql(`
  mutation InstructorAddLmsRoster($courseId: ID!) {
    addLtiRosterToCourse(input: { courseId: $courseId }) { added enrolledNow }
  }
`);

/** Why the roster cannot be added to this course. */
const REFUSAL: Record<LtiRosterAddRefusal, MessageId> = { PAID_BY_CARD: 'ltiRoster.paidByCard', ENDED: 'ltiRoster.ended' };

const PLACE_CHIP: Record<LtiRosterPlace, { label: MessageId; color: 'success' | 'info' | 'default' }> = {
  ENROLLED: { label: 'ltiRoster.place.enrolled', color: 'success' },
  PENDING: { label: 'ltiRoster.place.pending', color: 'info' },
  NOT_ADDED: { label: 'ltiRoster.place.notAdded', color: 'default' },
};

export function LmsRoster({ courseId }: { courseId: string }) {
  const t = useT();
  const { data, loading, error, refetch } = useQuery(LMS_ROSTER, {
    variables: { courseId },
    context: { quiet: true },
    notifyOnNetworkStatusChange: true,
  });
  const [add, adding] = useMutation(ADD_ROSTER, { context: { quiet: true } });
  const [confirming, setConfirming] = useState(false);
  const roster = data?.ltiRoster;
  if (!roster && !loading && !error) return null;
  const confirmAdd = () =>
    void add({ variables: { courseId } }).then(
      (res) => {
        setConfirming(false);
        const done = res.data?.addLtiRosterToCourse;
        if (done) notifySuccess(t('ltiRoster.added', { added: done.added, enrolledNow: done.enrolledNow }));
        void refetch();
      },
      () => setConfirming(false),
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="lms-roster">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id="lms-roster" variant="subtitle1" component="h2">
          {roster
            ? t('ltiRoster.title', { course: roster.contextTitle ?? roster.platformName, platform: roster.platformName })
            : t('ltiRoster.titleLoading')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button onClick={() => void refetch()} disabled={loading}>
            {t('ltiRoster.pull')}
          </Button>
          {roster && !roster.addRefusal && (
            <Button
              variant="contained"
              onClick={() => setConfirming(true)}
              disabled={loading || adding.loading || roster.learnersToAdd === 0}
            >
              {t('ltiRoster.add')}
            </Button>
          )}
        </Stack>
      </Stack>
      {loading && <Loading label={t('ltiRoster.loading')} />}
      <FormAlert message={error ? errorMessage(error) : adding.error ? errorMessage(adding.error) : null} />
      {roster && (
        <>
          <Typography color="text.secondary" sx={{ my: 1 }}>
            {t('ltiRoster.notLaunched', { count: roster.studentsNotLaunched })}{' '}
            {roster.addRefusal ? t(REFUSAL[roster.addRefusal]) : t('ltiRoster.toAdd', { count: roster.learnersToAdd })}
          </Typography>
          <SideScroll>
            <Table size="small" aria-labelledby="lms-roster">
              <TableHead>
                <TableRow>
                  <TableCell>{t('ltiRoster.name')}</TableCell>
                  <TableCell>{t('ltiRoster.role')}</TableCell>
                  <TableCell>{t('ltiRoster.launched')}</TableCell>
                  <TableCell>{t('ltiRoster.inCourse')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {roster.members.map((m) => (
                  <TableRow key={`${m.name}|${m.role}|${m.launched}|${m.active}|${m.place}`}>
                    <TableCell>{m.name ?? '—'}</TableCell>
                    <TableCell>{t(m.role === 'INSTRUCTOR' ? 'ltiRoster.instructor' : 'ltiRoster.student')}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={m.launched ? 'success' : 'default'}
                        label={t(m.launched ? 'ltiRoster.yes' : 'ltiRoster.notYet')}
                      />
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                        {m.place && <Chip size="small" color={PLACE_CHIP[m.place].color} label={t(PLACE_CHIP[m.place].label)} />}
                        {!m.active && <Chip size="small" variant="outlined" label={t('ltiRoster.left')} />}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </SideScroll>
          <ConfirmDialog
            open={confirming}
            title={t('ltiRoster.confirmTitle', { count: roster.learnersToAdd })}
            text={t('ltiRoster.confirmText')}
            confirmLabel={t('ltiRoster.add')}
            busy={adding.loading}
            onClose={() => setConfirming(false)}
            onConfirm={confirmAdd}
          />
        </>
      )}
    </Paper>
  );
}
