/**
 * The course's "Allow recording students under <age>" on its overview (issue 34): off until the
 * instructor turns it on; the age is the school's (an admin's setting). Lessons reserved from then
 * on follow it (the server decides whether a lesson is recorded when it is reserved).
 */
import { useMutation, useQuery } from '@apollo/client';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormAlert } from '../../components/FormAlert';
import { graphql } from '../../gql';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';

const RECORDING_CONSENT = graphql(`
  query CourseRecordingConsent($courseId: ID!) {
    privacySettings {
      recordingAgeThreshold
    }
    course(courseId: $courseId) {
      id
      allowRecordingUnderAge
    }
  }
`);

const CHANGE_RECORDING_CONSENT = graphql(`
  mutation ChangeCourseRecordingConsent($input: ChangeCourseRecordingConsentInput!) {
    changeCourseRecordingConsent(input: $input) {
      changed
      course {
        id
        allowRecordingUnderAge
      }
    }
  }
`);

export function RecordingConsent({ courseId, readOnly }: { courseId: string; readOnly: boolean }) {
  const t = useT();
  const { data, error } = useQuery(RECORDING_CONSENT, { variables: { courseId } });
  const [change, changing] = useMutation(CHANGE_RECORDING_CONSENT);
  const age = data?.privacySettings.recordingAgeThreshold;
  const course = data?.course;
  // A threshold of 0: nobody is under age, so there is nothing to allow.
  if (!course || age === undefined || age === 0) return <FormAlert message={error ? errorMessage(error) : null} />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="recording-consent">
      <Typography id="recording-consent" variant="subtitle1" component="h2">
        {t('instructor.course.recording.title')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={course.allowRecordingUnderAge}
            disabled={readOnly || changing.loading}
            onChange={(_e, allowRecordingUnderAge) =>
              void change({ variables: { input: { courseId, allowRecordingUnderAge } } }).catch(() => undefined)
            }
          />
        }
        label={t('instructor.course.recording.allowUnderAge', { age })}
      />
      <Typography variant="body2" color="text.secondary">
        {t(course.allowRecordingUnderAge ? 'instructor.course.recording.allowedHelp' : 'instructor.course.recording.notAllowedHelp', {
          age,
        })}
      </Typography>
      <FormAlert message={changing.error ? errorMessage(changing.error) : null} />
    </Paper>
  );
}
