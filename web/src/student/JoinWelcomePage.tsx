/**
 * /join/{inviteNumber} signed out (issue 28): names the course the link is for and offers a new
 * account first (most who follow a join link have none), signing in second. Both come back to the
 * join link afterwards, which enrolls as before (JoinPage).
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { languageName } from '../lib/languageName';
import { fromLocation } from '../auth/redirect';
import { Loading } from '../components/Loading';
import { graphql } from '../gql';
import { useT } from '../i18n/useT';
import { AuthCard } from '../shell/AuthCard';

const INVITED_COURSE = graphql(`
  query InvitedCourse($inviteNumber: String!) {
    invitedCourse(inviteNumber: $inviteNumber) {
      name
      kind
      language
      school
    }
  }
`);

export default function JoinWelcomePage() {
  const t = useT();
  const { inviteNumber = '' } = useParams();
  const location = useLocation();
  const { data, loading, error } = useQuery(INVITED_COURSE, { variables: { inviteNumber }, skip: !inviteNumber, context: { quiet: true } });
  const course = data?.invitedCourse;
  const back = fromLocation(location);
  return (
    <AuthCard
      title={course ? t('auth.join.title', { course: course.name }) : t('auth.join.titleAny')}
      subtitle={
        course
          ? course.school
            ? t('auth.join.subtitleSchool', { language: languageName(course.language), school: course.school })
            : t('auth.join.subtitle', { language: languageName(course.language) })
          : t('auth.signUp.subtitle')
      }
    >
      {loading && !data ? (
        <Loading label={t('auth.join.loading')} />
      ) : (
        !course && (
          <Alert severity={error ? 'error' : 'info'} sx={{ mb: 2 }}>
            {t(error ? 'auth.join.failed' : 'auth.join.unknown')}
          </Alert>
        )
      )}
      <Typography sx={{ mb: 2 }}>{t('auth.join.how')}</Typography>
      <Stack spacing={1.5}>
        <Button component={RouterLink} to="/auth/sign_up" state={back} variant="contained" size="large" fullWidth>
          {t('auth.signIn.createAccount')}
        </Button>
        <Button component={RouterLink} to="/auth/sign_in" state={back} variant="outlined" size="large" fullWidth>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
