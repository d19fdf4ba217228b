/**
 * /instructor/templates/:id/courses/provision: courses for others from the template. The name and
 * dates are common, each row an email address with an optional name of its own; up to 15 rows
 * ('You can only create up to 15 courses at a time.'); the last row is reset rather than removed.
 * Blocked by the past-due dialog while any of the instructor's topics is past its due date.
 */
import { useMutation, useQuery } from '@apollo/client';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { addMonths } from '../../../../contracts/calendarDate';
import { CourseMessages } from '../../../../contracts/validation/enrollment';
import { InstructorMessages, PROVISION_MAX, provisionErrors } from '../../../../contracts/validation/instructor';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import { userToday } from '../../lib/time';
import { PAST_DUE } from '../courses/operations';
import { PROVISION, TEMPLATE } from './operations';
import { useT } from '../../i18n/useT';
import { localizeKnown } from '../../i18n/translate';

const emptyRow = () => ({ key: Math.random().toString(36).slice(2), emailAddress: '', name: '' });

export default function ProvisionPage() {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const today = userToday();
  const template = useQuery(TEMPLATE, { variables: { templateId: id } });
  const pastDue = useQuery(PAST_DUE, { fetchPolicy: 'network-only' });
  const [common, setCommon] = useState({ name: '', startDate: today, endDate: addMonths(today, 3) });
  const [rows, setRows] = useState([emptyRow()]);
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [provision, { loading, error }] = useMutation(PROVISION, { context: { quiet: true } });
  if ((template.loading && !template.data) || (pastDue.loading && !pastDue.data))
    return <Loading label={t('instructor.templates.loadingOne')} />;
  const chosen = template.data?.template;
  if (!chosen) {
    return (
      <Page title={t('instructor.templates.provision')}>
        <Alert severity="warning">{t('instructor.templates.notFound')}</Alert>
      </Page>
    );
  }
  const overdue = (pastDue.data?.me?.current ?? []).some((c) => c.lessonAssignments?.some((l) => l.dueOn && l.dueOn < today));
  const fields: Record<string, string> = provisionErrors(rows);
  if (!common.startDate) fields.startDate = localizeKnown(CourseMessages.startDateRequired);
  else if (common.startDate < today) fields.startDate = localizeKnown(CourseMessages.endInPast);
  if (!common.endDate) fields.endDate = localizeKnown(CourseMessages.endDateRequired);
  else if (common.endDate < today) fields.endDate = localizeKnown(CourseMessages.endInPast);
  else if (common.endDate < common.startDate) fields.endDate = localizeKnown(CourseMessages.endBeforeStart);
  const problem = (key: string) => (submitted ? localizeKnown(fields[key] ?? serverFields[key]) : undefined);
  const setRow = (key: string, field: 'emailAddress' | 'name', value: string) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(fields).length) return;
    try {
      await provision({
        variables: {
          input: {
            templateId: id,
            // Empty values are dropped per row: a row's own name, else the common one, else the template's.
            attributes: rows.map((r) => ({
              emailAddress: r.emailAddress.trim(),
              name: r.name.trim() || common.name.trim() || null,
              startDate: common.startDate,
              endDate: common.endDate,
            })),
          },
        },
      });
      notifySuccess(t('instructor.templates.provisioned'));
      navigate(`/instructor/templates/${id}`);
    } catch (err) {
      setServerFields((apiErrorsOf(err)[0]?.extensions?.fields as Record<string, string>) ?? {});
    }
  }

  return (
    <Page title={t('instructor.templates.provision')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('instructor.templates.provisionIntro', { name: chosen.name })}
      </Typography>
      <Stack component="form" noValidate spacing={2} sx={{ maxWidth: 720 }} onSubmit={submit}>
        <TextField
          label={t('instructor.templates.courseName')}
          placeholder={chosen.name}
          value={common.name}
          onChange={(e) => setCommon((c) => ({ ...c, name: e.target.value }))}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="date"
            label={t('instructor.courseForm.starts')}
            value={common.startDate}
            onChange={(e) => setCommon((c) => ({ ...c, startDate: e.target.value }))}
            error={!!problem('startDate')}
            helperText={problem('startDate')}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          <TextField
            type="date"
            label={t('instructor.courseForm.ends')}
            value={common.endDate}
            onChange={(e) => setCommon((c) => ({ ...c, endDate: e.target.value }))}
            error={!!problem('endDate')}
            helperText={problem('endDate')}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </Stack>
        <Typography variant="h6" component="h2">
          {t('instructor.templates.instructors', { rows: String(rows.length), max: String(PROVISION_MAX) })}
        </Typography>
        {rows.map((r, i) => (
          <Stack key={r.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
            <TextField
              label={t('instructor.templates.email', { row: String(i + 1) })}
              type="email"
              value={r.emailAddress}
              onChange={(e) => setRow(r.key, 'emailAddress', e.target.value)}
              required
              error={!!problem(`attributes.${i}.emailAddress`)}
              helperText={problem(`attributes.${i}.emailAddress`)}
              slotProps={{ htmlInput: { maxLength: 255 } }}
              fullWidth
            />
            <TextField
              label={t('instructor.templates.rowName', { row: String(i + 1) })}
              value={r.name}
              onChange={(e) => setRow(r.key, 'name', e.target.value)}
              slotProps={{ htmlInput: { maxLength: 120 } }}
              fullWidth
            />
            <IconButton
              aria-label={t('instructor.templates.removeRow', { row: String(i + 1) })}
              onClick={() => setRows((rs) => (rs.length === 1 ? [emptyRow()] : rs.filter((x) => x.key !== r.key)))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        {submitted && fields.attributes && <Alert severity="error">{fields.attributes}</Alert>}
        <Button
          startIcon={<AddIcon />}
          onClick={() => setRows((rs) => (rs.length >= PROVISION_MAX ? rs : [...rs, emptyRow()]))}
          disabled={rows.length >= PROVISION_MAX}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('instructor.templates.addRow')}
        </Button>
        {rows.length >= PROVISION_MAX && (
          <Typography variant="body2" color="text.secondary">
            {localizeKnown(InstructorMessages.provisionTooMany)}
          </Typography>
        )}
        <FormAlert message={error ? errorMessage(error) : null} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={loading}>
            {t('instructor.templates.provisionAction')}
          </Button>
          <Button component={RouterLink} to={`/instructor/templates/${id}`}>
            {t('instructor.courseForm.cancel')}
          </Button>
        </Stack>
      </Stack>
      <Dialog open={overdue} aria-labelledby="past-due-title">
        <DialogTitle id="past-due-title">{t('instructor.templates.pastDueTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('instructor.templates.pastDueText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button component={RouterLink} to="/instructor/courses/grid" variant="contained">
            {t('instructor.templates.toCourses')}
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
