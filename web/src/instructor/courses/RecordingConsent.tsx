/**
 * The course's recording settings on its overview (issue 34): "Allow recording students under
 * <age>" (off until the instructor turns it on; the age is the school's, an admin's setting), and
 * how many days after the course ends its recordings are kept (the school's default until set,
 * never more than the school's most). Lessons reserved from then on follow the first; the course's
 * recordings follow the second at once.
 */
import { useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/snackbars';
import { graphql } from '../../gql';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';

const RECORDING_SETTINGS = graphql(`
  query CourseRecordingSettings($courseId: ID!) {
    privacySettings {
      recordingAgeThreshold
      retentionDays
      maxRetentionDays
    }
    course(courseId: $courseId) {
      id
      allowRecordingUnderAge
      recordingRetentionDays
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

const CHANGE_RETENTION = graphql(`
  mutation ChangeCourseRetention($input: ChangeCourseRetentionInput!) {
    changeCourseRetention(input: $input) {
      changed
      course {
        id
        recordingRetentionDays
      }
    }
  }
`);

export function RecordingConsent({ courseId, readOnly }: { courseId: string; readOnly: boolean }) {
  const t = useT();
  const { data, error } = useQuery(RECORDING_SETTINGS, { variables: { courseId } });
  const [changeConsent, consent] = useMutation(CHANGE_RECORDING_CONSENT, { context: { quiet: true } });
  const [changeRetention, retention] = useMutation(CHANGE_RETENTION, { context: { quiet: true } });
  const settings = data?.privacySettings;
  const course = data?.course;
  const [days, setDays] = useState('');
  const savedDays = course ? (course.recordingRetentionDays ?? settings?.retentionDays ?? null) : null;
  useEffect(() => {
    if (savedDays !== null) setDays(String(savedDays));
  }, [savedDays]);
  if (!course || !settings) return <FormAlert message={error ? errorMessage(error) : null} />;
  const age = settings.recordingAgeThreshold;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="recording-settings">
      <Typography id="recording-settings" variant="subtitle1" component="h2">
        {t('instructor.course.recording.title')}
      </Typography>
      {/* A threshold of 0: nobody is under age, so there is nothing to allow. */}
      {age > 0 && (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={course.allowRecordingUnderAge}
                disabled={readOnly || consent.loading}
                onChange={(_e, allowRecordingUnderAge) =>
                  void changeConsent({ variables: { input: { courseId, allowRecordingUnderAge } } }).catch(() => undefined)
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
          <FormAlert message={consent.error ? errorMessage(consent.error) : null} />
        </>
      )}
      <Stack
        component="form"
        direction="row"
        spacing={2}
        sx={{ mt: 2, alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
        onSubmit={(e) => {
          e.preventDefault();
          void changeRetention({ variables: { input: { courseId, retentionDays: Number(days) } } })
            .then(() => notifySuccess(t('instructor.course.recording.retentionSaved')))
            .catch(() => undefined);
        }}
      >
        <TextField
          label={t('instructor.course.recording.retentionDays')}
          helperText={t('instructor.course.recording.retentionHelp', { days: settings.retentionDays, max: settings.maxRetentionDays })}
          type="number"
          size="small"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          slotProps={{ htmlInput: { min: 0, max: settings.maxRetentionDays, step: 1 } }}
          disabled={readOnly}
          required
        />
        <Button type="submit" variant="outlined" disabled={readOnly || retention.loading}>
          {t('instructor.course.recording.saveRetention')}
        </Button>
      </Stack>
      <FormAlert message={retention.error ? errorMessage(retention.error) : null} />
    </Paper>
  );
}
