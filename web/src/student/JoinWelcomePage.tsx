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
import { languageName } from '../../../contracts/enrollment';
import { fromLocation } from '../auth/redirect';
import { Loading } from '../components/Loading';
import { graphql } from '../gql';
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
  const { inviteNumber = '' } = useParams();
  const location = useLocation();
  const { data, loading, error } = useQuery(INVITED_COURSE, { variables: { inviteNumber }, skip: !inviteNumber, context: { quiet: true } });
  const course = data?.invitedCourse;
  const back = fromLocation(location);
  return (
    <AuthCard
      title={course ? `Join ${course.name}` : 'Join a course'}
      subtitle={
        course
          ? `${languageName(course.language)} conversations with native speakers${course.school ? `, with ${course.school}` : ''}.`
          : 'Practise a language with native speakers.'
      }
    >
      {loading && !data ? (
        <Loading label="Loading the course" />
      ) : (
        !course && (
          <Alert severity={error ? 'error' : 'info'} sx={{ mb: 2 }}>
            {error
              ? 'The course could not be loaded. You can still create an account or sign in, and join it afterwards.'
              : 'No current course has this invite number. Check the link with whoever sent it to you.'}
          </Alert>
        )
      )}
      <Typography sx={{ mb: 2 }}>To join, create your Tertulia account, or sign in if you have one.</Typography>
      <Stack spacing={1.5}>
        <Button component={RouterLink} to="/auth/sign_up" state={back} variant="contained" size="large" fullWidth>
          Create an account
        </Button>
        <Button component={RouterLink} to="/auth/sign_in" state={back} variant="outlined" size="large" fullWidth>
          Sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
