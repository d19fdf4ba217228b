/**
 * The course's LMS roster on its overview (issue 33): when a launch placed the course in an LMS
 * course that lists its members (NRPS), who is in it and who has not opened Tertulia from it yet,
 * pulled from the LMS when the page opens or on "Pull again". Nothing when the course is not placed.
 */
import { useQuery } from '@apollo/client';
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
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { graphql } from '../../gql';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';

const LMS_ROSTER = graphql(`
  query InstructorLmsRoster($courseId: ID!) {
    ltiRoster(courseId: $courseId) {
      platformName
      contextTitle
      studentsNotLaunched
      members { name role launched }
    }
  }
`);

export function LmsRoster({ courseId }: { courseId: string }) {
  const t = useT();
  const { data, loading, error, refetch } = useQuery(LMS_ROSTER, {
    variables: { courseId },
    context: { quiet: true },
    notifyOnNetworkStatusChange: true,
  });
  const roster = data?.ltiRoster;
  if (!roster && !loading && !error) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="lms-roster">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id="lms-roster" variant="subtitle1" component="h2">
          {roster
            ? t('ltiRoster.title', { course: roster.contextTitle ?? roster.platformName, platform: roster.platformName })
            : t('ltiRoster.titleLoading')}
        </Typography>
        <Button onClick={() => void refetch()} disabled={loading}>
          {t('ltiRoster.pull')}
        </Button>
      </Stack>
      {loading && <Loading label={t('ltiRoster.loading')} />}
      <FormAlert message={error ? errorMessage(error) : null} />
      {roster && (
        <>
          <Typography color="text.secondary" sx={{ my: 1 }}>
            {t('ltiRoster.notLaunched', { count: roster.studentsNotLaunched })}
          </Typography>
          <Table size="small" aria-labelledby="lms-roster">
            <TableHead>
              <TableRow>
                <TableCell>{t('ltiRoster.name')}</TableCell>
                <TableCell>{t('ltiRoster.role')}</TableCell>
                <TableCell>{t('ltiRoster.launched')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {roster.members.map((m) => (
                <TableRow key={`${m.name}|${m.role}|${m.launched}`}>
                  <TableCell>{m.name ?? '—'}</TableCell>
                  <TableCell>{t(m.role === 'INSTRUCTOR' ? 'ltiRoster.instructor' : 'ltiRoster.student')}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={m.launched ? 'success' : 'default'}
                      label={t(m.launched ? 'ltiRoster.yes' : 'ltiRoster.notYet')}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Paper>
  );
}
