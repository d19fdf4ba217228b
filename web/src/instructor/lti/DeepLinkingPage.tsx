/**
 * /instructor/lti/deep-linking/:requestId (issue 33): after a deep-linking launch from the LMS, the
 * instructor picks one of their current or upcoming courses, or one lesson of it, to place in the
 * LMS course. The choice goes back by a plain form post to the server, which answers the platform
 * with a signed response (services/integrations/lti/http.ts); a learner's launch from the placed
 * link then opens the course (enrolling them first).
 */
import { useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { graphql } from '../../gql';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';

const PLACEABLE_COURSES = graphql(`
  query LtiPlaceableCourses {
    me {
      id
      ownedCourses(scope: current_or_upcoming) {
        id
        name
        lessonAssignments { id lesson { id title } }
      }
    }
  }
`);

/** Where the form goes (services/integrations/lti/paths.ts, LTI_PATHS.deepLinkingRespond). */
const RESPOND_PATH = '/lti/deep-linking/respond';

export default function DeepLinkingPage() {
  const t = useT();
  const { requestId = '' } = useParams();
  const { data, loading, error } = useQuery(PLACEABLE_COURSES, { fetchPolicy: 'network-only' });
  const [placed, setPlaced] = useState('');
  const courses = data?.me?.ownedCourses ?? [];
  return (
    <Page title={t('ltiPick.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('ltiPick.description')}
      </Typography>
      {loading && <Loading label={t('ltiPick.loading')} />}
      <FormAlert message={error ? errorMessage(error) : null} />
      {!loading && !error && !courses.length && (
        <EmptyState title={t('ltiPick.empty.title')} description={t('ltiPick.empty.description')} />
      )}
      {courses.length > 0 && (
        <Stack component="form" method="post" action={RESPOND_PATH} spacing={2} aria-label={t('ltiPick.title')}>
          <input type="hidden" name="requestId" value={requestId} />
          <RadioGroup name="placed" value={placed} onChange={(e) => setPlaced(e.target.value)}>
            {courses.map((course) => (
              <Stack key={course.id} sx={{ mb: 1 }}>
                <FormControlLabel
                  value={`course:${course.id}`}
                  control={<Radio />}
                  label={t('ltiPick.wholeCourse', { name: course.name })}
                />
                {course.lessonAssignments.map((a) => (
                  <FormControlLabel
                    key={a.id}
                    sx={{ ml: 4 }}
                    value={`lesson:${a.id}`}
                    control={<Radio />}
                    label={t('ltiPick.lesson', { title: a.lesson.title })}
                  />
                ))}
              </Stack>
            ))}
          </RadioGroup>
          <div>
            <Button type="submit" variant="contained" disabled={!placed}>
              {t('ltiPick.place')}
            </Button>
          </div>
        </Stack>
      )}
    </Page>
  );
}
